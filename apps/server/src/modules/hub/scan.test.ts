import { OrderStatus, type ScanReply } from '@parcelops/shared';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { expectBarcodeNotFound } from '../../../test/expected-replies.ts';
import { createOrder, trackingEventsOf } from '../../../test/order-fixtures.ts';
import { openTestWorld } from '../../../test/test-world.ts';
import { multipart, readXlsx, xlsx } from '../../../test/workbooks.ts';
import { orders, trackingEvents } from '../orders/orders.table.ts';

const { t, admin, operator, sellerA, keyA, keyASid } = await openTestWorld({ orderAccounts: true });

const scan = (code: string, token: string | null = admin, hub?: string) =>
  t.call('GET', `/orders/scan/barcode/${encodeURIComponent(code)}`, {
    token,
    query: hub ? { hub } : undefined,
  });
const eventsOf = (sid: string) => trackingEventsOf(t, sid);
const newOrder = () => createOrder(t, sellerA.token);
const statusOf = async (sid: string) =>
  (await t.database.db.select().from(orders).where(eq(orders.sid, sid)))[0];

describe('GET /orders/scan/barcode/{code}', () => {
  it('moves a Generated order to Scanned once, with the SGN event, and answers the order and RECEIVED', async () => {
    const order = await newOrder();
    const first = await scan(order.barcode);
    expect(first.statusCode, first.body).toBe(200);
    const scanned: ScanReply = first.json();
    expect(scanned.sid).toBe(order.sid);
    expect(scanned.status).toBe(OrderStatus.Scanned);
    expect(scanned.items).toHaveLength(order.items.length);

    const events = await eventsOf(order.sid);
    expect(events).toHaveLength(2);
    expect(events[1]).toMatchObject({
      status: 1,
      description: 'Received at SGN hub',
      descriptionKey: 'hub.event.received',
      descriptionParams: { hub: 'SGN' },
      location: 'Sai Gon',
      locationKey: 'hub.city.SGN',
    });
    const receivedAt = events[1]?.eventTime.toISOString();
    expect(scanned.scan).toEqual({
      code: 'RECEIVED',
      msg: `Order ${order.orderNumber} received at SGN hub.`,
      key: 'hub.scan.received',
      params: { orderNumber: order.orderNumber, hub: 'SGN' },
      received_at: receivedAt,
      received_hub: 'SGN',
    });

    const again = await scan(order.barcode, operator.token);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({
      sid: order.sid,
      status: OrderStatus.Scanned,
      scan: {
        code: 'ALREADY_RECEIVED',
        msg: `Order ${order.orderNumber} was already received at SGN hub on ${receivedAt}.`,
        received_at: receivedAt,
        received_hub: 'SGN',
      },
    });
    expect(await eventsOf(order.sid)).toHaveLength(2);
  });

  it('answers RECEIVED_AT_OTHER_HUB for a parcel received at the other hub, and changes nothing', async () => {
    const order = await newOrder();
    expect((await scan(order.barcode, admin, 'HAN')).json().scan.code).toBe('RECEIVED');
    const [, received] = await eventsOf(order.sid);
    const receivedAt = received?.eventTime.toISOString();
    const elsewhere = await scan(order.barcode, operator.token, 'SGN');
    expect(elsewhere.statusCode).toBe(200);
    expect(elsewhere.json().scan).toEqual({
      code: 'RECEIVED_AT_OTHER_HUB',
      msg: `Order ${order.orderNumber} was received at HAN hub on ${receivedAt}, not at SGN: check where it belongs.`,
      key: 'hub.scan.atOtherHub',
      params: {
        orderNumber: order.orderNumber,
        receivedHub: 'HAN',
        when: { key: 'hub.scan.onTime', params: { at: receivedAt } },
        hub: 'SGN',
      },
      received_at: receivedAt,
      received_hub: 'HAN',
    });
    expect((await scan(order.barcode, operator.token, 'HAN')).json().scan.code).toBe('ALREADY_RECEIVED');
    expect(await eventsOf(order.sid)).toHaveLength(2);
  });

  it('reads the hub of a receipt from its text when its location names no hub', async () => {
    const order = await newOrder();
    await scan(order.barcode, admin, 'HAN');
    await t.database.db
      .update(trackingEvents)
      .set({ location: null })
      .where(and(eq(trackingEvents.orderSid, order.sid), eq(trackingEvents.status, OrderStatus.Scanned)));
    expect((await scan(order.barcode)).json().scan).toMatchObject({
      code: 'RECEIVED_AT_OTHER_HUB',
      received_hub: 'HAN',
    });
  });

  it('answers ALREADY_RECEIVED without a hub for an order an upload marked Scanned', async () => {
    const order = await newOrder();
    const upload = await t.call('POST', '/orders/status', {
      token: operator.token,
      body: multipart({ status: '1' }, { buffer: await xlsx([['barcode'], [order.barcode]]) }),
    });
    expect(upload.statusCode).toBe(200);
    const [, event] = await eventsOf(order.sid);
    const receivedAt = event?.eventTime.toISOString();
    expect((await scan(order.barcode)).json().scan).toEqual({
      code: 'ALREADY_RECEIVED',
      msg: `Order ${order.orderNumber} was already received on ${receivedAt}.`,
      key: 'hub.scan.already',
      params: {
        orderNumber: order.orderNumber,
        where: '',
        when: { key: 'hub.scan.onTime', params: { at: receivedAt } },
      },
      received_at: receivedAt,
      received_hub: null,
    });
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

  it.each([
    ['spaces inside', (code: string) => `${code.slice(0, 4)} ${code.slice(4, 8)} ${code.slice(8)}`],
    ['lower case with a line end', (code: string) => `${code.toLowerCase()}\r\n`],
    ['control characters', (code: string) => `\u0002${code}\t\u0003`],
    ['an AIM prefix', (code: string) => `]C0${code}`],
    ['an AIM prefix in lower case', (code: string) => `]e0${code.toLowerCase()}`],
    ['a trailing check character', (code: string) => `${code}7`],
    ["a carrier's prefix and suffix", (code: string) => `420${code}X1`],
  ])('matches a barcode given with %s', async (_label, given) => {
    const order = await newOrder();
    const response = await scan(given(order.barcode), operator.token, 'HAN');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      sid: order.sid,
      barcode: order.barcode,
      scan: { code: 'RECEIVED' },
    });
  });

  it('matches a text exactly before looking for our barcode inside it, and refuses two of ours in one text', async () => {
    const [ours, carriers] = [await newOrder(), await newOrder()];
    const carrierCode = `ZZ${ours.barcode}`;
    await t.database.db.update(orders).set({ barcode: carrierCode }).where(eq(orders.sid, carriers.sid));
    expect((await scan(carrierCode.toLowerCase())).json().sid).toBe(carriers.sid);
    expect((await scan(`Y${ours.barcode}`)).json().sid).toBe(ours.sid);
    const two = await scan(`${ours.barcode}${ours.barcode}`);
    expect(two.statusCode).toBe(404);
    expect(await eventsOf(carriers.sid)).toHaveLength(2);
  });

  it('receives a parcel scanned at once from several stations exactly once: one RECEIVED, the rest ALREADY_RECEIVED', async () => {
    const order = await newOrder();
    const replies = await Promise.all(Array.from({ length: 6 }, () => scan(order.barcode, operator.token)));
    expect(replies.map((reply) => reply.statusCode)).toEqual([200, 200, 200, 200, 200, 200]);
    const codes = replies.map((reply) => (reply.json() as ScanReply).scan.code).sort();
    expect(codes).toEqual(['ALREADY_RECEIVED', ...Array(4).fill('ALREADY_RECEIVED'), 'RECEIVED'].sort());
    for (const reply of replies) expect(reply.json().status).toBe(OrderStatus.Scanned);
    const events = await eventsOf(order.sid);
    expect(events.filter((event) => event.description === 'Received at SGN hub')).toHaveLength(1);
    const receivedAt = events[1]?.eventTime.toISOString();
    for (const reply of replies) expect(reply.json().scan.received_at).toBe(receivedAt);
  });

  it('two hubs scanning at once: one RECEIVED, the other RECEIVED_AT_OTHER_HUB', async () => {
    const order = await newOrder();
    const replies = await Promise.all([
      scan(order.barcode, operator.token, 'SGN'),
      scan(order.barcode, admin, 'HAN'),
    ]);
    const scans = replies.map((reply) => (reply.json() as ScanReply).scan);
    expect(scans.map((one) => one.code).sort()).toEqual(['RECEIVED', 'RECEIVED_AT_OTHER_HUB']);
    const winner = scans.find((one) => one.code === 'RECEIVED');
    for (const one of scans) expect(one.received_hub).toBe(winner?.received_hub);
    expect(await eventsOf(order.sid)).toHaveLength(2);
  });

  it.each([
    [
      OrderStatus.Processing,
      'IN_MANIFEST',
      (n: string) => `Order ${n} is Processing: it is loaded into an air manifest.`,
    ],
    [
      OrderStatus.Processed,
      'DEPARTED',
      (n: string) => `Order ${n} is Processed: its air manifest was filed, so it should have left the hub.`,
    ],
    [
      OrderStatus.Delivered,
      'DELIVERED',
      (n: string) => `Order ${n} is Delivered: it should not be at a hub.`,
    ],
    [OrderStatus.Failed, 'FAILED', (n: string) => `Order ${n} is Failed: Parcel damaged`],
  ])(
    'answers an order in status %i with %s, when and where it was received, and changes nothing',
    async (status, code, msg) => {
      const order = await newOrder();
      await scan(order.barcode, admin, 'HAN');
      await t.database.db
        .update(orders)
        .set({ status, reason: status === OrderStatus.Failed ? 'Parcel damaged' : null })
        .where(eq(orders.sid, order.sid));
      const [, received] = await eventsOf(order.sid);
      const response = await scan(order.barcode);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({
        sid: order.sid,
        status,
        scan: {
          code,
          msg: msg(order.orderNumber),
          received_at: received?.eventTime.toISOString(),
          received_hub: 'HAN',
        },
      });
      expect(await eventsOf(order.sid)).toHaveLength(2);
      expect((await statusOf(order.sid))?.status).toBe(status);
    },
  );

  it('answers an Order Failed order with ORDER_FAILED and its reason (200, no longer 409), changing nothing', async () => {
    const order = await newOrder();
    await t.database.db
      .update(orders)
      .set({ status: OrderStatus.OrderFailed, reason: 'Carrier refused the address' })
      .where(eq(orders.sid, order.sid));
    const response = await scan(order.barcode);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      status: OrderStatus.OrderFailed,
      reason: 'Carrier refused the address',
      scan: {
        code: 'ORDER_FAILED',
        msg: `Order ${order.orderNumber} is Order Failed: Carrier refused the address`,
        received_at: null,
        received_hub: null,
      },
    });
    expect(await eventsOf(order.sid)).toHaveLength(1);
  });

  it('answers 404 for an unknown barcode, naming it', async () => {
    expectBarcodeNotFound(await scan(' po0000000000x '), 'PO0000000000X', {
      key: 'hub.scan.notFound',
      msg: 'No order found with barcode PO0000000000X',
    });
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
      body: {
        barcodes: [
          one.barcode,
          ` ${two.barcode.toLowerCase()}`,
          'NOPE',
          one.barcode,
          `]C0${one.barcode}`,
          `${two.barcode}7`,
          '=1+2',
        ],
      },
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
