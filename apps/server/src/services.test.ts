/**
 * The composition root builds every service without HTTP, as a worker process or a script will, and the
 * adapters it is given at the edges are the ones the services use.
 */
import { Role } from '@parcelops/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { amsOrderBody, createTestAms } from '../test/ams-fixtures.ts';
import { createOrder, orderItem } from '../test/order-fixtures.ts';
import { ADMIN_PASSWORD, ADMIN_USERNAME, testConfig } from '../test/test-app.ts';
import { openTestDatabase } from '../test/test-database.ts';
import { openTestWorld } from '../test/test-world.ts';
import type { DatabaseHandle } from './db/database.ts';
import type { OutboundHttp, OutboundRequest } from './lib/outbound-http.ts';
import type { FilingAdapter, ManifestFiling } from './modules/ams/ams-filing.ts';
import { bootstrapAdmin } from './modules/users/bootstrap-admin.ts';
import { buildServices } from './services.ts';

let database: DatabaseHandle;
beforeAll(async () => {
  database = await openTestDatabase();
  const silent = { warn() {}, info() {}, level: 'silent' } as never;
  await bootstrapAdmin(database.db, testConfig(), silent);
});
afterAll(() => database.close());

describe('buildServices', () => {
  it('signs in and reads users with no Fastify instance anywhere', async () => {
    const services = buildServices(testConfig(), database.db);
    const login = await services.auth.login(
      { username: ADMIN_USERNAME, password: ADMIN_PASSWORD },
      '127.0.0.1',
    );
    const claims = services.sessionTokens.verify(login.token);
    expect(claims).toMatchObject({ sub: login.user_sid, role: Role.admin, username: ADMIN_USERNAME });

    const actor = {
      userSid: login.user_sid,
      apiKeySid: null,
      username: ADMIN_USERNAME,
      role: Role.admin,
      accountSid: null,
      via: 'session' as const,
    };
    const users = await services.users.list(actor, {});
    expect(users.map((user) => user.username)).toContain(ADMIN_USERNAME);
  });

  it('tokens signed under another secret are not believed', () => {
    const ours = buildServices(testConfig(), database.db);
    const theirs = buildServices(
      testConfig({ jwtSecret: 'another-secret-that-is-long-enough-0123456789' }),
      database.db,
    );
    const token = theirs.sessionTokens.sign({
      sub: 'x',
      role: Role.admin,
      account_sid: null,
      username: 'x',
      ver: 1,
    });
    expect(ours.sessionTokens.verify(token)).toBeNull();
    expect(ours.sessionTokens.verify('not.a.token')).toBeNull();
  });
});

/** The fakes this file's app is built with: whatever reaches them came through the composition root. */
const filed: ManifestFiling[] = [];
const filing: FilingAdapter = {
  name: 'fake broker',
  file: async (manifest) => {
    filed.push(manifest);
    return { ok: false, reason: 'Fake broker: not today' };
  },
};
const sent: OutboundRequest[] = [];
const outbound: OutboundHttp = {
  send: async (request) => {
    sent.push(request);
    return { statusCode: 204, headers: {}, body: Buffer.alloc(0), durationMs: 1, error: null };
  },
};
// buildApp hands these to buildServices, the one door every process's services come through.
const { t, admin, operator, sellerA, accountA } = await openTestWorld({
  orderAccounts: true,
  workers: true,
  adapters: { filing, outbound },
});

describe('the adapters at the edges', () => {
  it('a submitted AMS is filed through the filing adapter it was given', async () => {
    await t.call('POST', '/hs_codes', { token: admin, body: { hs_code: '610910', description: 'T-shirts' } });
    const manifest = await createTestAms(t, admin, { namePrefix: 'Ports ' });
    const order = await createOrder(t, sellerA.token, {
      items: [orderItem({ hs_code: '610910', itemDescription: 'Cotton T-shirt' })],
    });
    const loaded = await t.call('POST', '/ams/order', {
      token: operator.token,
      body: amsOrderBody(manifest, order.barcode, 'C1'),
    });
    expect(loaded.statusCode, loaded.body).toBe(200);
    const submitted = await t.call('POST', '/ams/submitAms', {
      token: admin,
      body: { ams_sid: manifest.sid },
    });
    expect(submitted.statusCode, submitted.body).toBe(202);
    await expect.poll(() => filed.length, { timeout: 15_000 }).toBe(1);
    expect(filed[0]?.parcels.map((parcel) => parcel.barcode)).toEqual([order.barcode]);
    await expect
      .poll(
        async () => (await t.call('GET', `/ams/${manifest.sid}`, { token: admin })).json().submit_reason,
        {
          timeout: 15_000,
        },
      )
      .toBe('Fake broker: not today');
  });

  it('a webhook test event goes out through the outbound client it was given', async () => {
    const url = 'https://ports.example.com/parcelops';
    const hook = await t.call('PUT', `/accounts/${accountA.sid}`, {
      token: admin,
      body: { order_status_hook: url },
    });
    expect(hook.statusCode, hook.body).toBe(200);
    const test = await t.call('POST', `/accounts/${accountA.sid}/hook/test`, { token: admin });
    expect(test.statusCode, test.body).toBeLessThan(300);
    await expect.poll(() => sent.length, { timeout: 15_000 }).toBe(1);
    expect(sent[0]).toMatchObject({ method: 'POST', url, maxAnswerBytes: 1024 });
    expect(sent[0]?.headers).toHaveProperty('content-type', 'application/json');
  });
});
