/**
 * Credit under concurrent orders (product decisions, Credit): the balance never goes below zero and always
 * equals the ledger's sum, whatever the interleaving. On PostgreSQL the calls really run in parallel.
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  balanceOf,
  createSellerAccount,
  ledgerOf,
  ledgerSum,
  orderBody,
} from '../../../test/order-fixtures.ts';
import { openTestApp } from '../../../test/test-app.ts';
import { orders } from './orders.table.ts';

/** What one order costs on the fixtures' price table (up to 500 g). */
const PRICE = 180000;

const { t, admin } = await openTestApp();
const { account, seller } = await createSellerAccount(t, admin, {
  use_credit: true,
  credit_unit: 'VND',
  topup: 20 * PRICE,
});
/** Orders' worth of credit topped up so far. */
let toppedUp = 20;

const ordersOf = (accountSid: string) =>
  t.database.db.select({ sid: orders.sid }).from(orders).where(eq(orders.accountSid, accountSid));

async function expectConsistent() {
  const balance = await balanceOf(t, admin, account.sid);
  expect(balance).toBeGreaterThanOrEqual(0);
  expect(await ledgerSum(t, account.sid)).toBe(balance);
  for (const row of await ledgerOf(t, account.sid))
    expect(Number(row.balanceAfter)).toBeGreaterThanOrEqual(0);
  // Every order still held was paid for: the topup less what the remaining orders cost.
  const held = (await ordersOf(account.sid)).length;
  expect(balance + held * PRICE).toBe(toppedUp * PRICE);
  // The totals the list shows, kept by triggers as orders come and go at once, match the orders themselves.
  const total = (await t.call('GET', '/orders', { token: seller })).json().total;
  expect(total).toBe(held);
  return balance;
}

describe('concurrent orders on one credit balance', () => {
  it('accepts exactly the orders the balance covers', async () => {
    const responses = await Promise.all(
      Array.from({ length: 50 }, () => t.call('POST', '/orders', { token: seller, body: orderBody() })),
    );
    const statuses = responses.map((response) => response.statusCode);
    expect(statuses.filter((status) => status === 201)).toHaveLength(20);
    expect(statuses.filter((status) => status === 422)).toHaveLength(30);
    for (const response of responses.filter((entry) => entry.statusCode === 422)) {
      expect(response.json()).toMatchObject({ code: 'INSUFFICIENT_CREDIT' });
    }

    expect(await expectConsistent()).toBe(0);
    expect(await ordersOf(account.sid)).toHaveLength(20);
    const charges = (await ledgerOf(t, account.sid)).filter((row) => row.kind === 'order_charge');
    expect(charges).toHaveLength(20);
    const created = new Set(responses.filter((r) => r.statusCode === 201).map((r) => r.json().sid as string));
    expect(new Set(charges.map((row) => row.orderSid))).toEqual(created);
  });

  it('keeps balance and ledger together while deletes refund and new orders spend', async () => {
    const held = (await ordersOf(account.sid)).map((row) => row.sid);
    const calls = [
      ...held.slice(0, 10).map((sid) => t.call('DELETE', `/orders/${sid}`, { token: seller })),
      ...Array.from({ length: 15 }, () => t.call('POST', '/orders', { token: seller, body: orderBody() })),
    ];
    const responses = await Promise.all(calls);
    expect(responses.slice(0, 10).map((response) => response.statusCode)).toEqual(Array(10).fill(200));
    for (const response of responses.slice(10)) expect([201, 422]).toContain(response.statusCode);
    await expectConsistent();
  });

  it('refunds an order deleted twice at once only once', async () => {
    const [sid] = (await ordersOf(account.sid)).map((row) => row.sid);
    const before = await balanceOf(t, admin, account.sid);
    const responses = await Promise.all([
      t.call('DELETE', `/orders/${sid}`, { token: seller }),
      t.call('DELETE', `/orders/${sid}`, { token: admin }),
    ]);
    expect(responses.map((response) => response.statusCode).sort()).toEqual([200, 404]);
    expect(await balanceOf(t, admin, account.sid)).toBe(before + PRICE);
    await expectConsistent();
  });

  it('accepts one of two orders with the same number sent at once', async () => {
    await t.call('PUT', `/accounts/${account.sid}`, { token: admin, body: { topup: 2 * PRICE } });
    toppedUp += 2;
    const body = orderBody();
    const responses = await Promise.all([
      t.call('POST', '/orders', { token: seller, body }),
      t.call('POST', '/orders', { token: seller, body }),
    ]);
    expect(responses.map((response) => response.statusCode).sort()).toEqual([201, 409]);
    const refused = responses.find((response) => response.statusCode === 409);
    expect(refused?.json()).toMatchObject({
      msg: `Order number ${body.orderNumber} already exists in this account.`,
      code: 'ORDER_NUMBER_TAKEN',
      details: [{ path: 'orderNumber' }],
    });
    await expectConsistent();
  });
});
