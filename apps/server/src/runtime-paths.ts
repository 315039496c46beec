/**
 * Where the server's own files are, the same whether it runs from its TypeScript sources (tsx, Vitest) or
 * compiled into dist/ by scripts/build.mjs, where every module's import.meta is its bundle's (dist/main.js).
 * This file (src/runtime-paths.ts) and the bundles (dist/*.js) are both one folder below apps/server, so one
 * `..` from here is the server's root either way: paths built from SERVER_ROOT survive the move to a bundle,
 * paths relative to another module's import.meta would not. Keep this file directly in src/.
 */
import path from 'node:path';

/** True in dist/ (plain JavaScript run by node), false from the .ts sources. */
export const COMPILED = import.meta.url.endsWith('.js');

/** apps/server: drizzle/ (the migrations), dist/, and ../web/dist (the built web app) are found from it. */
export const SERVER_ROOT = path.resolve(import.meta.dirname, '..');
