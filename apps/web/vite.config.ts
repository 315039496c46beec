import { readdir, readFile, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, isAbsolute, join, sep } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
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
 * the server (plugins/web.ts, `preCompressed`) sends them without compressing on each request.
 */
function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'parcelops-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = isAbsolute(config.build.outDir) ? config.build.outDir : join(config.root, config.build.outDir);
    },
    async closeBundle() {
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
  };
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
