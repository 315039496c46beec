/**
 * Order-status webhooks end to end on a real database and a real receiver on this machine (HOOKS_ALLOW_PRIVATE):
 * every status change becomes a signed event the `standardwebhooks` package verifies; failures are retried on
 * the schedule (the test makes each scheduled job due at once, and reads the schedule from next_attempt_at);
 * redirects, 410, silence and endless bodies; rotation; the account page's calls and who may make them.
 *
 * Each test has a seller account of its own with a receiving address of its own (`receiver.route`), and looks
 * only at that account's deliveries and that address's requests. Deliveries are paced and may be retried, so
 * one test's events can still arrive while the next one runs (a retry after an answer that came too late on a
 * loaded machine, the rest of a sliced batch): they then land on their own test's address, answered 200, and
 * never take another test's scripted answer or count among its requests.
 */
import type { HookDelivery, HookState } from '@parcelops/shared';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { type HookRoute, startHookReceiver } from '../../../test/hook-receiver.ts';
import { createOrder, createSellerAccount } from '../../../test/order-fixtures.ts';
import { openTestApp } from '../../../test/test-app.ts';

const TIMEOUT_MS = 1500;
const { t, admin } = await openTestApp(
  { hooksAllowPrivate: true },
  { workers: true, hookTimeoutMs: TIMEOUT_MS },
);
const operator = (await t.createUser(admin, { role: 1 })).token;
const receiver = await startHookReceiver();
afterAll(() => receiver.close());

const other = await createSellerAccount(t, admin);

async function setHook(accountSid: string, url: string | null, token = admin): Promise<void> {
  const response = await t.call('PUT', `/accounts/${accountSid}`, {
    token,
    body: { order_status_hook: url },
  });
  expect(response.statusCode, response.body).toBe(200);
}

/** This test's seller account, hooked to this test's own address on the receiver. */
interface Shop {
  account: { sid: string };
  seller: string;
  route: HookRoute;
}
let shops = 0;
let shop: Shop;
beforeEach(async () => {
  shops += 1;
  const { account, seller } = await createSellerAccount(t, admin);
  const route = receiver.route(`shop-${shops}`);
  await setHook(account.sid, route.url, seller);
  route.secrets.push((await hookState(account.sid, seller)).secret as string);
  shop = { account, seller, route };
});

async function hookState(accountSid = shop.account.sid, token = shop.seller): Promise<HookState> {
  const response = await t.call('GET', `/accounts/${accountSid}/hook`, { token });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}
async function deliveries(accountSid = shop.account.sid, token = shop.seller): Promise<HookDelivery[]> {
  const response = await t.call('GET', `/accounts/${accountSid}/hook/deliveries`, { token });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data;
}
/**
 * Polls until `check` holds for the newest delivery of this test's account (the background worker gets there
 * on its own).
 */
async function newestWhen(
  check: (delivery: HookDelivery) => boolean,
  timeoutMs = 15_000,
): Promise<HookDelivery> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const [newest] = await deliveries();
    if (newest && check(newest)) return newest;
    if (Date.now() > deadline) throw new Error(`Delivery never got there: ${JSON.stringify(newest)}`);
    await new Promise((resolve) => setTimeout(resolve, 150));
  }
}
/** Makes the next scheduled attempts due now, as the clock would hours later. */
async function dueNow(): Promise<void> {
  await t.database.sql.executeSql(
    "UPDATE pgboss.job SET start_after = now() WHERE name = 'webhooks.deliver' AND state IN ('created', 'retry')",
  );
}
const seconds = (from: string, to: string | null) =>
  Math.round((Date.parse(to ?? '') - Date.parse(from)) / 1000);
const scan = (barcode: string) =>
  t.call('GET', `/orders/scan/barcode/${barcode}`, { token: operator, query: { hub: 'SGN' } });

describe('events', () => {
  it('sends each status change once, signed so standardwebhooks verifies it, with the order and its sequence', async () => {
    const order = await createOrder(t, shop.seller);
    const [created] = await shop.route.waitFor(1);
    expect(created?.verifiedBy).toEqual([0]);
    expect(created?.headers['webhook-id']).toMatch(/^msg_[0-9a-f]{32}$/);
    expect(Number(created?.headers['webhook-timestamp'])).toBeCloseTo(Date.now() / 1000, -2);
    expect(created?.headers['webhook-signature']).toMatch(/^v1,[A-Za-z0-9+/=]{44}$/);
    expect(JSON.parse(created?.body ?? '')).toMatchObject({
      type: 'order.status_changed',
      data: {
        sid: order.sid,
        orderNumber: order.orderNumber,
        barcode: order.barcode,
        status: 0,
        status_label: 'Generated',
        reason: null,
        sequence: 1,
      },
    });

    expect((await scan(order.barcode)).statusCode).toBe(200);
    const [, scanned] = await shop.route.waitFor(2);
    const event = JSON.parse(scanned?.body ?? '');
    expect(event.data).toMatchObject({ sid: order.sid, status: 1, location: 'Sai Gon', sequence: 2 });
    expect(scanned?.headers['webhook-id']).not.toBe(created?.headers['webhook-id']);

    const newest = await newestWhen((delivery) => delivery.state === 'delivered');
    expect(newest).toMatchObject({ barcode: order.barcode, status_label: 'Scanned', next_attempt_at: null });
    expect(newest.attempts).toEqual([
      expect.objectContaining({ status_code: 200, error: null, response_body: 'ok' }),
    ]);
  });

  it('retries on the schedule after failures (5 s, then 5 min) and then delivers, with the same webhook-id', async () => {
    shop.route.script({ status: 500, body: 'down' }, { status: 502 });
    await createOrder(t, shop.seller);
    await shop.route.waitFor(1);
    let delivery = await newestWhen((d) => d.attempts.length === 1 && d.next_attempt_at !== null);
    expect(seconds(delivery.attempts[0]?.attempted_at as string, delivery.next_attempt_at)).toBe(5);
    expect((await hookState()).failing_since).not.toBeNull();
    await dueNow();
    await shop.route.waitFor(2);
    delivery = await newestWhen((d) => d.attempts.length === 2 && d.next_attempt_at !== null);
    expect(seconds(delivery.attempts[0]?.attempted_at as string, delivery.next_attempt_at)).toBe(300);
    await dueNow();
    const [first, second, third] = await shop.route.waitFor(3);
    delivery = await newestWhen((d) => d.state === 'delivered');
    expect(delivery.attempts.map((attempt) => attempt.status_code)).toEqual([200, 502, 500]);
    expect(delivery.attempts[2]?.response_body).toBe('down');
    expect(new Set([first, second, third].map((hook) => hook?.headers['webhook-id'])).size).toBe(1);
    expect([first, second, third].every((hook) => hook?.verifiedBy.length === 1)).toBe(true);
    expect((await hookState()).failing_since).toBeNull();
  });

  it("honours a 429's or 5xx's Retry-After when it asks for longer than the schedule", async () => {
    shop.route.script({ status: 503, headers: { 'retry-after': '600' } });
    await createOrder(t, shop.seller);
    const delivery = await newestWhen((d) => d.attempts.length === 1 && d.next_attempt_at !== null);
    expect(seconds(delivery.attempts[0]?.attempted_at as string, delivery.next_attempt_at)).toBe(600);
    await dueNow();
    await newestWhen((d) => d.state === 'delivered');
  });

  it('counts a redirect as a failure and never follows it', async () => {
    shop.route.script({ status: 302, headers: { location: `${shop.route.url}/elsewhere` } });
    await createOrder(t, shop.seller);
    const delivery = await newestWhen((d) => d.attempts.length === 1 && d.next_attempt_at !== null);
    expect(delivery.attempts[0]).toMatchObject({ status_code: 302 });
    expect(delivery.attempts[0]?.error).toContain('not followed');
    expect(shop.route.received).toHaveLength(1);
    expect(receiver.received.some((hook) => hook.path.endsWith('/elsewhere'))).toBe(false);
    await dueNow();
    await newestWhen((d) => d.state === 'delivered');
  });

  it('gives a silent receiver the timeout and no more, and reads only 1 KB of an endless answer', async () => {
    shop.route.script('silent');
    await createOrder(t, shop.seller);
    const silent = await newestWhen((d) => d.attempts.length === 1);
    expect(silent.attempts[0]?.error).toBe(`No answer within ${TIMEOUT_MS / 1000} s`);
    expect(silent.attempts[0]?.duration_ms).toBeGreaterThanOrEqual(TIMEOUT_MS - 50);
    expect(silent.attempts[0]?.status_code).toBeNull();

    shop.route.script('endless');
    await dueNow();
    const endless = await newestWhen((d) => d.state === 'delivered');
    expect(endless.attempts[0]?.response_body).toHaveLength(1024);
  });
});

describe('a receiver that answers 410 Gone', () => {
  it('disables the hook; events wait as failed until it is enabled and they are sent again', async () => {
    shop.route.script({ status: 410 });
    await createOrder(t, shop.seller);
    const gone = await newestWhen((d) => d.state === 'failed');
    expect(gone.attempts).toHaveLength(1);
    const state = await hookState();
    expect(state.disabled_at).not.toBeNull();
    expect(state.disabled_reason).toBe('The receiver answered 410 Gone.');

    await createOrder(t, shop.seller);
    const held = await newestWhen((d) => d.id !== gone.id);
    expect(held).toMatchObject({ state: 'failed', attempts: [] });
    const refused = await t.call('POST', `/accounts/${shop.account.sid}/hook/deliveries/${held.id}/resend`, {
      token: shop.seller,
    });
    expect(refused.statusCode).toBe(409);
    expect(shop.route.received).toHaveLength(1);

    const enabled = await t.call('POST', `/accounts/${shop.account.sid}/hook/enable`, { token: shop.seller });
    expect(enabled.json()).toMatchObject({ disabled_at: null, disabled_reason: null, failing_since: null });
    const again = await t.call('POST', `/accounts/${shop.account.sid}/hook/deliveries/${held.id}/resend`, {
      token: shop.seller,
    });
    expect(again.statusCode, again.body).toBe(202);
    expect(again.json()).toMatchObject({ id: held.id, state: 'pending' });
    await shop.route.waitFor(2);
    for (let tries = 0; (await deliveries()).find((d) => d.id === held.id)?.state !== 'delivered'; tries++) {
      expect(tries).toBeLessThan(100);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  });
});

describe('the signing secret', () => {
  it('is whsec_ and 32 random bytes, shown to the account users and admins only', async () => {
    const state = await hookState();
    expect(state.secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(Buffer.from((state.secret as string).slice(6), 'base64')).toHaveLength(32);
    expect((await hookState(shop.account.sid, admin)).secret).toBe(state.secret);
    for (const path of ['hook', 'hook/deliveries'])
      expect(
        (await t.call('GET', `/accounts/${shop.account.sid}/${path}`, { token: other.seller })).statusCode,
      ).toBe(403);
    const mine = await t.call('POST', `/accounts/${shop.account.sid}/hook/test`, { token: shop.seller });
    expect(mine.statusCode, mine.body).toBe(202);
    const foreign = await t.call(
      'POST',
      `/accounts/${other.account.sid}/hook/deliveries/${mine.json().id}/resend`,
      { token: admin },
    );
    expect(foreign.statusCode).toBe(404);
  });

  it('after a rotation signs with both secrets for a day, so either verifies', async () => {
    const before = (await hookState()).secret as string;
    const response = await t.call('POST', `/accounts/${shop.account.sid}/hook/rotate`, {
      token: shop.seller,
    });
    expect(response.statusCode, response.body).toBe(200);
    const after: HookState = response.json();
    expect(after.secret).not.toBe(before);
    expect(seconds(after.rotated_at as string, after.previous_secret_until)).toBe(24 * 3600);
    shop.route.secrets.splice(0, shop.route.secrets.length, before, after.secret as string);

    await createOrder(t, shop.seller);
    const [hook] = await shop.route.waitFor(1);
    expect(hook?.headers['webhook-signature']?.split(' ')).toHaveLength(2);
    expect(hook?.verifiedBy).toEqual([0, 1]);
    await newestWhen((d) => d.state === 'delivered');
  });
});

describe('the account page', () => {
  it('sends a test event, and refuses it while no hook is set', async () => {
    const response = await t.call('POST', `/accounts/${shop.account.sid}/hook/test`, { token: shop.seller });
    expect(response.statusCode, response.body).toBe(202);
    expect(response.json()).toMatchObject({ type: 'webhook.test', state: 'pending', attempts: [] });
    const [hook] = await shop.route.waitFor(1);
    expect(JSON.parse(hook?.body ?? '')).toMatchObject({
      type: 'webhook.test',
      data: { account_sid: shop.account.sid },
    });
    await newestWhen((d) => d.type === 'webhook.test' && d.state === 'delivered');

    const none = await t.call('POST', `/accounts/${other.account.sid}/hook/test`, { token: other.seller });
    expect(none.statusCode).toBe(409);
    expect((await hookState(other.account.sid, other.seller)).secret).toBeNull();
  });

  it('refuses a hook URL with a user name or password', async () => {
    const response = await t.call('PUT', `/accounts/${shop.account.sid}`, {
      token: shop.seller,
      body: { order_status_hook: 'https://user:secret@seller.example.com/hook' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().details[0]).toMatchObject({ path: 'order_status_hook' });
  });

  it('lists at most the last 100 deliveries, newest first', async () => {
    const sent: string[] = [];
    for (let index = 0; index < 101; index++) {
      const response = await t.call('POST', `/accounts/${shop.account.sid}/hook/test`, {
        token: shop.seller,
      });
      expect(response.statusCode, response.body).toBe(202);
      sent.push(response.json().id);
    }
    const list = await deliveries();
    expect(list).toHaveLength(100);
    // The oldest of the 101 is the one left out.
    expect(list.map((delivery) => delivery.id)).not.toContain(sent[0]);
    const times = list.map((delivery) => delivery.created_at);
    expect([...times].sort().reverse()).toEqual(times);
  });
});
