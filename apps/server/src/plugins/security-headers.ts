/**
 * Security headers on every reply (the app, its assets, the API and downloads): a Content-Security-Policy
 * with no inline scripts, no framing, nosniff and a strict referrer policy. The session token lives in the
 * browser's storage, so what keeps foreign script out of the page is what keeps the token safe.
 * API replies carry personal data (names, addresses, phones, balances): no cache may keep them.
 */
import fastifyHelmet from '@fastify/helmet';
import Fastify, { type FastifyInstance } from 'fastify';
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
  // The app's service worker (/sw.js, which imports Workbox's runtime from the same origin). Nothing else
  // starts a worker: no blob: workers. No web manifest either, so manifest-src stays at default-src.
  workerSrc: ["'self'"],
  baseUri: ["'self'"],
  formAction: ["'self'"],
  frameAncestors: ["'none'"],
};

const HELMET_OPTIONS = {
  global: true,
  contentSecurityPolicy: { useDefaults: false, directives: CONTENT_SECURITY_POLICY },
  // Same-origin app on plain HTTP in development: HSTS belongs to the TLS proxy in front of a deployment.
  strictTransportSecurity: false,
  referrerPolicy: { policy: 'no-referrer' as const },
  crossOriginEmbedderPolicy: false,
  xFrameOptions: { action: 'deny' as const },
};

/**
 * The headers helmet sets with our options, worked out once: @fastify/helmet builds helmet's middleware anew,
 * parsing the policy, on every request, which was a tenth of what a small API call costs (issue 22). A probe
 * app with the plugin answers what it had set on the response before any route ran.
 */
async function helmetHeaders(): Promise<[string, string][]> {
  const probe = Fastify();
  await probe.register(fastifyHelmet, HELMET_OPTIONS);
  probe.get('/', (_request, reply) => reply.send(reply.raw.getHeaders()));
  const headers = (await probe.inject('/')).json() as Record<string, string>;
  await probe.close();
  return Object.entries(headers).map(([name, value]) => [name, String(value)]);
}

export const securityHeadersPlugin = fp(async (app: FastifyInstance) => {
  const headers = await helmetHeaders();
  // On the raw response, as helmet sets them: a reply that sets its own (the docs page's policy) wins.
  app.addHook('onRequest', (_request, reply, done) => {
    for (const [name, value] of headers) reply.raw.setHeader(name, value);
    done();
  });

  app.addHook('onSend', async (request, reply) => {
    if (!request.url.startsWith('/api/v1/')) return;
    // A route that decided its own caching (none today) keeps it; everything else is private and fresh.
    if (!reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
  });
});
