import { randomBytes } from 'node:crypto';
import {
  type Order,
  OrderStatus,
  STATUS_PREVIEW_LIST_MAX,
  STATUS_RESULT_HEADERS,
  type StatusUploadPreview,
} from '@parcelops/shared';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createOrder, orderItem, trackingEventsOf } from '../../../test/order-fixtures.ts';
import { openTestWorld } from '../../../test/test-world.ts';
import { multipart, readXlsx, xlsx } from '../../../test/workbooks.ts';
import { orders } from '../orders/orders.table.ts';

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
const eventsOf = (sid: string) => trackingEventsOf(t, sid);
const statusOf = async (sid: string) =>
  (await t.database.db.select().from(orders).where(eq(orders.sid, sid)))[0];
const newOrder = (overrides: Record<string, unknown> = {}) => createOrder(t, sellerA.token, overrides);
const rowsOf = async (response: { rawPayload: Buffer }) => readXlsx(response.rawPayload);
/** Puts the order in `status` as a manifest or an earlier upload would have (no event, as older data may be). */
const seed = (sid: string, status: number, reason: string | null = null) =>
  t.database.db.update(orders).set({ status, reason }).where(eq(orders.sid, sid));
const counts = (response: { headers: Record<string, unknown> }) =>
  Object.fromEntries(
    Object.entries(STATUS_RESULT_HEADERS).map(([name, header]) => [name, Number(response.headers[header])]),
  );
const preview = async (
  barcodes: unknown[],
  fields: Record<string, string>,
  token: string | null = operator.token,
) =>
  t.call('POST', '/orders/status/preview', {
    token,
    body: multipart(fields, { buffer: await sheet(barcodes) }),
  });

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
    expect(none.json().details).toMatchObject([{ path: 'file', message: 'Please choose an Excel file.' }]);
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

const resultRowsOf = async (response: { rawPayload: Buffer }) => (await rowsOf(response)).slice(1);

describe('POST /orders/status', () => {
  const resultRows = resultRowsOf;

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
        'Order Failed is final: only an admin, giving a reason, can move the order out of it.',
      ],
    ]);
    expect(counts(response)).toEqual({ updated: 2, unchanged: 1, refused: 1, notFound: 1 });
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
    expect(missing.json().details).toMatchObject([
      { path: 'reason', message: 'A reason is required for Failed.' },
    ]);
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

const S = OrderStatus;
const OPERATOR = 'operator';
const ADMIN = 'admin';
const WHY = 'Carrier returned the parcel';

describe('POST /orders/status: the transition rules', () => {
  const tokenOf = (who: string) => (who === ADMIN ? admin : operator.token);

  it.each([
    // [from, to, who, reason, result, refusal code]
    [S.Generated, S.Scanned, OPERATOR, undefined, 'updated', null],
    [S.Scanned, S.Processing, OPERATOR, undefined, 'updated', null],
    [S.Processing, S.Processed, OPERATOR, undefined, 'updated', null],
    [S.Scanned, S.Delivered, OPERATOR, undefined, 'updated', null],
    [S.Processed, S.Failed, OPERATOR, WHY, 'updated', null],
    [S.Failed, S.Scanned, OPERATOR, undefined, 'updated', null],
    [S.Processed, S.Scanned, OPERATOR, undefined, 'refused', 'BACKWARDS'],
    [S.Processing, S.Scanned, OPERATOR, WHY, 'refused', 'BACKWARDS'],
    [S.Processed, S.Scanned, ADMIN, undefined, 'refused', 'BACKWARDS'],
    [S.Processed, S.Scanned, ADMIN, WHY, 'updated', null],
    [S.Scanned, S.Generated, OPERATOR, undefined, 'refused', 'BACK_TO_GENERATED'],
    [S.Delivered, S.Generated, ADMIN, WHY, 'refused', 'BACK_TO_GENERATED'],
    [S.Generated, S.Generated, OPERATOR, undefined, 'unchanged', null],
    [S.Delivered, S.Failed, OPERATOR, WHY, 'refused', 'FINAL_STATUS'],
    [S.Delivered, S.Processed, ADMIN, undefined, 'refused', 'FINAL_STATUS'],
    [S.Delivered, S.Processed, ADMIN, WHY, 'updated', null],
    [S.OrderFailed, S.Scanned, OPERATOR, WHY, 'refused', 'FINAL_STATUS'],
    [S.OrderFailed, S.Scanned, ADMIN, WHY, 'updated', null],
  ] as const)('%i -> %i by an %s (reason %j): %s %s', async (from, to, who, reason, result, code) => {
    const order = await newOrder();
    if (from !== S.Generated) await seed(order.sid, from, from === S.OrderFailed ? 'Refused' : null);
    const fields: Record<string, string> = { status: String(to), ...(reason ? { reason } : {}) };

    const planned = await preview([order.barcode], fields, tokenOf(who));
    expect(planned.statusCode, planned.body).toBe(200);
    const plan: StatusUploadPreview = planned.json();
    expect(plan.moves).toEqual(result === 'updated' ? [{ from, to, count: 1 }] : []);
    expect(plan.unchanged).toBe(result === 'unchanged' ? 1 : 0);
    expect(plan.refused.map((refusal) => refusal.code)).toEqual(code ? [code] : []);

    const response = await setStatus([order.barcode], fields, tokenOf(who));
    expect(response.statusCode, response.body).toBe(200);
    const [row] = (await rowsOf(response)).slice(1);
    expect(row?.[2]).toBe(result);
    if (code) expect(row?.[3]).toBe(plan.refused[0]?.msg);
    expect(counts(response)).toEqual({
      updated: result === 'updated' ? 1 : 0,
      unchanged: result === 'unchanged' ? 1 : 0,
      refused: result === 'refused' ? 1 : 0,
      notFound: 0,
    });
    const stored = await statusOf(order.sid);
    expect(stored?.status).toBe(result === 'updated' ? to : from);
    const events = await eventsOf(order.sid);
    expect(events).toHaveLength(result === 'updated' ? 2 : 1);
  });

  it("records an admin's override and its reason on the event, and says so in the workbook", async () => {
    const order = await newOrder();
    await seed(order.sid, S.Delivered);
    const response = await setStatus([order.barcode], { status: String(S.Scanned), reason: WHY }, admin);
    expect((await rowsOf(response))[1]).toEqual([
      order.barcode,
      order.orderNumber,
      'updated',
      'Delivered -> Scanned (admin correction)',
    ]);
    const events = await eventsOf(order.sid);
    expect(events.at(-1)).toMatchObject({
      status: S.Scanned,
      description: `Scanned (admin correction: ${WHY})`,
      actorUserSid: expect.any(String),
    });
    // An allowed change with an admin's reason is no override: its event reads as usual.
    await setStatus([order.barcode], { status: String(S.Processing), reason: WHY }, admin);
    expect((await eventsOf(order.sid)).at(-1)?.description).toBe('Processing');
  });

  it('moves and refuses per order in one upload, and matches barcodes as the scan does', async () => {
    const [a, b, c, d] = [await newOrder(), await newOrder(), await newOrder(), await newOrder()];
    await seed(b.sid, S.Processed);
    await seed(c.sid, S.Delivered);
    await seed(d.sid, S.Processing);
    const response = await setStatus(
      [`]C0${a.barcode}`, `${b.barcode.toLowerCase()} `, `${c.barcode}7`, `X${d.barcode}`, a.barcode, 'NOPE'],
      { status: String(S.Processing) },
    );
    expect(await resultRowsOf(response)).toEqual([
      [a.barcode, a.orderNumber, 'updated', 'Generated -> Processing'],
      [b.barcode, b.orderNumber, 'refused', expect.stringContaining('back to Processing only an admin')],
      [c.barcode, c.orderNumber, 'refused', expect.stringContaining('Delivered is final')],
      [d.barcode, d.orderNumber, 'unchanged', 'Already Processing.'],
      ['NOPE', undefined, 'not found', 'No order has this barcode.'],
    ]);
    expect(counts(response)).toEqual({ updated: 1, unchanged: 1, refused: 2, notFound: 1 });
  });

  it('documents the result headers and lets the page read them (same origin)', async () => {
    const document = (await t.call('GET', '/openapi.json', { token: null })).json();
    const ok = document.paths['/api/v1/orders/status'].post.responses['200'];
    expect(Object.keys(ok.headers).sort()).toEqual(Object.values(STATUS_RESULT_HEADERS).sort());
    expect(ok.headers[STATUS_RESULT_HEADERS.refused]).toMatchObject({ schema: { type: 'integer' } });
  });
});

describe('POST /orders/status/preview', () => {
  it('answers what the upload would do, counting each order once, and writes nothing', async () => {
    const made: Order[] = [];
    for (let i = 0; i < 6; i += 1) made.push(await newOrder());
    const [a, b, c, d, e, f] = made as [Order, Order, Order, Order, Order, Order];
    await seed(c.sid, S.Scanned);
    await seed(d.sid, S.Delivered);
    await seed(e.sid, S.Processed);
    await seed(f.sid, S.Failed, 'Lost');
    const response = await preview(
      [
        a.barcode,
        b.barcode,
        ` ${a.barcode.toLowerCase()}`,
        c.barcode,
        d.barcode,
        e.barcode,
        f.barcode,
        'NOPE-1',
        'NOPE-2',
      ],
      { status: String(S.Processing) },
    );
    expect(response.statusCode, response.body).toBe(200);
    const plan: StatusUploadPreview = response.json();
    expect(plan).toEqual({
      total: 8,
      moves: [
        { from: S.Generated, to: S.Processing, count: 2 },
        { from: S.Scanned, to: S.Processing, count: 1 },
        { from: S.Failed, to: S.Processing, count: 1 },
      ],
      unchanged: 0,
      refusedCount: 2,
      refused: [
        {
          barcode: d.barcode,
          orderNumber: d.orderNumber,
          code: 'FINAL_STATUS',
          msg: 'Delivered is final: only an admin, giving a reason, can move the order out of it.',
          key: 'orders.transition.finalStatus',
          params: {
            from: { key: 'orders.status.4' },
            to: { key: 'orders.status.2' },
            allowed: { key: 'orders.transition.noOther' },
          },
        },
        {
          barcode: e.barcode,
          orderNumber: e.orderNumber,
          code: 'BACKWARDS',
          // The refusal names where the order may go instead.
          msg:
            'From Processed an order can go to Delivered or Failed; back to Processing only an admin, ' +
            'giving a reason, can move it.',
          key: 'orders.transition.backwards',
          params: {
            from: { key: 'orders.status.3' },
            to: { key: 'orders.status.2' },
            allowed: {
              key: 'orders.transition.either',
              params: { a: { key: 'orders.status.4' }, b: { key: 'orders.status.5' } },
            },
          },
        },
      ],
      notFoundCount: 2,
      notFound: ['NOPE-1', 'NOPE-2'],
    });
    for (const order of made) expect(await eventsOf(order.sid)).toHaveLength(1);
    expect((await statusOf(a.sid))?.status).toBe(S.Generated);
  });

  it(`lists at most ${STATUS_PREVIEW_LIST_MAX} refused and unknown barcodes, and counts them all`, async () => {
    const unknown = Array.from({ length: STATUS_PREVIEW_LIST_MAX + 5 }, (_, i) => `UNKNOWN-${i}`);
    const response = await preview(unknown, { status: '1' });
    const plan: StatusUploadPreview = response.json();
    expect(plan.notFoundCount).toBe(STATUS_PREVIEW_LIST_MAX + 5);
    expect(plan.notFound).toHaveLength(STATUS_PREVIEW_LIST_MAX);
    expect(plan.notFound[0]).toBe('UNKNOWN-0');
    expect(plan.total).toBe(STATUS_PREVIEW_LIST_MAX + 5);
  });

  it('checks the fields and the file as the upload does, and is hub work', async () => {
    const order = await newOrder();
    const missing = await preview([order.barcode], { status: '5' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().details).toMatchObject([
      { path: 'reason', message: 'A reason is required for Failed.' },
    ]);
    expect((await preview([order.barcode], { status: '10' })).statusCode).toBe(400);
    const none = await t.call('POST', '/orders/status/preview', {
      token: operator.token,
      body: multipart({ status: '1' }),
    });
    expect(none.statusCode).toBe(400);
    for (const token of [sellerA.token, keyA])
      expect((await preview([order.barcode], { status: '1' }, token)).statusCode).toBe(403);
    expect((await preview([order.barcode], { status: '1' }, null)).statusCode).toBe(401);
  });
});
