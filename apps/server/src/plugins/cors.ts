/**
 * Cross-origin calls (CORS_ORIGINS): off unless the deployment lists the web origins that may call the API
 * from a browser. The web app is served from the API's own origin and needs none of it; a list is for a
 * separately hosted front end or a partner's page.
 *
 * Credentials travel as a bearer token in the Authorization header, never as a cookie, so the browser needs
 * no Access-Control-Allow-Credentials: a page of a listed origin sends the header it holds the token for,
 * and a page of any other origin has no token to send.
 */
import fastifyCors from '@fastify/cors';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/** Headers a browser script may read besides the safelisted ones: a download's file name, the request id to
 * quote in a support request, and when to retry a 429 or 503. */
const EXPOSED_HEADERS = ['content-disposition', 'retry-after', 'x-request-id'];

export const corsPlugin = fp(async (app: FastifyInstance) => {
  const allowed = new Set(app.config.corsOrigins);
  // Without a list nothing is registered: no Access-Control-* header on any reply, and a preflight is an
  // OPTIONS to a route that does not exist (the contract's 404).
  if (allowed.size === 0) return;
  await app.register(fastifyCors, {
    // An origin outside the list is answered as if CORS did not exist (no header at all, a preflight falls
    // through to the 404), rather than with a preflight the browser then refuses.
    origin: (origin, callback) =>
      callback(null, origin !== undefined && allowed.has(origin) ? origin : false),
    methods: ['GET', 'HEAD', 'POST', 'PUT', 'DELETE'],
    allowedHeaders: ['authorization', 'content-type', 'x-request-id'],
    exposedHeaders: EXPOSED_HEADERS,
    credentials: false,
    // Browsers cap this (Chromium at 2 hours); ten minutes keeps a changed list effective soon.
    maxAge: 600,
    // The plugin's strict mode answers an OPTIONS without Access-Control-Request-Method with a text/plain 400,
    // outside the error contract; from a listed origin such a request gets the harmless preflight reply.
    strictPreflight: false,
  });
});
