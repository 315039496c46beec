/**
 * Order-status webhooks end to end on a real database and a real receiver on this machine (HOOKS_ALLOW_PRIVATE):
 * every status change becomes a signed event the `standardwebhooks` package verifies; failures are retried on
 * the schedule (the test makes each scheduled job due at once, and reads the schedule from next_attempt_at);
 * redirects, 410, silence and endless bodies; rotation; the account page's calls and who may make them.
 */
import type { HookDelivery, HookState } from '@parcelops/shared';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { startHookReceiver } from '../../../test/hook-receiver.ts';
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

const { account, seller } = await createSellerAccount(t, admin);
const other = await createSellerAccount(t, admin);

async function setHook(accountSid: string, url: string | null, token = admin): Promise<void> {
  const response = await t.call('PUT', `/accounts/${accountSid}`, {
    token,
    body: { order_status_hook: url },
  });
  expect(response.statusCode, response.body).toBe(200);
}
async function hookState(accountSid = account.sid, token = seller): Promise<HookState> {
  const response = await t.call('GET', `/accounts/${accountSid}/hook`, { token });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}
async function deliveries(accountSid = account.sid, token = seller): Promise<HookDelivery[]> {
  const response = await t.call('GET', `/accounts/${accountSid}/hook/deliveries`, { token });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data;
}
/** Polls until `check` holds for the newest delivery (the background worker gets there on its own). */
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

await setHook(account.sid, receiver.url, seller);
receiver.secrets.push((await hookState()).secret as string);

beforeEach(() => {
  receiver.received.length = 0;
});

describe('events', () => {
  it('sends each status change once, signed so standardwebhooks verifies it, with the order and its sequence', async () => {
    const order = await createOrder(t, seller);
    const [created] = await receiver.waitFor(1);
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
    const [, scanned] = await receiver.waitFor(2);
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
    receiver.script({ status: 500, body: 'down' }, { status: 502 });
    await createOrder(t, seller);
    await receiver.waitFor(1);
    let delivery = await newestWhen((d) => d.attempts.length === 1 && d.next_attempt_at !== null);
    expect(seconds(delivery.attempts[0]?.attempted_at as string, delivery.next_attempt_at)).toBe(5);
    expect((await hookState()).failing_since).not.toBeNull();
    await dueNow();
    await receiver.waitFor(2);
    delivery = await newestWhen((d) => d.attempts.length === 2 && d.next_attempt_at !== null);
    expect(seconds(delivery.attempts[0]?.attempted_at as string, delivery.next_attempt_at)).toBe(300);
    await dueNow();
    const [first, second, third] = await receiver.waitFor(3);
    delivery = await newestWhen((d) => d.state === 'delivered');
    expect(delivery.attempts.map((attempt) => attempt.status_code)).toEqual([200, 502, 500]);
    expect(delivery.attempts[2]?.response_body).toBe('down');
    expect(new Set([first, second, third].map((hook) => hook?.headers['webhook-id'])).size).toBe(1);
    expect([first, second, third].every((hook) => hook?.verifiedBy.length === 1)).toBe(true);
    expect((await hookState()).failing_since).toBeNull();
  });

  it("honours a 429's or 5xx's Retry-After when it asks for longer than the schedule", async () => {
    receiver.script({ status: 503, headers: { 'retry-after': '600' } });
    await createOrder(t, seller);
    const delivery = await newestWhen((d) => d.attempts.length === 1 && d.next_attempt_at !== null);
    expect(seconds(delivery.attempts[0]?.attempted_at as string, delivery.next_attempt_at)).toBe(600);
    await dueNow();
    await newestWhen((d) => d.state === 'delivered');
  });

  it('counts a redirect as a failure and never follows it', async () => {
    receiver.script({ status: 302, headers: { location: `${receiver.url}/elsewhere` } });
    await createOrder(t, seller);
    const delivery = await newestWhen((d) => d.attempts.length === 1 && d.next_attempt_at !== null);
    expect(delivery.attempts[0]).toMatchObject({ status_code: 302 });
    expect(delivery.attempts[0]?.error).toContain('not followed');
    expect(receiver.received.map((hook) => hook.path)).toEqual(['/hook']);
    await dueNow();
    await newestWhen((d) => d.state === 'delivered');
  });

  it('gives a silent receiver the timeout and no more, and reads only 1 KB of an endless answer', async () => {
    receiver.script('silent');
    await createOrder(t, seller);
    const silent = await newestWhen((d) => d.attempts.length === 1);
    expect(silent.attempts[0]?.error).toBe(`No answer within ${TIMEOUT_MS / 1000} s`);
    expect(silent.attempts[0]?.duration_ms).toBeGreaterThanOrEqual(TIMEOUT_MS - 50);
    expect(silent.attempts[0]?.status_code).toBeNull();

    receiver.script('endless');
    await dueNow();
    const endless = await newestWhen((d) => d.state === 'delivered');
    expect(endless.attempts[0]?.response_body).toHaveLength(1024);
  });
});

describe('a receiver that answers 410 Gone', () => {
  it('disables the hook; events wait as failed until it is enabled and they are sent again', async () => {
    receiver.script({ status: 410 });
    await createOrder(t, seller);
    const gone = await newestWhen((d) => d.state === 'failed');
    expect(gone.attempts).toHaveLength(1);
    const state = await hookState();
    expect(state.disabled_at).not.toBeNull();
    expect(state.disabled_reason).toBe('The receiver answered 410 Gone.');

    await createOrder(t, seller);
    const held = await newestWhen((d) => d.id !== gone.id);
    expect(held).toMatchObject({ state: 'failed', attempts: [] });
    const refused = await t.call('POST', `/accounts/${account.sid}/hook/deliveries/${held.id}/resend`, {
      token: seller,
    });
    expect(refused.statusCode).toBe(409);
    expect(receiver.received).toHaveLength(1);

    const enabled = await t.call('POST', `/accounts/${account.sid}/hook/enable`, { token: seller });
    expect(enabled.json()).toMatchObject({ disabled_at: null, disabled_reason: null, failing_since: null });
    const again = await t.call('POST', `/accounts/${account.sid}/hook/deliveries/${held.id}/resend`, {
      token: seller,
    });
    expect(again.statusCode, again.body).toBe(202);
    expect(again.json()).toMatchObject({ id: held.id, state: 'pending' });
    await receiver.waitFor(2);
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
    expect((await hookState(account.sid, admin)).secret).toBe(state.secret);
    for (const path of ['hook', 'hook/deliveries'])
      expect(
        (await t.call('GET', `/accounts/${account.sid}/${path}`, { token: other.seller })).statusCode,
      ).toBe(403);
    const [mine] = await deliveries();
    const foreign = await t.call(
      'POST',
      `/accounts/${other.account.sid}/hook/deliveries/${mine?.id}/resend`,
      {
        token: admin,
      },
    );
    expect(foreign.statusCode).toBe(404);
  });

  it('after a rotation signs with both secrets for a day, so either verifies', async () => {
    const before = (await hookState()).secret as string;
    const response = await t.call('POST', `/accounts/${account.sid}/hook/rotate`, { token: seller });
    expect(response.statusCode, response.body).toBe(200);
    const after: HookState = response.json();
    expect(after.secret).not.toBe(before);
    expect(seconds(after.rotated_at as string, after.previous_secret_until)).toBe(24 * 3600);
    receiver.secrets.splice(0, receiver.secrets.length, before, after.secret as string);

    await createOrder(t, seller);
    const [hook] = await receiver.waitFor(1);
    expect(hook?.headers['webhook-signature']?.split(' ')).toHaveLength(2);
    expect(hook?.verifiedBy).toEqual([0, 1]);
    await newestWhen((d) => d.state === 'delivered');
  });
});

describe('the account page', () => {
  it('sends a test event, and refuses it while no hook is set', async () => {
    const response = await t.call('POST', `/accounts/${account.sid}/hook/test`, { token: seller });
    expect(response.statusCode, response.body).toBe(202);
    expect(response.json()).toMatchObject({ type: 'webhook.test', state: 'pending', attempts: [] });
    const [hook] = await receiver.waitFor(1);
    expect(JSON.parse(hook?.body ?? '')).toMatchObject({
      type: 'webhook.test',
      data: { account_sid: account.sid },
    });
    await newestWhen((d) => d.type === 'webhook.test' && d.state === 'delivered');

    const none = await t.call('POST', `/accounts/${other.account.sid}/hook/test`, { token: other.seller });
    expect(none.statusCode).toBe(409);
    expect((await hookState(other.account.sid, other.seller)).secret).toBeNull();
  });

  it('refuses a hook URL with a user name or password', async () => {
    const response = await t.call('PUT', `/accounts/${account.sid}`, {
      token: seller,
      body: { order_status_hook: 'https://user:secret@seller.example.com/hook' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().details[0]).toMatchObject({ path: 'order_status_hook' });
  });

  it('lists at most the last 100 deliveries, newest first', async () => {
    const list = await deliveries();
    expect(list.length).toBeLessThanOrEqual(100);
    const times = list.map((delivery) => delivery.created_at);
    expect([...times].sort().reverse()).toEqual(times);
  });
});
