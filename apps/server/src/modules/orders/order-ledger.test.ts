import { describe, expect, it } from 'vitest';
import { createOrder, createSellerAccount, onCredit } from '../../../test/order-fixtures.ts';
import { openTestWorld } from '../../../test/test-world.ts';

const { t, admin, operator, sellerA, keyA, sellerB } = await openTestWorld({ orderAccounts: true });

/** A seller on credit: 1,000,000 VND topped up, so orders are charged and re-weighs settled. */
async function creditSeller() {
  const { account, seller } = await createSellerAccount(t, admin, onCredit(1_000_000));
  return { account, token: seller };
}

const entriesOf = async (token: string, orderSid: string) => {
  const response = await t.call('GET', `/orders/${orderSid}/credit_entries`, { token });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as Record<string, unknown>[];
};

describe('GET /orders/{sid}/credit_entries', () => {
  it("lists the order's charge, then the re-weigh it wrote, with the balance after each", async () => {
    const { token } = await creditSeller();
    const order = await createOrder(t, token);
    const reweigh = await t.call('PUT', `/orders/${order.sid}`, { token: admin, body: { weight: 1500 } });
    expect(reweigh.statusCode, reweigh.body).toBe(200);

    const entries = await entriesOf(token, order.sid);
    expect(entries).toMatchObject([
      { kind: 'order_charge', amount: -180000, balance_after: 820000, unit: 'VND' },
      {
        kind: 'reweigh',
        amount: -220000,
        balance_after: 600000,
        unit: 'VND',
        note: `Order ${order.orderNumber}: 400 g to 1500 g`,
      },
    ]);
    expect(new Date(String(entries[1]?.date_created)).getTime()).not.toBeNaN();
    // Staff read the same rows.
    expect(await entriesOf(admin, order.sid)).toEqual(entries);
    expect(await entriesOf(operator.token, order.sid)).toEqual(entries);
  });

  it('is empty for an order not paid on credit', async () => {
    const order = await createOrder(t, sellerA.token);
    expect(await entriesOf(sellerA.token, order.sid)).toEqual([]);
    expect(await entriesOf(keyA, order.sid)).toEqual([]);
  });

  it("answers 404 for another account's order and for no order, 401 without a token", async () => {
    const order = await createOrder(t, sellerA.token);
    const other = await t.call('GET', `/orders/${order.sid}/credit_entries`, { token: sellerB.token });
    expect(other.statusCode).toBe(404);
    expect(other.json()).toMatchObject({ msg: 'Order not found.' });
    const missing = await t.call('GET', '/orders/no-such-order/credit_entries', { token: admin });
    expect(missing.statusCode).toBe(404);
    const anonymous = await t.call('GET', `/orders/${order.sid}/credit_entries`);
    expect(anonymous.statusCode).toBe(401);
  });
});
