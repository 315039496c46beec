import { type Order, OrderStatus } from '@parcelops/shared';
import { asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createOrder } from '../../../test/order-fixtures.ts';
import { openTestWorld } from '../../../test/test-world.ts';
import { readXlsx } from '../../../test/workbooks.ts';
import { orders, trackingEvents } from '../orders/orders.table.ts';

const { t, admin, operator, sellerA, keyA, keyASid } = await openTestWorld({ orderAccounts: true });

const scan = (code: string, token: string | null = admin, hub?: string) =>
  t.call('GET', `/orders/scan/barcode/${encodeURIComponent(code)}`, {
    token,
    query: hub ? { hub } : undefined,
  });
const eventsOf = (sid: string) =>
  t.database.db
    .select()
    .from(trackingEvents)
    .where(eq(trackingEvents.orderSid, sid))
    .orderBy(asc(trackingEvents.eventTime));
const newOrder = () => createOrder(t, sellerA.token);

describe('GET /orders/scan/barcode/{code}', () => {
  it('moves a Generated order to Scanned once, with the SGN event, and answers the order', async () => {
    const order = await newOrder();
    const first = await scan(order.barcode);
    expect(first.statusCode, first.body).toBe(200);
    const scanned: Order = first.json();
    expect(scanned.sid).toBe(order.sid);
    expect(scanned.status).toBe(OrderStatus.Scanned);
    expect(scanned.items).toHaveLength(order.items.length);

    const again = await scan(order.barcode, operator.token);
    expect(again.statusCode).toBe(200);
    expect(again.json().status).toBe(OrderStatus.Scanned);

    const events = await eventsOf(order.sid);
    expect(events).toHaveLength(2);
    expect(events[1]).toMatchObject({ status: 1, description: 'Received at SGN hub', location: 'Sai Gon' });
  });

  it('names who scanned on the event, and who placed the order on the first', async () => {
    const order = await createOrder(t, keyA);
    expect((await scan(order.barcode, operator.token)).statusCode).toBe(200);
    const events = await eventsOf(order.sid);
    expect(events.map((event) => [event.status, event.actorUserSid, event.actorApiKeySid])).toEqual([
      [OrderStatus.Generated, null, keyASid],
      [OrderStatus.Scanned, operator.user.sid, null],
    ]);
  });

  it('writes the Ha Noi event for the HAN hub', async () => {
    const order = await newOrder();
    expect((await scan(order.barcode, admin, 'HAN')).statusCode).toBe(200);
    const events = await eventsOf(order.sid);
    expect(events.at(-1)).toMatchObject({ description: 'Received at HAN hub', location: 'Ha Noi' });
  });

  it('refuses a hub outside the list', async () => {
    const order = await newOrder();
    expect((await scan(order.barcode, admin, 'LAX')).statusCode).toBe(400);
  });

  it('matches a barcode given in lower case with spaces around it', async () => {
    const order = await newOrder();
    const response = await scan(`  ${order.barcode.toLowerCase()} `);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().sid).toBe(order.sid);
  });

  it('writes exactly one event when the same barcode is scanned at once from several places', async () => {
    const order = await newOrder();
    const replies = await Promise.all(Array.from({ length: 6 }, () => scan(order.barcode, operator.token)));
    expect(replies.map((reply) => reply.statusCode)).toEqual([200, 200, 200, 200, 200, 200]);
    const events = await eventsOf(order.sid);
    expect(events.filter((event) => event.description === 'Received at SGN hub')).toHaveLength(1);
  });

  it('changes nothing on an order past Scanned', async () => {
    const order = await newOrder();
    await t.database.db
      .update(orders)
      .set({ status: OrderStatus.Processing })
      .where(eq(orders.sid, order.sid));
    const response = await scan(order.barcode);
    expect(response.json().status).toBe(OrderStatus.Processing);
    expect(await eventsOf(order.sid)).toHaveLength(1);
  });

  it('refuses an Order Failed order and says why', async () => {
    const order = await newOrder();
    await t.database.db
      .update(orders)
      .set({ status: OrderStatus.OrderFailed, reason: 'Carrier refused the address' })
      .where(eq(orders.sid, order.sid));
    const response = await scan(order.barcode);
    expect(response.statusCode).toBe(409);
    expect(response.json().msg).toBe(
      `Order ${order.orderNumber} is Order Failed: Carrier refused the address`,
    );
    expect(await eventsOf(order.sid)).toHaveLength(1);
  });

  it('answers 404 for an unknown barcode, naming it', async () => {
    const response = await scan(' po0000000000x ');
    expect(response.statusCode).toBe(404);
    expect(response.json().msg).toBe('No order found with barcode PO0000000000X');
  });

  it('is hub work: account users and API keys are refused, anonymous callers are asked to sign in', async () => {
    const order = await newOrder();
    expect((await scan(order.barcode, sellerA.token)).statusCode).toBe(403);
    expect((await scan(order.barcode, keyA)).statusCode).toBe(403);
    expect((await scan(order.barcode, null)).statusCode).toBe(401);
    expect(await eventsOf(order.sid)).toHaveLength(1);
  });
});

describe('POST /orders/scan/report', () => {
  it('answers scanned_orders.xlsx with one row per barcode, as the orders stand', async () => {
    const [one, two] = [await newOrder(), await newOrder()];
    await scan(one.barcode);
    const response = await t.call('POST', '/orders/scan/report', {
      token: operator.token,
      body: { barcodes: [one.barcode, ` ${two.barcode.toLowerCase()}`, 'NOPE', one.barcode, '=1+2'] },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-disposition']).toContain('scanned_orders.xlsx');
    const rows = await readXlsx(response.rawPayload);
    expect(rows[0]).toEqual(['Id', 'Order number', 'Barcode', 'Status', 'Reason', 'Weight in grams']);
    expect(rows[1]).toEqual([1, one.orderNumber, one.barcode, 'Scanned', undefined, one.weight]);
    expect(rows[2]).toEqual([2, two.orderNumber, two.barcode, 'Generated', undefined, two.weight]);
    expect(rows[3]?.slice(0, 5)).toEqual([
      3,
      undefined,
      'NOPE',
      undefined,
      'No order found with barcode NOPE',
    ]);
    // Formula-like text stays text.
    expect(rows[4]?.[2]).toBe('=1+2');
    expect(rows).toHaveLength(5);
  });

  it('is hub work and needs at least one barcode', async () => {
    for (const token of [sellerA.token, keyA]) {
      const refused = await t.call('POST', '/orders/scan/report', { token, body: { barcodes: ['X'] } });
      expect(refused.statusCode).toBe(403);
    }
    const empty = await t.call('POST', '/orders/scan/report', { token: admin, body: { barcodes: [] } });
    expect(empty.statusCode).toBe(400);
  });
});
