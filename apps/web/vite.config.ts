import { readdir, readFile, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, isAbsolute, join, sep } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { pageChunks } from './build/page-chunks.ts';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Text (and the camera reader's WebAssembly) the browser downloads; source maps stay uncompressed beside the build, never served. */
const COMPRESSIBLE = /\.(?:js|mjs|css|html|svg|json|txt|woff|wasm)$/;
/** Below about a kilobyte the headers of a compressed answer cost more than they save. */
const MIN_BYTES = 1024;

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries
    .filter((entry) => entry.isFile() && !entry.parentPath.split(sep).includes('.vite'))
    .map((entry) => join(entry.parentPath, entry.name));
}

/**
 * Writes `.br` and `.gz` beside every text file of the build, once, at build time at the highest levels, so
 * the server (plugins/web.ts, `preCompressed`) sends them without compressing on each request. It runs last,
 * after the service worker is written (serviceWorker() below runs first), so sw.js and Workbox's runtime get
 * their twins too and no twin is of a file still being written.
 */
function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'parcelops-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = isAbsolute(config.build.outDir) ? config.build.outDir : join(config.root, config.build.outDir);
    },
    closeBundle: {
      order: 'post',
      sequential: true,
      async handler() {
        const files = (await filesUnder(outDir)).filter((file) => COMPRESSIBLE.test(file));
        await Promise.all(
          files.map(async (file) => {
            const content = await readFile(file);
            if (content.length < MIN_BYTES) return;
            const [br, gz] = await Promise.all([
              brotli(content, {
                params: {
                  [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
                  [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
                },
              }),
              gzipAsync(content, { level: 9 }),
            ]);
            await Promise.all([writeFile(`${file}.br`, br), writeFile(`${file}.gz`, gz)]);
          }),
        );
      },
    },
  };
}

/**
 * The service worker that lets a station load without the network after one visit (issue 32; docs/decisions.md
 * "Issue 32: the station's app shell offline"). Workbox's generateSW writes dist/sw.js and its runtime
 * (workbox-<hash>.js); src/pwa/ registers it in production builds only.
 * - Precached: the app shell, every script and style sheet of the build, index.html and the icons, so every
 *   page (the stations above all) renders offline. Left out: the failed-rows workbook (ExcelJS, about 0.9 MB,
 *   only for an import's download, which needs the server anyway), the camera reader's WebAssembly (about 1.1
 *   MB, only where the browser has no BarcodeDetector: kept on its first use instead, below), source maps, the
 *   bundle manifest and the compressed twins (answers for their plain path, not files of their own).
 * - Never cached: anything under /api (replies, downloads, the API docs). There is no runtime route for them
 *   at all, so they always go to the network and fail offline; a navigation to /api is never answered with
 *   the app's page.
 * - Updates: 'prompt', so a new version installs beside the running one and waits; src/pwa/ hands over on the
 *   operator's next page change, never in the middle of a scan.
 */
function serviceWorker(): Plugin[] {
  return VitePWA({
    strategies: 'generateSW',
    registerType: 'prompt',
    // src/pwa/register-service-worker.ts registers it (workbox-window), and only in production builds.
    injectRegister: false,
    // Nothing to install as an app yet: no web manifest, so no manifest-src to allow either.
    manifest: false,
    // Before precompress (order 'post'), so the worker's files get their .br/.gz and none is compressed half-written.
    integration: { closeBundleOrder: 'pre' },
    workbox: {
      globPatterns: ['**/*.{html,js,css,svg,png,ico,woff2}'],
      globIgnores: ['**/*.{br,gz,map}', '.vite/**', 'assets/failed-rows-workbook-*.js', 'assets/*.wasm'],
      // Vite's hashed file names already say the version; index.html and the icons are revisioned by content.
      dontCacheBustURLsMatching: /^assets\//,
      navigateFallback: 'index.html',
      // The API (its docs and downloads included) and the server's own probes are never the app's page.
      navigateFallbackDenylist: [/^\/api(?:\/|$)/, /^\/(?:healthz|readyz|metrics)$/],
      // The first visit's page is served by the worker as soon as it is ready, so it works offline at once.
      clientsClaim: true,
      skipWaiting: false,
      cleanupOutdatedCaches: true,
      // The worker is generated code with nothing of ours to debug; no map, no sourceMappingURL line.
      sourcemap: false,
      runtimeCaching: [
        {
          // The camera reader's WebAssembly, hashed: kept once used, the previous version dropped.
          urlPattern: ({ sameOrigin, url }) =>
            sameOrigin && url.pathname.startsWith('/assets/') && url.pathname.endsWith('.wasm'),
          handler: 'CacheFirst',
          options: {
            cacheName: 'parcelops-camera-reader',
            expiration: { maxEntries: 1 },
            cacheableResponse: { statuses: [200] },
          },
        },
      ],
    },
  });
}

/**
 * React Router's package resolves to its development build under every export condition; a build takes the
 * production one beside it (the same code without dev-only warnings, about 5 KB gzipped less).
 */
function reactRouterProduction(): Plugin {
  const packageDir = dirname(createRequire(import.meta.url).resolve('react-router/package.json'));
  return {
    name: 'parcelops-react-router-production',
    apply: 'build',
    config: () => ({
      resolve: {
        alias: [{ find: /^react-router$/, replacement: join(packageDir, 'dist/production/index.mjs') }],
      },
    }),
  };
}

export default defineConfig({
  plugins: [
    react(),
    reactRouterProduction(),
    pageChunks({
      closures: [
        // Texts loaded on demand (i18n/resources.ts, i18n/server-texts.ts), each whole in a chunk of its own
        // and first, so no page's chunk takes part of them and then carries it for everyone: the server's
        // catalogue, the index and tracking pages' English, the signed-in pages', the public pages' Vietnamese,
        // then all the Vietnamese.
        ['server-texts', /[\\/]src[\\/]i18n[\\/]server-texts-catalog\.ts$/],
        ['texts-en-public', /[\\/]src[\\/]i18n[\\/]resources-en-public\.ts$/],
        ['texts-en', /[\\/]src[\\/]i18n[\\/]resources-en\.ts$/],
        ['texts-vi-public', /[\\/]src[\\/]i18n[\\/]resources-vi-public\.ts$/],
        ['texts-vi', /[\\/]src[\\/]i18n[\\/]resources-vi\.ts$/],
        ['sign-in', /[\\/]src[\\/]features[\\/]auth[\\/]LoginPage\.tsx$/],
        ['toasts', /[\\/]src[\\/]app[\\/]Toasts\.tsx$/],
        // The other public pages, so the tracking page's visitors never load the signed-in pages' chunks;
        // apart, so a page that uses what the tracking page does (Mantine's popovers) is spared the forms'
        // libraries the password form brings.
        [
          'tracking',
          /[\\/]src[\\/]features[\\/](tracking[\\/]pages[\\/]TrackingPage|home[\\/]IndexPage)\.tsx$/,
        ],
        ['create-password', /[\\/]src[\\/]features[\\/]auth[\\/]CreatePasswordPage\.tsx$/],
      ],
      routeData: /[\\/]src[\\/]app[\\/]routes[\\/]route-data\.ts$/,
    }),
    serviceWorker(),
    precompress(),
  ],
  server: {
    port: 5173,
    proxy: { '/api': { target: 'http://localhost:3000', changeOrigin: false } },
  },
  build: {
    // BUILD_OUT_DIR: a build elsewhere (the web bench's), leaving the one `npm start` serves alone.
    outDir: process.env.BUILD_OUT_DIR ?? 'dist',
    emptyOutDir: true,
    // Source maps are written for debugging a build but never linked from the bundle, and the server never
    // serves them (plugins/web.ts): the readable source is not public.
    sourcemap: 'hidden',
    // dist/.vite/manifest.json says which chunks each page loads: the bundle bench reads it. Dot folders are
    // never served.
    manifest: true,
    chunkSizeWarningLimit: 1500,
  },
});
