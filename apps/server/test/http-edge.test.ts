/**
 * Issue 22, items 6 and 7: what every reply goes through on its way out. CORS only for the origins
 * CORS_ORIGINS lists; replies over 1 KB compressed for a client that accepts it (never a workbook, a PDF or an
 * event stream); one log line per request with its id, route pattern, caller and status, nothing personal,
 * at warn level when slower than SLOW_REQUEST_MS.
 */
import { Readable, Writable } from 'node:stream';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import Fastify from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/config.ts';
import { XLSX_TYPE } from '../src/lib/downloads.ts';
import { compressionPlugin } from '../src/plugins/compression.ts';
import { ADMIN_PASSWORD, ADMIN_USERNAME, createTestApp, type TestApp } from './test-app.ts';

const ALLOWED = 'https://app.example.com';
const OTHER = 'https://evil.example.net';

interface LogLine {
  level: number;
  msg: string;
  reqId?: string;
  [field: string]: unknown;
}

function logCapture() {
  const lines: LogLine[] = [];
  const raw: string[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      raw.push(String(chunk));
      lines.push(JSON.parse(String(chunk)));
      done();
    },
  });
  return { lines, raw, stream };
}

async function openApp(overrides: Parameters<typeof createTestApp>[0], stream: Writable): Promise<TestApp> {
  const t = await createTestApp({ logLevel: 'info', ...overrides }, { stream });
  afterAll(() => t.close());
  return t;
}

// The deployment as shipped: no CORS_ORIGINS; and no request counts as slow, whatever the machine's load.
const plainLog = logCapture();
const plain = await openApp({ slowRequestMs: 3_600_000 }, plainLog.stream);
// A separately hosted front end is allowed; every request counts as slow (0 ms), to see the warning.
const corsLog = logCapture();
const withCors = await openApp({ corsOrigins: [ALLOWED], slowRequestMs: 0 }, corsLog.stream);

const admin = await plain.login(ADMIN_USERNAME, ADMIN_PASSWORD);

const accessControlHeaders = (headers: Record<string, unknown>) =>
  Object.keys(headers).filter((name) => name.startsWith('access-control-'));

describe('settings', () => {
  const env = (extra: Record<string, string>) => ({
    JWT_SECRET: 'x'.repeat(32),
    APP_SECRET: 'y'.repeat(32),
    DATA_DIR: '/nonexistent-test-data-dir',
    ...extra,
  });
  const problemOf = (extra: Record<string, string>) => {
    try {
      loadConfig(env(extra));
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      return (error as Error).message;
    }
    throw new Error(`accepted ${JSON.stringify(extra)}`);
  };

  it('CORS_ORIGINS: none by default; a list of exact origins', () => {
    expect(loadConfig(env({})).corsOrigins).toEqual([]);
    expect(loadConfig(env({ CORS_ORIGINS: ' ' })).corsOrigins).toEqual([]);
    expect(
      loadConfig(
        env({ CORS_ORIGINS: 'https://app.example.com, http://localhost:5173,https://app.example.com' }),
      ).corsOrigins,
    ).toEqual(['https://app.example.com', 'http://localhost:5173']);
  });

  it.each([
    '*',
    'app.example.com',
    'https://app.example.com/',
    'https://app.example.com/app',
    'https://APP.example.com',
    'https://app.example.com:443',
    'ftp://app.example.com',
    'null',
    ',',
  ])('CORS_ORIGINS=%s stops the start, naming the setting', (value) => {
    expect(problemOf({ CORS_ORIGINS: value })).toMatch(
      /^Invalid setting CORS_ORIGINS: must be a comma-separated/,
    );
  });

  it('SLOW_REQUEST_MS: 1000 by default, a whole number of milliseconds', () => {
    expect(loadConfig(env({})).slowRequestMs).toBe(1000);
    expect(loadConfig(env({ SLOW_REQUEST_MS: '250' })).slowRequestMs).toBe(250);
    for (const value of ['0', '-5', '1.5', 'soon'])
      expect(problemOf({ SLOW_REQUEST_MS: value })).toMatch(
        /^Invalid setting SLOW_REQUEST_MS: must be a whole/,
      );
  });
});

describe('CORS', () => {
  const get = (t: TestApp, url: string, origin?: string) =>
    t.app.inject({ method: 'GET', url, headers: origin ? { origin } : {} });
  const preflight = (t: TestApp, url: string, origin: string) =>
    t.app.inject({
      method: 'OPTIONS',
      url,
      headers: {
        origin,
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'authorization,content-type',
      },
    });

  it('without CORS_ORIGINS: no Access-Control-* header, and a preflight is an unknown route', async () => {
    const response = await get(plain, '/api/v1/settings/public', ALLOWED);
    expect(response.statusCode).toBe(200);
    expect(accessControlHeaders(response.headers)).toEqual([]);
    const answer = await preflight(plain, '/api/v1/orders', ALLOWED);
    expect(answer.statusCode).toBe(404);
    expect(answer.json()).toMatchObject({ code: 'NOT_FOUND' });
    expect(accessControlHeaders(answer.headers)).toEqual([]);
  });

  it('a listed origin may call, and read what it needs of the reply', async () => {
    const response = await get(withCors, '/api/v1/settings/public', ALLOWED);
    expect(response.statusCode).toBe(200);
    expect(response.headers['access-control-allow-origin']).toBe(ALLOWED);
    expect(response.headers.vary).toMatch(/origin/i);
    expect(response.headers['access-control-expose-headers']).toBe(
      'content-disposition, retry-after, x-request-id',
    );
    // Bearer tokens, no cookies: nothing to allow credentials for.
    expect(response.headers['access-control-allow-credentials']).toBeUndefined();

    const answer = await preflight(withCors, '/api/v1/orders', ALLOWED);
    expect(answer.statusCode).toBe(204);
    expect(answer.headers).toMatchObject({
      'access-control-allow-origin': ALLOWED,
      'access-control-allow-methods': 'GET, HEAD, POST, PUT, DELETE',
      'access-control-allow-headers': 'authorization, content-type, x-request-id',
      'access-control-max-age': '600',
    });
  });

  it('a refusal reaches the listed origin readable (the page shows its msg)', async () => {
    const response = await get(withCors, '/api/v1/users', ALLOWED);
    expect(response.statusCode).toBe(401);
    expect(response.headers['access-control-allow-origin']).toBe(ALLOWED);
    expect(response.json()).toMatchObject({ code: 'UNAUTHORIZED' });
  });

  it('any other origin, or none, gets no CORS at all', async () => {
    for (const origin of [OTHER, `${ALLOWED}.evil.net`, 'null', undefined]) {
      const response = await get(withCors, '/api/v1/settings/public', origin);
      expect(response.statusCode).toBe(200);
      expect(accessControlHeaders(response.headers)).toEqual([]);
    }
    const answer = await preflight(withCors, '/api/v1/orders', OTHER);
    expect(answer.statusCode).toBe(404);
    expect(accessControlHeaders(answer.headers)).toEqual([]);
  });
});

describe('compression', () => {
  const get = (url: string, acceptEncoding?: string, token?: string) =>
    plain.app.inject({
      method: 'GET',
      url,
      headers: {
        ...(acceptEncoding ? { 'accept-encoding': acceptEncoding } : {}),
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
    });

  it('a reply over 1 KB comes in brotli or gzip, as accepted, and decodes to the same JSON', async () => {
    const plainReply = await get('/api/v1/openapi.json');
    expect(plainReply.headers['content-encoding']).toBeUndefined();
    const document = plainReply.json();
    expect(plainReply.rawPayload.length).toBeGreaterThan(1024);

    const br = await get('/api/v1/openapi.json', 'gzip, deflate, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.rawPayload.length).toBeLessThan(plainReply.rawPayload.length / 3);
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString())).toEqual(document);

    const gzip = await get('/api/v1/openapi.json', 'gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gzip.rawPayload).toString())).toEqual(document);
    // The security headers are those of any reply.
    expect(gzip.headers['cache-control']).toBe('no-store');
    expect(gzip.headers['x-request-id']).toBeTruthy();
  });

  it('a reply under 1 KB, or to a client that accepts no encoding, is sent as it is', async () => {
    const small = await get('/api/v1/settings/public', 'br, gzip');
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.json()).toEqual({ company_name: expect.any(String) });
    const identity = await get('/api/v1/openapi.json', 'identity');
    expect(identity.headers['content-encoding']).toBeUndefined();
    expect(identity.json()).toHaveProperty('openapi');
  });

  it('an error reply keeps the contract', async () => {
    const refused = await get('/api/v1/users', 'br, gzip');
    expect(refused.statusCode).toBe(401);
    expect(refused.headers['content-encoding']).toBeUndefined();
    expect(refused.json()).toMatchObject({ code: 'UNAUTHORIZED', msg: expect.any(String) });
  });

  it('a workbook is sent as it is (already compressed)', async () => {
    const workbook = await get('/api/v1/pricese/template', 'br, gzip', admin.token);
    expect(workbook.statusCode).toBe(200);
    expect(workbook.headers['content-type']).toBe(XLSX_TYPE);
    expect(workbook.headers['content-encoding']).toBeUndefined();
    expect(workbook.rawPayload.subarray(0, 2).toString()).toBe('PK');
  });

  it('streamed workbooks, PDFs and event streams pass through untouched', async () => {
    const app = Fastify();
    await app.register(compressionPlugin);
    const big = Buffer.alloc(64 * 1024, 'a');
    app.get('/workbook', (_request, reply) => reply.type(XLSX_TYPE).send(Readable.from([big, big])));
    app.get('/label', (_request, reply) => reply.type('application/pdf').send(big));
    app.get('/events', (_request, reply) => reply.type('text/event-stream').send(Readable.from([big])));
    app.get('/text', (_request, reply) => reply.type('text/csv').send(Readable.from([big])));
    try {
      for (const url of ['/workbook', '/label', '/events']) {
        const response = await app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'br, gzip' } });
        expect(response.headers['content-encoding'], url).toBeUndefined();
        expect(response.rawPayload.length, url).toBe(url === '/workbook' ? 2 * big.length : big.length);
      }
      // The same plugin does compress a text stream.
      const text = await app.inject({ method: 'GET', url: '/text', headers: { 'accept-encoding': 'gzip' } });
      expect(text.headers['content-encoding']).toBe('gzip');
      expect(gunzipSync(text.rawPayload).equals(big)).toBe(true);
    } finally {
      await app.close();
    }
  });
});

describe('the request log', () => {
  const linesOf = (log: LogLine[], reqId: string) => log.filter((line) => line.reqId === reqId);

  it('one line per request: id, route pattern, caller, status; never the path or query', async () => {
    const reqId = 'edge-log-users';
    const response = await plain.app.inject({
      method: 'GET',
      url: '/api/v1/users?filter=Nguyen%20Van%20Secret&page=1',
      headers: { authorization: `Bearer ${admin.token}`, 'x-request-id': reqId },
    });
    expect(response.statusCode).toBe(200);
    const lines = linesOf(plainLog.lines, reqId);
    expect(lines).toEqual([
      {
        level: 30,
        time: expect.any(Number),
        pid: expect.any(Number),
        hostname: expect.any(String),
        reqId,
        msg: 'request completed',
        method: 'GET',
        route: '/api/v1/users',
        status: 200,
        ms: expect.any(Number),
        userSid: admin.user_sid,
      },
    ]);
    expect(plainLog.raw.join('')).not.toMatch(/Secret|filter=|page=1/);
  });

  it('a parameterised route is logged by its pattern, an unknown path by none', async () => {
    const named = await plain.app.inject({
      method: 'GET',
      url: '/api/v1/users/us_secretvalue',
      headers: { authorization: `Bearer ${admin.token}`, 'x-request-id': 'edge-log-param' },
    });
    expect(named.statusCode).toBe(404);
    expect(linesOf(plainLog.lines, 'edge-log-param')).toEqual([
      expect.objectContaining({ route: '/api/v1/users/:id', status: 404, userSid: admin.user_sid }),
    ]);
    const unknown = await plain.app.inject({
      method: 'GET',
      url: '/api/v1/no-such-thing/Tran%20Secret',
      headers: { 'x-request-id': 'edge-log-unknown' },
    });
    expect(unknown.statusCode).toBe(404);
    expect(linesOf(plainLog.lines, 'edge-log-unknown')).toEqual([
      expect.objectContaining({ msg: 'request completed', route: null, status: 404 }),
    ]);
    // Replies the router makes itself are logged the same way.
    const malformed = await plain.app.inject({
      method: 'GET',
      url: '/api/v1/users/%zz',
      headers: { 'x-request-id': 'edge-log-escape' },
    });
    expect(malformed.statusCode).toBe(400);
    expect(linesOf(plainLog.lines, 'edge-log-escape')).toEqual([expect.objectContaining({ status: 400 })]);
    expect(plainLog.raw.join('')).not.toMatch(/secretvalue|Secret|%zz/);
  });

  it('a request slower than SLOW_REQUEST_MS is the same line at warn level', async () => {
    const reqId = 'edge-log-slow';
    const response = await withCors.app.inject({
      method: 'GET',
      url: '/api/v1/settings/public?who=someone',
      headers: { 'x-request-id': reqId },
    });
    expect(response.statusCode).toBe(200);
    expect(linesOf(corsLog.lines, reqId)).toEqual([
      expect.objectContaining({
        level: 40,
        msg: 'slow request',
        slow: true,
        route: '/api/v1/settings/public',
        status: 200,
        ms: expect.any(Number),
      }),
    ]);
    expect(corsLog.raw.join('')).not.toContain('someone');
  });

  it("a route's own log level holds: a quiet route logs nothing at info", async () => {
    // The operations routes (/healthz, /readyz, /metrics) declare logLevel 'warn'; checked where they exist.
    if (!plain.app.hasRoute({ method: 'GET', url: '/healthz' })) return;
    const response = await plain.app.inject({
      method: 'GET',
      url: '/healthz',
      headers: { 'x-request-id': 'edge-log-quiet' },
    });
    expect(response.statusCode).toBe(200);
    expect(linesOf(plainLog.lines, 'edge-log-quiet')).toEqual([]);
  });
});
