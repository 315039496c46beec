/**
 * Issue 9, defects 5 and 10: security headers on the app, its assets, the API and downloads; API replies are
 * never cached; source maps are not served.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
let dist: string;
let admin: string;

beforeAll(async () => {
  dist = mkdtempSync(path.join(tmpdir(), 'parcelops-headers-'));
  writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>ParcelOps</title>');
  mkdirSync(path.join(dist, 'assets'));
  writeFileSync(path.join(dist, 'assets', 'index-3f9a1c.js'), 'console.log(1);');
  writeFileSync(path.join(dist, 'assets', 'index-3f9a1c.js.map'), '{"sources":["secret.tsx"]}');
  writeFileSync(path.join(dist, 'sw.js'), "importScripts('workbox-5e0c7a21.js');");
  t = await createTestApp({ webDistDir: dist });
  admin = await t.adminToken();
});
afterAll(async () => {
  await t.close();
  rmSync(dist, { recursive: true, force: true });
});

const get = (url: string, token?: string) =>
  t.app.inject({ method: 'GET', url, headers: token ? { authorization: `Bearer ${token}` } : {} });

function expectSecurityHeaders(response: LightMyRequestResponse, url: string) {
  const csp = String(response.headers['content-security-policy'] ?? '');
  expect(csp, url).toContain("frame-ancestors 'none'");
  expect(csp, url).not.toMatch(/script-src[^;]*'unsafe-inline'/);
  expect(csp, url).not.toMatch(/script-src[^;]*'unsafe-eval'/);
  expect(response.headers['x-content-type-options'], url).toBe('nosniff');
  expect(response.headers['referrer-policy'], url).toBe('no-referrer');
  expect(response.headers['x-frame-options'], url).toBe('DENY');
}

describe('security headers', () => {
  it('are on the app page, its assets, the API, downloads, errors and the docs page', async () => {
    const cases: [string, string | undefined][] = [
      ['/', undefined],
      ['/internal/orders', undefined],
      ['/assets/index-3f9a1c.js', undefined],
      ['/sw.js', undefined],
      ['/api/v1/settings/public', undefined],
      ['/api/v1/users', admin],
      ['/api/v1/item_declarations/template', admin],
      ['/api/v1/accounts', undefined],
      ['/api/v1/nothing-here', undefined],
      ['/api/docs', undefined],
    ];
    for (const [url, token] of cases) {
      const response = await get(url, token);
      expect(response.statusCode, url).toBeLessThan(500);
      expectSecurityHeaders(response, url);
    }
  });

  it('the app page loads its scripts only from its own origin', async () => {
    const csp = String((await get('/')).headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("object-src 'self' blob:");
  });

  it('lets the app start its service worker from its own origin, and no other worker', async () => {
    for (const url of ['/', '/sw.js']) {
      const directives = String((await get(url)).headers['content-security-policy'])
        .split(';')
        .map((directive) => directive.trim());
      expect(directives, url).toContain("worker-src 'self'");
      // The worker fetches the app's files and imports Workbox's runtime from the same origin only.
      expect(directives, url).toContain("connect-src 'self'");
      expect(directives, url).toContain("script-src 'self' 'wasm-unsafe-eval'");
      // No web manifest, so no manifest-src beyond default-src.
      expect(
        directives.some((directive) => directive.startsWith('manifest-src')),
        url,
      ).toBe(false);
    }
  });
});

describe('caching', () => {
  it('API replies, downloads and API errors are never stored', async () => {
    for (const [url, token] of [
      ['/api/v1/users', admin],
      ['/api/v1/accounts', admin],
      ['/api/v1/item_declarations/template', admin],
      ['/api/v1/accounts', undefined],
    ] as const) {
      const response = await get(url, token);
      expect(response.headers['cache-control'], url).toBe('no-store');
    }
  });

  it('hashed assets keep their long cache', async () => {
    const response = await get('/assets/index-3f9a1c.js');
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });
});

describe('source maps', () => {
  it('are not served', async () => {
    const response = await get('/assets/index-3f9a1c.js.map');
    expect(response.statusCode).toBe(404);
    expect(response.body).not.toContain('secret.tsx');
  });
});
