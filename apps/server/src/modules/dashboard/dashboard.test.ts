import type { Dashboard, Order } from '@parcelops/shared';
import { eq, inArray, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { createOrder, createOrderAccount } from '../../../test/order-fixtures.ts';
import { openTestWorld } from '../../../test/test-world.ts';
import { orders } from '../orders/orders.table.ts';

const { t, admin, operator, accountA, accountB, sellerA, sellerB, keyA } = await openTestWorld({
  orderAccounts: true,
});

async function dashboard(token: string, query: Record<string, string> = {}): Promise<Dashboard> {
  const response = await t.call('GET', '/dashboard', { token, query });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

/** How many orders of `status` the reply counts on `day`. */
const countOn = (reply: Dashboard, day: string, status = 0) =>
  reply.ordersPerDay.find((row) => row.day === day && row.status === status)?.count ?? 0;
const total = (reply: Dashboard) => reply.ordersPerDay.reduce((sum, row) => sum + row.count, 0);
const dayOf = (order: Order) => new Date(order.date_created).toISOString().slice(0, 10);

/** Moves orders back in time; the order_counts triggers move their counts along. */
async function backdate(orderSids: string[], daysAgo: number) {
  await t.database.db
    .update(orders)
    .set({ dateCreated: sql`now() - make_interval(days => ${daysAgo})` })
    .where(inArray(orders.sid, orderSids));
}

/** A's orders: one Generated, one moved on to Scanned, one placed 40 days ago (outside the default 30 days). */
let a1: Order;
let a2: Order;
let b1: Order;
let b2: Order;

beforeAll(async () => {
  a1 = await createOrder(t, sellerA.token);
  a2 = await createOrder(t, sellerA.token);
  const old = await createOrder(t, keyA);
  b1 = await createOrder(t, sellerB.token);
  b2 = await createOrder(t, sellerB.token);
  await t.database.db.update(orders).set({ status: 1 }).where(eq(orders.sid, a2.sid));
  await backdate([old.sid], 40);
});

describe('GET /dashboard', () => {
  it("gives a seller their own account's counts per day and status, and nothing of another account", async () => {
    const reply = await dashboard(sellerA.token);
    const today = dayOf(a1);
    expect(reply.to).toBe(today);
    expect(countOn(reply, today, 0)).toBe(1);
    expect(countOn(reply, today, 1)).toBe(1);
    expect(total(reply)).toBe(2);

    const other = await dashboard(sellerB.token);
    expect(total(other)).toBe(2);
    expect(countOn(other, dayOf(b1), 0)).toBe(2);
  });

  it('covers the last 30 UTC days by default, today included, and up to 90 when asked', async () => {
    const reply = await dashboard(sellerA.token);
    const span = (Date.parse(reply.to) - Date.parse(reply.from)) / 86_400_000;
    expect(span).toBe(29);

    const longer = await dashboard(sellerA.token, { days: '90' });
    expect(total(longer)).toBe(3);
    const fortyDaysAgo = new Date(Date.parse(longer.to) - 40 * 86_400_000).toISOString().slice(0, 10);
    expect(countOn(longer, fortyDaysAgo, 0)).toBe(1);
  });

  it("gives the seller's spend per day in the account's unit: what the orders of that day cost", async () => {
    const reply = await dashboard(sellerA.token);
    expect(reply.spend).toEqual({
      unit: 'VND',
      perDay: [{ day: dayOf(a1), amount: a1.vnd + a2.vnd }],
    });
  });

  it('answers an API key as its account user', async () => {
    const reply = await dashboard(keyA);
    expect(total(reply)).toBe(2);
    expect(reply.spend?.unit).toBe('VND');
  });

  it('gives staff every account, without spend, or one account with its spend when they name it', async () => {
    for (const token of [admin, operator.token]) {
      const reply = await dashboard(token);
      expect(reply.spend).toBeNull();
      expect(countOn(reply, dayOf(a1), 0)).toBeGreaterThanOrEqual(3);

      const onlyB = await dashboard(token, { account_sid: accountB.sid });
      expect(total(onlyB)).toBe(2);
      expect(onlyB.spend?.perDay).toEqual([{ day: dayOf(b1), amount: b1.vnd + b2.vnd }]);
    }
  });

  it('sums USD for an account that pays in USD', async () => {
    const usd = await createOrderAccount(t, admin, { credit_unit: 'USD' });
    const first = await createOrder(t, admin, { account_sid: usd.sid });
    const second = await createOrder(t, admin, { account_sid: usd.sid });
    const reply = await dashboard(admin, { account_sid: usd.sid });
    expect(reply.spend).toEqual({
      unit: 'USD',
      perDay: [{ day: dayOf(first), amount: first.usd + second.usd }],
    });
  });

  it('follows deletions: a deleted order leaves the counts and the spend', async () => {
    const doomed = await createOrder(t, sellerB.token);
    expect(total(await dashboard(sellerB.token))).toBe(3);
    const response = await t.call('DELETE', `/orders/${doomed.sid}`, { token: sellerB.token });
    expect(response.statusCode, response.body).toBeLessThan(300);
    const reply = await dashboard(sellerB.token);
    expect(total(reply)).toBe(2);
    expect(reply.spend?.perDay[0]?.amount).toBe(b1.vnd + b2.vnd);
  });

  it("refuses a seller another account's dashboard", async () => {
    const response = await t.call('GET', '/dashboard', {
      token: sellerA.token,
      query: { account_sid: accountB.sid },
    });
    expect(response.statusCode).toBe(403);
    expect((await dashboard(sellerA.token, { account_sid: accountA.sid })).spend?.unit).toBe('VND');
  });

  it('answers 404 for an account that does not exist', async () => {
    const response = await t.call('GET', '/dashboard', { token: admin, query: { account_sid: 'nope' } });
    expect(response.statusCode).toBe(404);
  });

  it.each(['0', '91', '1.5', 'many'])('refuses days=%s', async (days) => {
    const response = await t.call('GET', '/dashboard', { token: sellerA.token, query: { days } });
    expect(response.statusCode).toBe(400);
    expect(response.json().details?.[0]?.path).toBe('days');
  });

  it('accepts the bounds, 1 and 90 days', async () => {
    const one = await dashboard(sellerA.token, { days: '1' });
    expect(one.from).toBe(one.to);
    expect((await dashboard(sellerA.token, { days: '90' })).from).toBeDefined();
  });

  it('refuses callers who are not signed in', async () => {
    expect((await t.call('GET', '/dashboard')).statusCode).toBe(401);
  });
});
