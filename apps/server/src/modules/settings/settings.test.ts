import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ADMIN_PASSWORD,
  ADMIN_USERNAME,
  createTestApp,
  expectFieldError,
  openTestApp,
  type TestApp,
  testConfig,
} from '../../../test/test-app.ts';
import { openTestDatabase } from '../../../test/test-database.ts';
import { buildApp } from '../../app.ts';
import { access } from '../../plugins/access.ts';

const { t } = await openTestApp();

describe('GET /settings/public', () => {
  it('tells anyone the company name', async () => {
    const response = await t.call('GET', '/settings/public');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ company_name: 'ParcelOps' });
  });
});

describe('GET /health', () => {
  it('answers ok without signing in once the database answers', async () => {
    const response = await t.call('GET', '/health');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok' });
  });
});

describe('GET /api/v1/openapi.json', () => {
  it('describes every API route, without signing in', async () => {
    const response = await t.call('GET', '/openapi.json');
    expect(response.statusCode).toBe(200);
    const document = response.json();
    expect(document.openapi).toBe('3.1.0');
    const operations = Object.entries(document.paths as Record<string, Record<string, unknown>>).flatMap(
      ([route, methods]) => Object.keys(methods).map((method) => `${method.toUpperCase()} ${route}`),
    );
    expect(operations).toEqual(
      expect.arrayContaining([
        'POST /api/v1/login',
        'GET /api/v1/me',
        'PUT /api/v1/users/{id}/password',
        'GET /api/v1/users',
        'DELETE /api/v1/users/{id}',
        'GET /api/v1/accounts',
        'PUT /api/v1/accounts/{id}',
        'POST /api/v1/keys',
        'DELETE /api/v1/keys/{id}',
        'GET /api/v1/vendors/{id}',
        'GET /api/v1/settings/public',
        'GET /api/v1/health',
      ]),
    );
    expect(document.components.securitySchemes.bearer).toMatchObject({ type: 'http', scheme: 'bearer' });
  });
});

describe('the error contract', () => {
  it('answers an unknown /api path with a JSON 404', async () => {
    for (const [method, url] of [
      ['GET', '/api/v1/no-such-thing'],
      ['POST', '/api/v1/accounts/x/y'],
      ['GET', '/api'],
    ] as const) {
      const response = await t.app.inject({ method, url });
      expect(response.statusCode).toBe(404);
      expect(response.headers['content-type']).toMatch(/^application\/json/);
      expect(response.json()).toEqual({
        msg: `No route ${method} ${url}`,
        code: 'NOT_FOUND',
        key: 'requests.noRoute',
        params: { method, path: url },
      });
    }
  });

  it('answers malformed JSON with 400 and a msg', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"username": "admin", "password": ',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      msg: 'The request body is not valid JSON.',
      code: 'VALIDATION_FAILED',
      key: 'common.invalidJson',
    });
  });

  it('answers a body over 1 MB with 413', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/login',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ username: ADMIN_USERNAME, password: 'x'.repeat(1024 * 1024 + 1) }),
    });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({
      msg: 'The request is too large.',
      code: 'PAYLOAD_TOO_LARGE',
      key: 'common.requestTooLarge',
    });
  });

  it('answers an unsupported content type with 415, msg and code', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/login',
      headers: { 'content-type': 'application/xml' },
      payload: `<login><username>${ADMIN_USERNAME}</username><password>${ADMIN_PASSWORD}</password></login>`,
    });
    expect(response.statusCode).toBe(415);
    expect(response.json()).toEqual({
      msg: 'Send the body as application/json (uploads as multipart/form-data).',
      code: 'VALIDATION_FAILED',
      key: 'common.wrongMediaType',
    });
  });

  it('answers a validation failure with field details', async () => {
    const response = await t.call('POST', '/login', { body: { username: ADMIN_USERNAME, password: '' } });
    expectFieldError(response, 'password', 'Password is required');
  });

  it('tags every reply with a request id, keeping a well-formed one the caller sent', async () => {
    const given = await t.app.inject({
      method: 'GET',
      url: '/api/v1/health',
      headers: { 'x-request-id': 'trace-42.a_b' },
    });
    expect(given.headers['x-request-id']).toBe('trace-42.a_b');
    const invented = await t.app.inject({
      method: 'GET',
      url: '/api/v1/health',
      headers: { 'x-request-id': 'bad id <script>' },
    });
    expect(invented.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    const missing = await t.app.inject({ method: 'GET', url: '/api/v1/no-such-thing' });
    expect(missing.headers['x-request-id']).toEqual(expect.any(String));
  });
});

describe('an unexpected error', () => {
  it('answers 500 with a plain message and no internals', async () => {
    const database = await openTestDatabase();
    const app = await buildApp({ config: testConfig(), db: database.db, logger: false });
    app.get('/api/v1/test-explodes', { config: { access: access.public } }, async () => {
      throw new Error('relation "secret_table" does not exist at postgres://user:hunter2@db/prod');
    });
    await app.ready();
    try {
      const response = await app.inject({ method: 'GET', url: '/api/v1/test-explodes' });
      expect(response.statusCode).toBe(500);
      expect(response.json()).toEqual({
        msg: 'Something went wrong on our side. Please try again.',
        code: 'INTERNAL',
        key: 'common.internal',
      });
      expect(response.body).not.toMatch(/secret_table|hunter2|stack|\.ts:/);
    } finally {
      await app.close();
      await database.close();
    }
  });
});

describe('the web app', () => {
  let web: TestApp;
  let dist: string;
  beforeAll(async () => {
    dist = mkdtempSync(path.join(tmpdir(), 'parcelops-web-'));
    writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>ParcelOps</title>');
    mkdirSync(path.join(dist, 'assets'));
    writeFileSync(path.join(dist, 'assets', 'index-3f9a1c.js'), 'console.log(1);');
    web = await createTestApp({ webDistDir: dist });
  });
  afterAll(async () => {
    await web.close();
    rmSync(dist, { recursive: true, force: true });
  });

  it('serves index.html for any page path', async () => {
    for (const url of ['/', '/internal/accounts', '/tracking?filter=x']) {
      const response = await web.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-type']).toMatch(/^text\/html/);
      expect(response.body).toContain('<title>ParcelOps</title>');
    }
  });

  it('marks index.html no-cache, so a new build is picked up at once', async () => {
    for (const url of ['/', '/index.html', '/internal/accounts']) {
      const response = await web.app.inject({ method: 'GET', url });
      expect(response.headers['cache-control'], url).toBe('no-cache');
    }
  });

  it('lets browsers keep hashed assets for a year', async () => {
    const response = await web.app.inject({ method: 'GET', url: '/assets/index-3f9a1c.js' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('still answers unknown /api paths and non-GET requests with JSON 404', async () => {
    for (const [method, url] of [
      ['GET', '/api/v1/unknown'],
      ['POST', '/internal/accounts'],
    ] as const) {
      const response = await web.app.inject({ method, url });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({
        msg: `No route ${method} ${url}`,
        code: 'NOT_FOUND',
        key: 'requests.noRoute',
        params: { method, path: url },
      });
    }
  });
});
