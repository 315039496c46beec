/**
 * Issue 11, item 12: the built app's precompressed files (.br, .gz written by the web build) are what the
 * server sends to a browser that accepts them, with the same caching as the plain file.
 * Issue 32, part 5: the service worker's scripts are revalidated on every update check and never answered with
 * the app's page.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

const SCRIPT = `console.log(${JSON.stringify('parcel '.repeat(400))});`;
const PAGE = `<!doctype html><title>ParcelOps</title><body>${'<p>app</p>'.repeat(200)}</body>`;
/** What Workbox's generateSW writes at the build's root: the worker and its runtime, hashed by content. */
const WORKER = `define(['./workbox-5e0c7a21'], function (w) { w.precacheAndRoute(${JSON.stringify('x'.repeat(2000))}); });`;
const WORKBOX = `define(['exports'], function (e) { ${'/* runtime */ '.repeat(200)} });`;

let t: TestApp;
let dist: string;

beforeAll(async () => {
  dist = mkdtempSync(path.join(tmpdir(), 'parcelops-web-'));
  mkdirSync(path.join(dist, 'assets'));
  const files: [string, string][] = [
    ['index.html', PAGE],
    ['assets/index-3f9a1c.js', SCRIPT],
    ['sw.js', WORKER],
    ['workbox-5e0c7a21.js', WORKBOX],
  ];
  for (const [name, content] of files) {
    writeFileSync(path.join(dist, name), content);
    writeFileSync(path.join(dist, `${name}.br`), brotliCompressSync(content));
    writeFileSync(path.join(dist, `${name}.gz`), gzipSync(content));
  }
  t = await createTestApp({ webDistDir: dist });
});
afterAll(async () => {
  await t.close();
  rmSync(dist, { recursive: true, force: true });
});

const get = (url: string, acceptEncoding?: string) =>
  t.app.inject({ method: 'GET', url, headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {} });

describe('precompressed web files', () => {
  it('sends brotli to a browser that accepts it, keeping the type and the long cache', async () => {
    const response = await get('/assets/index-3f9a1c.js', 'gzip, deflate, br');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['content-type']).toMatch(/javascript/);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(response.headers.vary).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(response.rawPayload).toString()).toBe(SCRIPT);
  });

  it('sends gzip when brotli is not accepted', async () => {
    const response = await get('/assets/index-3f9a1c.js', 'gzip');
    expect(response.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(response.rawPayload).toString()).toBe(SCRIPT);
  });

  it('sends the plain file to a client that accepts no encoding', async () => {
    const response = await get('/assets/index-3f9a1c.js');
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.body).toBe(SCRIPT);
  });

  it('compresses the app page too, which is never cached', async () => {
    for (const url of ['/', '/internal/orders']) {
      const response = await get(url, 'br');
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-encoding'], url).toBe('br');
      expect(response.headers['content-type'], url).toMatch(/text\/html/);
      expect(response.headers['cache-control'], url).toBe('no-cache');
      expect(brotliDecompressSync(response.rawPayload).toString(), url).toBe(PAGE);
    }
  });

  it('does not serve the compressed twins at addresses of their own', async () => {
    for (const url of ['/assets/index-3f9a1c.js.br', '/assets/index-3f9a1c.js.gz']) {
      expect((await get(url)).statusCode, url).toBe(404);
    }
  });
});

describe('the service worker', () => {
  it('is served as a script that every update check revalidates, compressed when the browser accepts it', async () => {
    for (const [url, content] of [
      ['/sw.js', WORKER],
      ['/workbox-5e0c7a21.js', WORKBOX],
    ] as const) {
      const plain = await get(url);
      expect(plain.statusCode, url).toBe(200);
      expect(plain.headers['content-type'], url).toMatch(/^(?:text|application)\/javascript/);
      expect(plain.headers['cache-control'], url).toBe('no-cache');
      expect(plain.body, url).toBe(content);

      const brotli = await get(url, 'gzip, deflate, br');
      expect(brotli.headers['content-encoding'], url).toBe('br');
      expect(brotli.headers['content-type'], url).toMatch(/javascript/);
      expect(brotli.headers['cache-control'], url).toBe('no-cache');
      expect(brotliDecompressSync(brotli.rawPayload).toString(), url).toBe(content);
    }
  });

  it("precaches the app's page by its own address, never cached by the HTTP cache", async () => {
    const response = await get('/index.html?__WB_REVISION__=c6b30914a265985d', 'br');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/text\/html/);
    expect(response.headers['cache-control']).toBe('no-cache');
  });

  it("answers a missing script of the build 404, never with the app's page", async () => {
    // An old worker's runtime after a deploy, a worker's source map, a build without a worker.
    for (const url of ['/workbox-00000000.js', '/sw.js.map', '/registerSW.js', '/manifest.webmanifest']) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(404);
      expect(response.headers['content-type'], url).toMatch(/application\/json/);
      expect(response.body, url).not.toContain('<!doctype html>');
    }
  });

  it("still answers the app's pages, the stations included, with index.html", async () => {
    for (const url of ['/internal/create-ams', '/internal/scan_orders', '/labels/ord_1']) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-type'], url).toMatch(/text\/html/);
    }
  });
});
