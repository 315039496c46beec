import { randomBytes } from 'node:crypto';
import { type Order, OrderStatus } from '@parcelops/shared';
import { asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createOrder, orderItem } from '../../../test/order-fixtures.ts';
import { openTestWorld } from '../../../test/test-world.ts';
import { multipart, readXlsx, xlsx } from '../../../test/workbooks.ts';
import { orders, trackingEvents } from '../orders/orders.table.ts';

const { t, admin, operator, sellerA, keyA } = await openTestWorld({ orderAccounts: true });

const sheet = (barcodes: unknown[], header: unknown = 'Barcode') =>
  xlsx([[header], ...barcodes.map((b) => [b])]);
const details = async (barcodes: unknown[], token: string | null = operator.token) =>
  t.call('POST', '/orders/getDetails', {
    token,
    body: multipart({}, { buffer: await sheet(barcodes) }),
  });
const setStatus = async (
  barcodes: unknown[],
  fields: Record<string, string>,
  token: string | null = operator.token,
) =>
  t.call('POST', '/orders/status', {
    token,
    body: multipart(fields, { buffer: await sheet(barcodes) }),
  });
const eventsOf = (sid: string) =>
  t.database.db
    .select()
    .from(trackingEvents)
    .where(eq(trackingEvents.orderSid, sid))
    .orderBy(asc(trackingEvents.eventTime));
const statusOf = async (sid: string) =>
  (await t.database.db.select().from(orders).where(eq(orders.sid, sid)))[0];
const newOrder = (overrides: Record<string, unknown> = {}) => createOrder(t, sellerA.token, overrides);
const rowsOf = async (response: { rawPayload: Buffer }) => readXlsx(response.rawPayload);

describe('POST /orders/getDetails', () => {
  it('answers Order_details.xlsx: one row per barcode in upload order, blank lines skipped, duplicates once', async () => {
    const one = await newOrder({
      items: [orderItem({ skuNumber: 'SKU-A', quantity: 2 }), orderItem({ skuNumber: 'SKU-B' })],
    });
    const two = await newOrder();
    const response = await details([
      two.barcode,
      null,
      ` ${one.barcode.toLowerCase()} `,
      'PO0000000000',
      '',
      two.barcode,
    ]);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toBe('attachment; filename="Order_details.xlsx"');
    const rows = await rowsOf(response);
    const header = rows[0] as string[];
    const col = (name: string) => header.indexOf(name);
    expect(header.slice(0, 4)).toEqual(['barcode', 'result', 'sid', 'orderNumber']);
    expect(rows.slice(1).map((row) => [row[0], row[1], row[col('orderNumber')] ?? null])).toEqual([
      [two.barcode, 'found', two.orderNumber],
      [one.barcode, 'found', one.orderNumber],
      ['PO0000000000', 'not found', null],
    ]);
    expect(rows[2]?.[col('status')]).toBe('Generated');
    expect(rows[2]?.[col('items')]).toBe(2);
    expect(rows[2]?.[col('item details')]).toBe('SKU-A x 2 (T-shirt); SKU-B x 1 (T-shirt)');
  });

  it('takes any header text for the one column', async () => {
    const order = await newOrder();
    const response = await t.call('POST', '/orders/getDetails', {
      token: admin,
      body: multipart({}, { buffer: await sheet([order.barcode], 'Mã vận đơn') }),
    });
    expect(response.statusCode).toBe(200);
    expect((await rowsOf(response))[1]?.[0]).toBe(order.barcode);
  });

  it('refuses a file that is not an xlsx and a missing file', async () => {
    const bad = await t.call('POST', '/orders/getDetails', {
      token: operator.token,
      body: multipart({}, { buffer: Buffer.from('barcode\nPO1\n') }),
    });
    expect(bad.statusCode).toBe(400);
    const none = await t.call('POST', '/orders/getDetails', { token: operator.token, body: multipart({}) });
    expect(none.statusCode).toBe(400);
    expect(none.json().details).toEqual([{ path: 'file', message: 'Please choose an Excel file.' }]);
  });

  it('refuses a file over 10 MB with 413', async () => {
    const response = await t.call('POST', '/orders/status', {
      token: operator.token,
      body: multipart({ status: '1' }, { buffer: randomBytes(10.5 * 1024 * 1024) }),
    });
    expect(response.statusCode).toBe(413);
  });

  it('is hub work: account users and API keys 403, anonymous 401', async () => {
    const order = await newOrder();
    expect((await details([order.barcode], sellerA.token)).statusCode).toBe(403);
    expect((await details([order.barcode], keyA)).statusCode).toBe(403);
    expect((await details([order.barcode], null)).statusCode).toBe(401);
  });
});

describe('POST /orders/status', () => {
  const resultRows = async (response: { rawPayload: Buffer }) => (await rowsOf(response)).slice(1);

  it('moves every listed order with one tracking event each, and reports each barcode', async () => {
    const [a, b, c, failed] = await Promise.all([newOrder(), newOrder(), newOrder(), newOrder()]);
    await t.database.db.update(orders).set({ status: OrderStatus.Delivered }).where(eq(orders.sid, c.sid));
    await t.database.db
      .update(orders)
      .set({ status: OrderStatus.OrderFailed, reason: 'Carrier refused' })
      .where(eq(orders.sid, failed.sid));
    const response = await setStatus(
      [a.barcode, ` ${b.barcode.toLowerCase()}`, '', c.barcode, 'NOPE-1', failed.barcode, a.barcode],
      { status: String(OrderStatus.Delivered) },
    );
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('spreadsheetml');
    expect(await resultRows(response)).toEqual([
      [a.barcode, a.orderNumber, 'updated', 'Generated -> Delivered'],
      [b.barcode, b.orderNumber, 'updated', 'Generated -> Delivered'],
      [c.barcode, c.orderNumber, 'unchanged', 'Already Delivered.'],
      ['NOPE-1', undefined, 'not found', 'No order has this barcode.'],
      [
        failed.barcode,
        failed.orderNumber,
        'refused',
        'The order is Order Failed: it was not accepted and its status cannot change.',
      ],
    ]);
    for (const order of [a, b]) {
      expect((await statusOf(order.sid))?.status).toBe(OrderStatus.Delivered);
      const events = await eventsOf(order.sid);
      expect(events.map((event) => [event.status, event.description, event.actorUserSid])).toEqual([
        [0, events[0]?.description, sellerA.user.sid],
        [4, 'Delivered', operator.user.sid],
      ]);
      expect(events.map((event) => event.actorApiKeySid)).toEqual([null, null]);
    }
    expect(await eventsOf(c.sid)).toHaveLength(1);
    expect((await statusOf(failed.sid))?.status).toBe(OrderStatus.OrderFailed);
    expect(await eventsOf(failed.sid)).toHaveLength(1);
  });

  it('sets Failed with its reason, and requires the reason', async () => {
    const order = await newOrder();
    const missing = await setStatus([order.barcode], { status: '5' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().details).toEqual([{ path: 'reason', message: 'A reason is required for Failed.' }]);
    const response = await setStatus([order.barcode], { status: '5', reason: 'Address unreachable' });
    expect(response.statusCode).toBe(200);
    expect(await statusOf(order.sid)).toMatchObject({ status: 5, reason: 'Address unreachable' });
  });

  it.each([
    ['Order Failed', '10'],
    ['a status outside the list', '7'],
    ['text', 'Delivered'],
    ['nothing', ''],
  ])('refuses %s with 400 and changes nothing', async (_label, status) => {
    const order = await newOrder();
    const response = await setStatus([order.barcode], { status });
    expect(response.statusCode).toBe(400);
    expect(response.json().details?.[0]?.path).toBe('status');
    expect((await statusOf(order.sid))?.status).toBe(OrderStatus.Generated);
  });

  it('is hub work: account users and API keys 403, anonymous 401', async () => {
    const order = await newOrder();
    for (const token of [sellerA.token, keyA])
      expect((await setStatus([order.barcode], { status: '1' }, token)).statusCode).toBe(403);
    expect((await setStatus([order.barcode], { status: '1' }, null)).statusCode).toBe(401);
    expect((await statusOf(order.sid))?.status).toBe(OrderStatus.Generated);
    expect((await setStatus([order.barcode], { status: '1' }, admin)).statusCode).toBe(200);
  });

  it('racing scans of the same orders: one Scanned event each, no deadlock', async () => {
    const batch: Order[] = [];
    for (let i = 0; i < 8; i += 1) batch.push(await newOrder());
    const barcodes = batch.map((order) => order.barcode);
    const scans = [...barcodes]
      .reverse()
      .map((code) => t.call('GET', `/orders/scan/barcode/${encodeURIComponent(code)}`, { token: admin }));
    const [upload, ...scanned] = await Promise.all([setStatus(barcodes, { status: '1' }), ...scans]);
    expect(upload.statusCode).toBe(200);
    expect(scanned.map((reply) => reply.statusCode)).toEqual(barcodes.map(() => 200));
    for (const order of batch) {
      expect((await statusOf(order.sid))?.status).toBe(OrderStatus.Scanned);
      expect(
        (await eventsOf(order.sid)).filter((event) => event.status === OrderStatus.Scanned),
      ).toHaveLength(1);
    }
  });
});
