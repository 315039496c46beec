/**
 * GET /orders/{id}/history: who did what to an order, for the staff. Status changes come from the tracking
 * events, re-weighs, edits and deletion from order_history; every entry names its maker.
 */
import { type OrderHistoryEntry, OrderStatus } from '@parcelops/shared';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  balanceOf,
  createHsCode,
  createOrder,
  createSellerAccount,
  ledgerOf,
  ledgerSum,
  onCredit,
  orderItem,
} from '../../../test/order-fixtures.ts';
import { ADMIN_USERNAME } from '../../../test/test-app.ts';
import { openTestWorld } from '../../../test/test-world.ts';
import { multipart, xlsx } from '../../../test/workbooks.ts';
import { orderHistory } from './orders.table.ts';

const { t, admin, operator, sellerA, sellerB, keyA, keyASid } = await openTestWorld({ orderAccounts: true });

async function historyOf(orderSid: string, token = admin): Promise<OrderHistoryEntry[]> {
  const response = await t.call('GET', `/orders/${orderSid}/history`, { token });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

const reweigh = (orderSid: string, weight: number, token = admin) =>
  t.call('PUT', `/orders/${orderSid}`, { token, body: { weight } });

const sellerAsActor = { kind: 'user', sid: sellerA.user.sid, name: sellerA.user.username };
const operatorAsActor = { kind: 'user', sid: operator.user.sid, name: operator.user.username };
const adminAsActor = { kind: 'user', sid: expect.any(String), name: ADMIN_USERNAME };

const newHsCode = () => createHsCode(t, admin);

/** A re-weigh as the history tells it: from and to (grams), who did it and what it settled. */
const reweighEntry = (from: number, to: number, actor: unknown, details: Record<string, unknown>) => ({
  at: expect.any(String),
  kind: 'reweighed',
  status: null,
  description: `Re-weighed from ${from} g to ${to} g`,
  description_text: { key: 'orders.history.reweighed', params: { from: String(from), to: String(to) } },
  location: null,
  location_text: null,
  actor,
  details,
  reason: null,
});

describe('GET /orders/{id}/history', () => {
  it('starts with the creation event, naming the API key or the person who placed the order', async () => {
    const byKey = await createOrder(t, keyA);
    expect(await historyOf(byKey.sid)).toEqual([
      {
        at: expect.any(String),
        kind: 'status',
        status: OrderStatus.Generated,
        description: 'Order created',
        description_text: { key: 'orders.event.created' },
        location: expect.any(String),
        location_text: null,
        actor: { kind: 'api_key', sid: keyASid, name: `API key …${keyASid.slice(-4)}` },
        details: null,
        reason: null,
      },
    ]);

    const bySession = await createOrder(t, sellerA.token);
    const [created] = await historyOf(bySession.sid, operator.token);
    expect(created).toMatchObject({ kind: 'status', status: OrderStatus.Generated, actor: sellerAsActor });
    expect(new Date(created?.at ?? '').getTime()).not.toBeNaN();
  });

  it('adds the hub scan and a status upload, newest first, each with its maker', async () => {
    const order = await createOrder(t, sellerA.token);
    const scan = await t.call('GET', `/orders/scan/barcode/${order.barcode}`, { token: admin });
    expect(scan.statusCode, scan.body).toBe(200);
    const upload = await t.call('POST', '/orders/status', {
      token: operator.token,
      body: multipart(
        { status: String(OrderStatus.Failed), reason: 'Address unreachable' },
        { buffer: await xlsx([['barcode'], [order.barcode]]) },
      ),
    });
    expect(upload.statusCode, upload.body).toBe(200);

    const history = await historyOf(order.sid);
    expect(history.map((entry) => [entry.kind, entry.status, entry.actor])).toEqual([
      ['status', OrderStatus.Failed, operatorAsActor],
      ['status', OrderStatus.Scanned, adminAsActor],
      ['status', OrderStatus.Generated, sellerAsActor],
    ]);
    expect(history[1]).toMatchObject({
      description: 'Received at SGN hub',
      location: 'Sai Gon',
      details: null,
    });
    const times = history.map((entry) => Date.parse(entry.at));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
  });

  it('records a re-weigh with the weights, the credit difference and who re-weighed', async () => {
    const { account, seller } = await createSellerAccount(t, admin, onCredit(1000000));
    const order = await createOrder(t, seller);
    expect((await reweigh(order.sid, 1500, operator.token)).statusCode).toBe(200);
    expect((await reweigh(order.sid, 700)).statusCode).toBe(200);
    // The same weight again changes nothing and records nothing.
    expect((await reweigh(order.sid, 700)).statusCode).toBe(200);

    const history = await historyOf(order.sid);
    expect(history.map((entry) => entry.kind)).toEqual(['reweighed', 'reweighed', 'status']);
    expect(history[0]).toEqual(
      reweighEntry(1500, 700, adminAsActor, {
        old_weight: 1500,
        new_weight: 700,
        difference: -150000,
        unit: 'VND',
      }),
    );
    expect(history[1]).toEqual(
      reweighEntry(400, 1500, operatorAsActor, {
        old_weight: 400,
        new_weight: 1500,
        difference: 220000,
        unit: 'VND',
      }),
    );
    expect(await balanceOf(t, admin, account.sid)).toBe(750000);
    expect(await ledgerSum(t, account.sid)).toBe(750000);
  });

  it('gives no credit difference for an order not on credit', async () => {
    const { seller } = await createSellerAccount(t, admin, { use_credit: false });
    const order = await createOrder(t, seller);
    expect((await reweigh(order.sid, 1500, operator.token)).statusCode).toBe(200);
    const [reweighed] = await historyOf(order.sid);
    expect(reweighed?.details).toEqual({ old_weight: 400, new_weight: 1500, difference: null, unit: null });
  });

  it("records an edit by the names of the fields that changed, never their values, and an item's HS code", async () => {
    const order = await createOrder(t, sellerA.token, {
      items: [orderItem(), orderItem({ skuNumber: 'SKU-2' })],
    });
    const edit = await t.call('PUT', `/orders/${order.sid}`, {
      token: admin,
      body: { name: 'Tran Thi B', city: order.city, phone: '' },
    });
    expect(edit.statusCode, edit.body).toBe(200);
    const code = await newHsCode();
    const item = order.items[1]?.sid as string;
    expect(
      (await t.call('PUT', `/orders/items/${item}`, { token: admin, body: { hs_code: code } })).statusCode,
    ).toBe(200);
    // Setting the code it has already is no change.
    expect(
      (await t.call('PUT', `/orders/items/${item}`, { token: admin, body: { hs_code: code } })).statusCode,
    ).toBe(200);

    const history = await historyOf(order.sid);
    expect(history.slice(0, 2)).toEqual([
      {
        at: expect.any(String),
        kind: 'edited',
        status: null,
        description: "An item's HS code changed",
        description_text: { key: 'orders.history.hsCodeChanged' },
        location: null,
        location_text: null,
        actor: adminAsActor,
        details: {
          fields: ['hs_code'],
          item_sid: item,
          sku: 'SKU-2',
          changes: { hs_code: { old: null, new: code } },
        },
        reason: null,
      },
      {
        at: expect.any(String),
        kind: 'edited',
        status: null,
        description: 'Customer details edited: name, phone',
        description_text: { key: 'orders.history.customerEdited', params: { fields: 'name, phone' } },
        location: null,
        location_text: null,
        actor: adminAsActor,
        details: { fields: ['name', 'phone'] },
        reason: null,
      },
    ]);
    expect(history).toHaveLength(3);
    expect(JSON.stringify(history)).not.toContain('Tran Thi B');
  });

  it('records a re-weigh and an edit made in one call as two entries, the edit last', async () => {
    const order = await createOrder(t, sellerA.token);
    const response = await t.call('PUT', `/orders/${order.sid}`, {
      token: admin,
      body: { weight: 900, address1: '99 Nguyen Hue' },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect((await historyOf(order.sid)).map((entry) => [entry.kind, entry.details])).toEqual([
      ['edited', { fields: ['address1'] }],
      ['reweighed', { old_weight: 400, new_weight: 900, difference: null, unit: null }],
      ['status', null],
    ]);
  });

  it("keeps a deleted order's record: its edits and who deleted it", async () => {
    const order = await createOrder(t, sellerA.token);
    await t.call('PUT', `/orders/${order.sid}`, { token: admin, body: { city: 'Tacoma' } });
    expect((await t.call('DELETE', `/orders/${order.sid}`, { token: keyA })).statusCode).toBe(200);
    expect(await historyOf(order.sid)).toEqual([
      {
        at: expect.any(String),
        kind: 'deleted',
        status: null,
        description: 'Order deleted',
        description_text: { key: 'orders.history.deleted' },
        location: null,
        location_text: null,
        actor: { kind: 'api_key', sid: keyASid, name: `API key …${keyASid.slice(-4)}` },
        details: { refund: null },
        reason: null,
      },
      expect.objectContaining({ kind: 'edited', details: { fields: ['city'] } }),
    ]);
    const rows = await t.database.db.select().from(orderHistory).where(eq(orderHistory.orderSid, order.sid));
    expect(rows).toHaveLength(2);
  });

  it('is for the staff: account users and API keys are refused, even for their own orders', async () => {
    const order = await createOrder(t, sellerA.token);
    for (const token of [sellerA.token, keyA, sellerB.token]) {
      const response = await t.call('GET', `/orders/${order.sid}/history`, { token });
      expect(response.statusCode).toBe(403);
    }
    expect((await t.call('GET', `/orders/${order.sid}/history`, { token: null })).statusCode).toBe(401);
    for (const token of [admin, operator.token])
      expect((await t.call('GET', `/orders/${order.sid}/history`, { token })).statusCode).toBe(200);
  });

  it('answers not found for an order that never existed', async () => {
    const response = await t.call('GET', '/orders/no-such-order/history', { token: admin });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ msg: 'Order not found.', code: 'NOT_FOUND', key: 'orders.notFound' });
  });

  it('leaves the public tracking reply as it was: description, location and time only', async () => {
    const order = await createOrder(t, keyA);
    await reweigh(order.sid, 900, operator.token);
    const response = await t.call('GET', '/tracking', { query: { filter: order.barcode } });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual([
      {
        description: 'Order created',
        description_text: { key: 'orders.event.created' },
        location: expect.any(String),
        location_text: null,
        eventTime: expect.any(String),
        status: 0,
      },
    ]);
  });
});

describe('PUT /orders/{id} by an operator', () => {
  it('settles a re-weigh on credit exactly as the same re-weigh by an admin', async () => {
    const { account, seller } = await createSellerAccount(t, admin, onCredit(100, 'USD'));
    const byAdmin = await createOrder(t, seller);
    const byOperator = await createOrder(t, seller);
    expect(await balanceOf(t, admin, account.sid)).toBe(85);

    const adminReply = await reweigh(byAdmin.sid, 1500);
    const operatorReply = await reweigh(byOperator.sid, 1500, operator.token);
    expect(operatorReply.statusCode, operatorReply.body).toBe(200);
    const {
      sid: _a,
      orderNumber: _an,
      barcode: _ab,
      date_created: _ad,
      items: _ai,
      ...adminOrder
    } = adminReply.json();
    expect(operatorReply.json()).toMatchObject({ ...adminOrder, weight: 1500, vnd: 400000, usd: 16 });

    const reweighs = (await ledgerOf(t, account.sid)).filter((row) => row.kind === 'reweigh');
    const rowOf = (orderSid: string) => reweighs.find((row) => row.orderSid === orderSid);
    expect(rowOf(byOperator.sid)).toMatchObject({
      amount: rowOf(byAdmin.sid)?.amount,
      unit: 'USD',
      createdBy: operator.user.sid,
    });
    expect(Number(rowOf(byOperator.sid)?.amount)).toBe(-8.5);
    expect(await balanceOf(t, admin, account.sid)).toBe(68);
    expect(await ledgerSum(t, account.sid)).toBe(68);

    const [adminEntry] = await historyOf(byAdmin.sid);
    const [operatorEntry] = await historyOf(byOperator.sid);
    expect(operatorEntry).toMatchObject({ ...adminEntry, at: expect.any(String), actor: operatorAsActor });
    expect(operatorEntry?.details).toEqual({
      old_weight: 400,
      new_weight: 1500,
      difference: 8.5,
      unit: 'USD',
    });
  });

  it("refuses an operator the customer's details, with or without a weight, changing nothing", async () => {
    const order = await createOrder(t, sellerA.token);
    for (const body of [{ name: 'Someone Else' }, { weight: 900, city: 'Hue' }, { address2: null }]) {
      const response = await t.call('PUT', `/orders/${order.sid}`, { token: operator.token, body });
      expect(response.statusCode, JSON.stringify(body)).toBe(403);
      expect(response.json()).toEqual({
        msg: "Operators may only re-weigh an order (send the weight alone); the customer's details are corrected by an admin.",
        code: 'FORBIDDEN',
        key: 'orders.operatorReweighOnly',
      });
    }
    expect((await t.call('GET', `/orders/${order.sid}`, { token: admin })).json()).toEqual(order);
    expect((await historyOf(order.sid)).map((entry) => entry.kind)).toEqual(['status']);
  });
});
