/**
 * Serves the built web app on the same port as the API: files from apps/web/dist, the SPA's index.html for
 * every other path, and a JSON 404 for unknown /api paths (so API clients never receive HTML).
 * The build's service worker (`/sw.js` and Workbox's `/workbox-<hash>.js`, apps/web/vite.config.ts) is served
 * like index.html, `no-cache`, so the browser's update check sees a new deploy at once; a missing one is a 404,
 * never the app's page (a worker script answered with HTML fails its update in confusing ways).
 */
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { noRouteBody } from './errors.ts';

/** Files of the build the browser runs or parses as such: a missing one is a 404, never index.html. */
const BUILD_FILE = /\.(?:js|mjs|css|map|wasm|br|gz|webmanifest)$/;

export const webPlugin = fp(async (app: FastifyInstance) => {
  const root = app.config.webDistDir;
  if (root) {
    // Hashed assets never change; index.html and the service worker's scripts must always be revalidated, so a
    // new build is picked up.
    await app.register(fastifyStatic, {
      root,
      wildcard: false,
      index: false,
      // The build writes .br and .gz beside each text file (apps/web/vite.config.ts): the smallest encoding
      // the browser accepts is sent as is, never compressed again per request.
      preCompressed: true,
      // Source maps stay on the server's disk for debugging; the readable source is not public. The
      // compressed twins are answers for their plain path, not addresses of their own. (allowedPath sees the
      // requested path, before the plugin picks an encoding.)
      allowedPath: (pathName) => !/\.(?:map|br|gz)$/.test(pathName),
      // Our own headers below; the plugin's default would overwrite them.
      cacheControl: false,
      setHeaders: (res, filePath) => {
        // The same address answers in brotli, gzip or plain: caches must keep them apart.
        res.setHeader('vary', 'accept-encoding');
        res.setHeader(
          'cache-control',
          filePath.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
      },
    });
  }

  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '';
    if (
      path === '/api' ||
      path.startsWith('/api/') ||
      // A missing or withheld asset (source maps) is a 404, not the app's page; so is any script of the build
      // (sw.js when a build has none).
      path.startsWith('/assets/') ||
      BUILD_FILE.test(path) ||
      !root ||
      (request.method !== 'GET' && request.method !== 'HEAD')
    ) {
      return reply.status(404).send(noRouteBody(request.method, path));
    }
    return reply.header('cache-control', 'no-cache').sendFile('index.html');
  });
});
