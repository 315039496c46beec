/**
 * Issue 9, defect 1: rate limits key on the client's address, so a client must not be able to choose it with
 * X-Forwarded-For. No proxy is trusted unless TRUST_PROXY names one (a hop count or addresses/CIDRs).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, ADMIN_USERNAME, createTestApp, type TestApp } from '../../test/test-app.ts';
import type { AppConfig } from '../config.ts';
import { TRACKING_MAX_PER_MINUTE } from '../modules/tracking/tracking.routes.ts';

/**
 * An app of its own for the enclosing describe, built and closed in its hooks (an app's migrations take long on
 * a busy machine: the tests' own bodies only send their requests). Read it only inside a test.
 */
function appFor(overrides: Partial<AppConfig>): () => TestApp {
  let t: TestApp | undefined;
  beforeAll(async () => {
    t = await createTestApp(overrides);
  });
  afterAll(() => t?.close());
  return () => {
    if (!t) throw new Error('the app is not built');
    return t;
  };
}

let forged = 0;
/** A new made-up client address each call, as an attacker would send. */
const nextForgedAddress = () => `203.0.113.${forged++ % 250}`;

function signIn(
  app: TestApp,
  password: string,
  options: { forwardedFor?: string; remoteAddress?: string } = {},
) {
  return app.app.inject({
    method: 'POST',
    url: '/api/v1/login',
    payload: { username: ADMIN_USERNAME, password },
    remoteAddress: options.remoteAddress,
    headers: options.forwardedFor ? { 'x-forwarded-for': options.forwardedFor } : {},
  });
}

describe('with no TRUST_PROXY (the default)', () => {
  describe('sign-ins', () => {
    // A few attempts are enough to be locked out: each wrong password costs a password hash.
    const app = appFor({ loginMaxAttempts: 3 });

    it('counts sign-ins by the real address whatever X-Forwarded-For says, and the right password waits too', async () => {
      const t = app();
      const statuses: number[] = [];
      for (let i = 0; i < 6; i++) {
        statuses.push((await signIn(t, 'Wrong#1234', { forwardedFor: nextForgedAddress() })).statusCode);
      }
      expect(statuses).toEqual([401, 401, 401, 429, 429, 429]);

      const right = await signIn(t, ADMIN_PASSWORD, { forwardedFor: nextForgedAddress() });
      expect(right.statusCode).toBe(429);
      expect(right.json()).toMatchObject({ code: 'RATE_LIMITED' });
    });
  });

  describe('tracking', () => {
    const app = appFor({});

    it('counts tracking lookups by the real address whatever X-Forwarded-For says', async () => {
      const { app: fastify } = app();
      const lookup = () =>
        fastify.inject({
          method: 'GET',
          url: '/api/v1/tracking?filter=PO0000000000',
          headers: { 'x-forwarded-for': nextForgedAddress() },
        });
      for (let i = 0; i < TRACKING_MAX_PER_MINUTE; i++) expect((await lookup()).statusCode).toBe(404);
      const limited = await lookup();
      expect(limited.statusCode).toBe(429);
    });
  });
});

describe('with TRUST_PROXY set', () => {
  describe('to a hop count', () => {
    const app = appFor({ loginMaxAttempts: 3, trustProxy: 1 });

    it('a hop count takes the client address from the trusted proxy, so clients are counted apart', async () => {
      const t = app();
      for (let i = 0; i < 3; i++) {
        expect((await signIn(t, 'Wrong#1234', { forwardedFor: '198.51.100.7' })).statusCode).toBe(401);
      }
      expect((await signIn(t, 'Wrong#1234', { forwardedFor: '198.51.100.7' })).statusCode).toBe(429);
      // Another client behind the same proxy is not locked out by the first one's attempts.
      expect((await signIn(t, ADMIN_PASSWORD, { forwardedFor: '198.51.100.8' })).statusCode).toBe(200);
    });
  });

  describe('to a list of proxies', () => {
    const app = appFor({ loginMaxAttempts: 3, trustProxy: ['10.0.0.0/8'] });

    it('a list of proxies is believed only when the request comes from one of them', async () => {
      const t = app();
      // From an untrusted address the header is ignored: every forged address counts as that one caller.
      for (let i = 0; i < 3; i++) {
        const response = await signIn(t, 'Wrong#1234', {
          remoteAddress: '192.0.2.50',
          forwardedFor: nextForgedAddress(),
        });
        expect(response.statusCode).toBe(401);
      }
      expect(
        (await signIn(t, 'Wrong#1234', { remoteAddress: '192.0.2.50', forwardedFor: nextForgedAddress() }))
          .statusCode,
      ).toBe(429);
      // Through the trusted proxy, the forwarded client is a caller of its own.
      const viaProxy = await signIn(t, ADMIN_PASSWORD, {
        remoteAddress: '10.1.2.3',
        forwardedFor: '198.51.100.9',
      });
      expect(viaProxy.statusCode).toBe(200);
    });
  });
});
