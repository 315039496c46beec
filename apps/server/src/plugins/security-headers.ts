/**
 * Security headers on every reply (the app, its assets, the API and downloads): a Content-Security-Policy
 * with no inline scripts, no framing, nosniff and a strict referrer policy. The session token lives in the
 * browser's storage, so what keeps foreign script out of the page is what keeps the token safe.
 * API replies carry personal data (names, addresses, phones, balances): no cache may keep them.
 */
import fastifyHelmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * The SPA loads only its own hashed scripts. Mantine sets style attributes and injects <style> elements at
 * run time, hence 'unsafe-inline' for styles (styles cannot run code). Labels are PDFs shown from blob: URLs
 * in a frame on the print page; images may be data: or blob: URLs (logos, previews).
 */
export const CONTENT_SECURITY_POLICY = {
  defaultSrc: ["'self'"],
  // WebAssembly compiles under 'wasm-unsafe-eval' only: the camera scanner's Code 128 reader (zxing-wasm, served
  // from our own origin) needs it where the browser has no BarcodeDetector. It allows no JavaScript eval.
  scriptSrc: ["'self'", "'wasm-unsafe-eval'"],
  styleSrc: ["'self'", "'unsafe-inline'"],
  imgSrc: ["'self'", 'data:', 'blob:'],
  fontSrc: ["'self'", 'data:'],
  connectSrc: ["'self'"],
  frameSrc: ["'self'", 'blob:'],
  objectSrc: ["'self'", 'blob:'],
  workerSrc: ["'self'", 'blob:'],
  baseUri: ["'self'"],
  formAction: ["'self'"],
  frameAncestors: ["'none'"],
};

export const securityHeadersPlugin = fp(async (app: FastifyInstance) => {
  await app.register(fastifyHelmet, {
    global: true,
    contentSecurityPolicy: { useDefaults: false, directives: CONTENT_SECURITY_POLICY },
    // Same-origin app on plain HTTP in development: HSTS belongs to the TLS proxy in front of a deployment.
    strictTransportSecurity: false,
    referrerPolicy: { policy: 'no-referrer' },
    crossOriginEmbedderPolicy: false,
    xFrameOptions: { action: 'deny' },
  });

  app.addHook('onSend', async (request, reply) => {
    if (!request.url.startsWith('/api/v1/')) return;
    // A route that decided its own caching (none today) keeps it; everything else is private and fresh.
    if (!reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
  });
});
