/**
 * Issue 30, part 4: the creating calls' rate per API key (or signed-in user), counted in the database, so two
 * app instances on one database share it. A 429 storm from one key leaves another account's calls untouched.
 */
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import type { AppConfig } from '../src/config.ts';
import { fakeResolver } from './fake-dns.ts';
import { orderBody } from './order-fixtures.ts';
import { recordTraffic, testConfig } from './test-app.ts';
import { openTestWorld } from './test-world.ts';

const { t, admin, accountB, sellerA, sellerB, keyA } = await openTestWorld({ orderAccounts: true });
const { token: keyB } = await t.createApiKey(sellerB.token);

/** Long enough that no window ends while a test runs (fixed windows from the epoch). */
const LONG_WINDOW_MS = 10 * 24 * 3600 * 1000;

/** A second server instance on the same database, as another process would be. */
async function instance(overrides: Partial<AppConfig>): Promise<FastifyInstance> {
  const app = await buildApp({
    config: testConfig(overrides),
    db: t.database.db,
    logger: false,
    hookUrlCheck: { resolve: fakeResolver },
    jobs: t.jobs,
  });
  await app.ready();
  recordTraffic(app);
  afterAll(() => app.close());
  return app;
}

const MAX = 4;
const one = await instance({ createCallsPerWindow: MAX, createWindowMs: LONG_WINDOW_MS });
const two = await instance({ createCallsPerWindow: MAX, createWindowMs: LONG_WINDOW_MS });

function call(
  app: FastifyInstance,
  method: 'GET' | 'POST' | 'PUT',
  path: string,
  token: string,
  body?: unknown,
): Promise<LightMyRequestResponse> {
  return app.inject({
    method,
    url: `/api/v1${path}`,
    headers: { authorization: `Bearer ${token}` },
    ...(body === undefined ? {} : { payload: body as object }),
  });
}

const order = (app: FastifyInstance, token: string) => call(app, 'POST', '/orders', token, orderBody());

function expectLimited(response: LightMyRequestResponse, windowSeconds: number): number {
  expect(response.statusCode, response.body).toBe(429);
  const seconds = Number(response.headers['retry-after']);
  expect(Number.isInteger(seconds)).toBe(true);
  expect(seconds).toBeGreaterThanOrEqual(1);
  expect(seconds).toBeLessThanOrEqual(windowSeconds);
  expect(response.json()).toEqual({
    msg: `Too many creating calls: at most ${MAX} a minute per API key or user. Try again in ${seconds} seconds.`,
    code: 'RATE_LIMITED',
    key: 'requests.tooManyCreating',
    params: { max: MAX, seconds },
  });
  return seconds;
}

describe('creating calls per API key, across two instances on one database', () => {
  it('counts one key on both instances, answers 429 with Retry-After, and leaves another account untouched', async () => {
    const statuses: number[] = [];
    for (let index = 0; index < MAX; index++) {
      const response = await order(index % 2 === 0 ? one : two, keyA);
      statuses.push(response.statusCode);
    }
    expect(statuses).toEqual([201, 201, 201, 201]);

    // The storm: key A over its limit on either instance, every creating route alike.
    for (const app of [one, two, one, two]) expectLimited(await order(app, keyA), LONG_WINDOW_MS / 1000);
    expectLimited(await call(two, 'POST', '/batch_orders', keyA, new FormData()), LONG_WINDOW_MS / 1000);

    // Meanwhile another account's key, on both instances, goes through; key A may still read.
    expect((await order(one, keyB)).statusCode).toBe(201);
    expect((await order(two, keyB)).statusCode).toBe(201);
    expect((await call(one, 'GET', '/orders', keyA)).statusCode).toBe(200);
    // The seller of account A signed in is counted as a user, apart from the account's key.
    expect((await order(two, sellerA.token)).statusCode).toBe(201);
  });

  it('lets exactly the limit through when calls race on both instances (one atomic count)', async () => {
    const { token } = await t.createApiKey(admin, accountB.sid);
    // Bodies the route refuses (400): counted all the same, since the count comes before the body is read.
    const responses = await Promise.all(
      Array.from({ length: 12 }, (_, index) => call(index % 2 ? one : two, 'POST', '/orders', token, {})),
    );
    const codes = responses.map((response) => response.statusCode);
    expect(codes.filter((code) => code === 400)).toHaveLength(MAX);
    expect(codes.filter((code) => code === 429)).toHaveLength(12 - MAX);
  });

  it('counts a session user hammering a creating route too', async () => {
    const statuses: number[] = [];
    for (let index = 0; index < MAX + 2; index++)
      statuses.push((await call(index % 2 ? one : two, 'POST', '/orders', sellerB.token, {})).statusCode);
    expect(statuses).toEqual([400, 400, 400, 400, 429, 429]);
  });

  it('gives the seconds left in a one-minute window as Retry-After', async () => {
    const minute = await instance({ createCallsPerWindow: 1, createWindowMs: 60_000 });
    const { token } = await t.createApiKey(sellerB.token);
    expect((await call(minute, 'POST', '/orders', token, {})).statusCode).toBe(400);
    let limited = await call(minute, 'POST', '/orders', token, {});
    // Windows start on the minute: a second call just past it is the first of a new window, where a third is over.
    if (limited.statusCode === 400) limited = await call(minute, 'POST', '/orders', token, {});
    expect(limited.statusCode).toBe(429);
    const seconds = Number(limited.headers['retry-after']);
    expect(seconds).toBeGreaterThanOrEqual(1);
    expect(seconds).toBeLessThanOrEqual(60);
    expect(limited.json()).toMatchObject({ code: 'RATE_LIMITED', params: { max: 1, seconds } });
  });
});
