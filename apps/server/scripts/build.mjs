/**
 * `npm run build -w apps/server`: compiles the server and @parcelops/shared into dist/ with esbuild, so that
 * `npm start` and `npm run worker` run plain JavaScript on node (no TypeScript compiled at every start, no
 * tsx loader in the process). One bundle per entry: the API (main), the job worker process (worker) and the
 * upload parser's worker thread (sheet-worker, which lib/excel/parse-pool.ts starts from next to the bundle
 * it runs in). npm packages stay imports resolved from node_modules at run time (their own files, such as
 * PGlite's wasm, the fonts and the ZIP code data, are found where npm put them); @parcelops/shared, published
 * as TypeScript source, is compiled in. Source maps let `node --enable-source-maps` print .ts lines.
 * Type checking is not done here: `npm run typecheck` does it.
 */
import { mkdirSync, readdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import * as esbuild from 'esbuild';

const SERVER_ROOT = path.resolve(import.meta.dirname, '..');
const OUT_DIR = path.join(SERVER_ROOT, 'dist');

/**
 * What `packages: 'external'` does, but for @parcelops/shared (TypeScript source, which node cannot load) and
 * JSON files (the shared sources import i18n-iso-countries' locale files, which node would only import with
 * an import attribute): those are compiled in.
 */
const externalPackages = {
  name: 'external-packages',
  setup(build) {
    build.onResolve({ filter: /^[^./]/ }, (args) => {
      if (args.path.startsWith('@parcelops/shared')) return undefined;
      if (args.path.endsWith('.json')) return undefined;
      return { path: args.path, external: true };
    });
  },
};

const result = await esbuild.build({
  absWorkingDir: SERVER_ROOT,
  entryPoints: {
    main: 'src/main.ts',
    worker: 'src/worker.ts',
    'sheet-worker': 'src/lib/excel/sheet-worker.ts',
  },
  outdir: OUT_DIR,
  bundle: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  sourcemap: true,
  plugins: [externalPackages],
  logLevel: 'warning',
  write: false,
});

// Each file written beside its place and renamed into it: a server starting while another `npm start` builds
// (two end-to-end runs on two ports) reads a whole file, never one being written.
mkdirSync(OUT_DIR, { recursive: true });
const written = new Set();
for (const file of result.outputFiles) {
  const partial = `${file.path}.${process.pid}.partial`;
  writeFileSync(partial, file.contents);
  renameSync(partial, file.path);
  written.add(path.basename(file.path));
}
// What an earlier build wrote and this one no longer does.
for (const name of readdirSync(OUT_DIR)) {
  if (!written.has(name) && !name.endsWith('.partial')) rmSync(path.join(OUT_DIR, name), { recursive: true });
}
const sizes = result.outputFiles
  .filter((file) => file.path.endsWith('.js'))
  .map((file) => `${path.basename(file.path)} ${(file.contents.byteLength / 1024).toFixed(0)} KB`);
console.log(`Server built into ${path.relative(process.cwd(), OUT_DIR) || '.'}: ${sizes.join(', ')}`);
