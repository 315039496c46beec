/**
 * Replies Fastify makes on its own, before or outside any route (a malformed %-escape, an overlong path
 * parameter, an unknown route, a body it cannot parse, a request Node cannot parse), keep the `{ msg, code }`
 * contract. The app is built directly rather than through createTestApp, whose recorder holds replies to the
 * OpenAPI document: these are Fastify's replies, not the routes', and their statuses (413, 414, 415, 431) are
 * documented on no route.
 */

import { connect } from 'node:net';
import { englishOf, type TextParams } from '@parcelops/shared';
import Fastify, {
  type FastifyInstance,
  type FastifyServerOptions,
  type LightMyRequestResponse,
} from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testConfig } from '../../test/test-app.ts';
import { openTestDatabase } from '../../test/test-database.ts';
import { buildApp } from '../app.ts';
import type { DatabaseHandle } from '../db/database.ts';
import { answerFrameworkError } from './errors.ts';

let database: DatabaseHandle;
let app: FastifyInstance;

beforeAll(async () => {
  database = await openTestDatabase();
  app = await buildApp({ config: testConfig(), db: database.db, logger: false });
  await app.ready();
});
afterAll(async () => {
  await app.close();
  await database.close();
});

/**
 * The contract's body and nothing of Fastify's own shape (`error`, `message`, `statusCode`, FST_ codes): the
 * English msg, and the same words as a catalogue text.
 */
function expectContract(body: unknown, code: string) {
  const { params, ...rest } = body as { msg: string; key: string; params?: TextParams };
  expect(rest).toEqual({ msg: expect.any(String), code, key: expect.any(String) });
  expect(englishOf({ key: rest.key, params })).toBe(rest.msg);
  expect(rest.msg).not.toMatch(/FST_ERR/);
}

function expectReply(response: LightMyRequestResponse, status: number, code = 'VALIDATION_FAILED') {
  expect(response.statusCode, response.body).toBe(status);
  expect(response.headers['content-type']).toMatch(/^application\/json/);
  expectContract(response.json(), code);
}

describe('errors the router meets', () => {
  it('answers a malformed %-escape in a path with a 400 in the contract (FST_ERR_BAD_URL)', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/v1/orders/%ff' });
    expectReply(response, 400);
    expect(response.headers['x-request-id']).toEqual(expect.any(String));
    // It bypasses the routes' hooks, yet carries the security headers all replies carry.
    expect(response.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['cache-control']).toBe('no-store');
    expectReply(await app.inject({ method: 'DELETE', url: '/api/v1/hs_codes/%E0%A4%A' }), 400);
    // Before any route is matched, too.
    expectReply(await app.inject({ method: 'GET', url: '/api/v1/nothing/%ff' }), 400);
  });

  it('answers an overlong path parameter with a 414 in the contract (FST_ERR_MAX_PARAM_LENGTH)', async () => {
    expectReply(await app.inject({ method: 'GET', url: `/api/v1/orders/${'a'.repeat(150)}` }), 414);
  });

  it('answers a failing route constraint with a plain 500 in the contract (FST_ERR_ASYNC_CONSTRAINT)', async () => {
    // No route of the app has an asynchronous constraint; a small app shows the handler's answer. Fastify's
    // types only describe synchronous strategies, hence the cast.
    const routes = new Map<string, unknown>();
    const failingLookup = {
      name: 'tenant',
      storage: () => ({
        get: (value: string) => routes.get(value) ?? null,
        set: (value: string, store: unknown) => void routes.set(value, store),
      }),
      deriveConstraint: (_request: unknown, _context: unknown, done: (error: Error | null) => void) =>
        done(new Error('lookup failed')),
      mustMatchWhenDerived: true,
      validate: () => {},
    };
    const constrained = Fastify({
      frameworkErrors: answerFrameworkError,
      logger: false,
      constraints: { tenant: failingLookup } as unknown as FastifyServerOptions['constraints'],
    });
    constrained.get('/x', { constraints: { tenant: 'a' } }, async () => 'ok');
    try {
      expectReply(await constrained.inject({ method: 'GET', url: '/x' }), 500, 'INTERNAL');
    } finally {
      await constrained.close();
    }
  });

  it('answers unknown routes and methods with a 404 in the contract', async () => {
    expectReply(await app.inject({ method: 'GET', url: '/api/v1/nothing' }), 404, 'NOT_FOUND');
    expectReply(await app.inject({ method: 'PATCH', url: '/api/v1/login' }), 404, 'NOT_FOUND');
  });
});

describe('bodies Fastify cannot take', () => {
  const login = (payload: string, headers: Record<string, string>) =>
    app.inject({ method: 'POST', url: '/api/v1/login', payload, headers });

  it('answers an unsupported or missing content type with a 415 in the contract', async () => {
    expectReply(await login('<a/>', { 'content-type': 'application/xml' }), 415);
    expectReply(await login('{}', { 'content-type': '' }), 415);
  });

  it('answers a content length that does not match the body with a 400 in the contract', async () => {
    expectReply(
      await login('{"username":"a"}', { 'content-type': 'application/json', 'content-length': '3' }),
      400,
    );
  });

  it('answers malformed and empty JSON with a 400 in the contract', async () => {
    expectReply(await login('{"username":', { 'content-type': 'application/json' }), 400);
    const empty = await login('', { 'content-type': 'application/json' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toEqual(
      expect.objectContaining({ msg: expect.any(String), code: 'VALIDATION_FAILED' }),
    );
  });

  it('answers a body over the limit with a 413 in the contract', async () => {
    const payload = JSON.stringify({ username: 'x'.repeat(1024 * 1024), password: 'y' });
    expectReply(await login(payload, { 'content-type': 'application/json' }), 413, 'PAYLOAD_TOO_LARGE');
  });
});

describe('requests Node cannot parse', () => {
  /** Sends raw bytes to the listening app and reads until it closes the connection. */
  async function raw(request: string): Promise<{ status: number; body: unknown }> {
    const address = app.server.address();
    if (!address || typeof address === 'string') throw new Error('not listening');
    const text = await new Promise<string>((resolve, reject) => {
      let received = '';
      const socket = connect(address.port, '127.0.0.1', () => socket.write(request));
      socket.setEncoding('utf8');
      socket.on('data', (chunk) => {
        received += chunk;
      });
      socket.on('close', () => resolve(received));
      socket.on('error', reject);
    });
    const [head = '', body = ''] = text.split('\r\n\r\n');
    return { status: Number(head.split(' ')[1]), body: JSON.parse(body) };
  }

  beforeAll(async () => {
    await app.listen({ port: 0, host: '127.0.0.1' });
  });

  it('answers a malformed request line with a 400 in the contract', async () => {
    const { status, body } = await raw('NOT HTTP AT ALL\r\n\r\n');
    expect(status).toBe(400);
    expectContract(body, 'VALIDATION_FAILED');
  });

  it('answers headers over the size limit with a 431 in the contract', async () => {
    const { status, body } = await raw(
      `GET /api/v1/health HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`,
    );
    expect(status).toBe(431);
    expectContract(body, 'PAYLOAD_TOO_LARGE');
  });
});
