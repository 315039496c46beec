/**
 * POST /orders/scan/batch (issue 32): a station's queued hub scans, each applied once through the single scan's
 * code, in the order sent, with one verdict each; the same scan sent again (one call after the other, or two at
 * once) answers its first verdict `replayed`; the receipt's event keeps `scanned_at` within its bounds; a queue
 * of 2,000 sent across a restart and then again whole receives each parcel exactly once.
 */
import { randomUUID } from 'node:crypto';
import { OrderStatus, type StationVerdict } from '@parcelops/shared';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { createOrder, seedGeneratedOrders, trackingEventsOf } from '../../../test/order-fixtures.ts';
import { recordTraffic, testConfig } from '../../../test/test-app.ts';
import { openTestWorld } from '../../../test/test-world.ts';
import { buildApp } from '../../app.ts';
import { selectRow, selectRows } from '../../db/raw-rows.ts';
import { chunks } from '../../lib/chunks.ts';
import { orders } from '../orders/orders.table.ts';
import { stationScans } from '../station-scans/station-scans.table.ts';

const { t, admin, operator, sellerA, accountA } = await openTestWorld({ orderAccounts: true });
const otherOperator = await t.createUser(admin, { role: 1 });

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

interface Listed {
  client_scan_id: string;
  barcode: string;
  scanned_at: string;
  hub: 'SGN' | 'HAN';
}

/** A scan as a station queues it: a fresh id, made a minute ago at SGN unless told otherwise. */
const listed = (barcode: string, overrides: Partial<Listed> = {}): Listed => ({
  client_scan_id: randomUUID(),
  barcode,
  scanned_at: new Date(Date.now() - MINUTE).toISOString(),
  hub: 'SGN',
  ...overrides,
});

const send = (scans: unknown[], token = operator.token) =>
  t.call('POST', '/orders/scan/batch', { token, body: { scans } });

async function verdictsOf(scans: unknown[], token = operator.token): Promise<StationVerdict[]> {
  const reply = await send(scans, token);
  expect(reply.statusCode, reply.body).toBe(200);
  return reply.json().verdicts;
}

const newOrder = () => createOrder(t, sellerA.token);
const receivedEvents = async (sid: string) =>
  (await trackingEventsOf(t, sid)).filter((event) => event.status === OrderStatus.Scanned);
const statusOf = async (sid: string) =>
  (await t.database.db.select({ status: orders.status }).from(orders).where(eq(orders.sid, sid)))[0]?.status;

describe('POST /orders/scan/batch', () => {
  it('applies the scans in the order sent and answers a verdict for each, as the single scan would', async () => {
    const [one, two] = [await newOrder(), await newOrder()];
    const scans = [listed(one.barcode), listed(` ${two.barcode.toLowerCase()} `), listed(one.barcode)];
    const unknown = listed('PO0000000001X');
    const verdicts = await verdictsOf([...scans, unknown]);
    expect(verdicts.map((verdict) => [verdict.client_scan_id, verdict.status, verdict.code])).toEqual([
      [scans[0]?.client_scan_id, 200, 'RECEIVED'],
      [scans[1]?.client_scan_id, 200, 'RECEIVED'],
      [scans[2]?.client_scan_id, 200, 'ALREADY_RECEIVED'],
      [unknown.client_scan_id, 404, 'NOT_FOUND'],
    ]);
    const [first, second, third, fourth] = verdicts;
    expect(first).toMatchObject({
      barcode: one.barcode,
      scanned_at: scans[0]?.scanned_at,
      msg: `Order ${one.orderNumber} received at SGN hub.`,
      key: 'hub.scan.received',
      params: { orderNumber: one.orderNumber, hub: 'SGN' },
      received_at: scans[0]?.scanned_at,
      received_hub: 'SGN',
      replayed: false,
    });
    expect(first?.order).toMatchObject({ sid: one.sid, status: OrderStatus.Scanned });
    expect(second).toMatchObject({ barcode: two.barcode, order: { sid: two.sid } });
    // The second scan of `one` finds it received by the first, at the first's time.
    expect(third).toMatchObject({ received_at: scans[0]?.scanned_at, received_hub: 'SGN' });
    expect(fourth).toEqual({
      client_scan_id: unknown.client_scan_id,
      barcode: 'PO0000000001X',
      scanned_at: unknown.scanned_at,
      status: 404,
      code: 'NOT_FOUND',
      msg: 'No order found with barcode PO0000000001X',
      key: 'hub.scan.notFound',
      params: { barcode: 'PO0000000001X' },
      order: null,
      received_at: null,
      received_hub: null,
      replayed: false,
    });
    expect(await receivedEvents(one.sid)).toHaveLength(1);
  });

  it('stamps the receipt with scanned_at, given with any offset', async () => {
    const order = await newOrder();
    const at = new Date(Date.now() - 3 * 60 * MINUTE);
    // The same moment as a station in Viet Nam writes it.
    const local = new Date(at.getTime() + 7 * 60 * MINUTE).toISOString().replace('Z', '+07:00');
    const [verdict] = await verdictsOf([listed(order.barcode, { scanned_at: local, hub: 'HAN' })]);
    expect(verdict).toMatchObject({
      code: 'RECEIVED',
      scanned_at: at.toISOString(),
      received_at: at.toISOString(),
    });
    const [event] = await receivedEvents(order.sid);
    expect(event).toMatchObject({
      description: 'Received at HAN hub',
      location: 'Ha Noi',
      actorUserSid: operator.user.sid,
    });
    expect(event?.eventTime.toISOString()).toBe(at.toISOString());
    // The single scan answers the same time for it afterwards.
    const single = await t.call('GET', `/orders/scan/barcode/${order.barcode}`, {
      token: admin,
      query: { hub: 'HAN' },
    });
    expect(single.json().scan).toMatchObject({ code: 'ALREADY_RECEIVED', received_at: at.toISOString() });
  });

  it('answers a scan sent again with its first verdict, replayed, without applying it again', async () => {
    const order = await newOrder();
    const scan = listed(order.barcode);
    const [first] = await verdictsOf([scan]);
    expect(first).toMatchObject({ code: 'RECEIVED', replayed: false });
    // The parcel moves on meanwhile: the scan sent again still answers what it did then.
    await t.database.db
      .update(orders)
      .set({ status: OrderStatus.Delivered })
      .where(eq(orders.sid, order.sid));
    const [again] = await verdictsOf([scan]);
    expect(again).toEqual({ ...first, replayed: true });
    const [fresh] = await verdictsOf([listed(order.barcode)]);
    expect(fresh).toMatchObject({ code: 'DELIVERED', replayed: false });
    expect(await receivedEvents(order.sid)).toHaveLength(1);
  });

  it('applies a list sent by two calls at once once: each scan answers once first and once replayed', async () => {
    const parcels = [await newOrder(), await newOrder(), await newOrder()];
    const scans = [...parcels.map((parcel) => listed(parcel.barcode)), listed('PO0000000002X')];
    const [a, b] = await Promise.all([verdictsOf(scans), verdictsOf(scans)]);
    for (const [index, scan] of scans.entries()) {
      const pair = [a[index], b[index]];
      expect(pair.map((verdict) => verdict?.client_scan_id)).toEqual([
        scan.client_scan_id,
        scan.client_scan_id,
      ]);
      expect(pair.map((verdict) => verdict?.replayed).sort()).toEqual([false, true]);
      expect({ ...pair[0], replayed: null }).toEqual({ ...pair[1], replayed: null });
    }
    expect(a.slice(0, 3).map((verdict) => verdict.code)).toEqual(['RECEIVED', 'RECEIVED', 'RECEIVED']);
    for (const parcel of parcels) expect(await receivedEvents(parcel.sid)).toHaveLength(1);
  });

  it('gives two operators scanning one parcel with their own ids one receipt: RECEIVED and ALREADY_RECEIVED', async () => {
    const order = await newOrder();
    const [mine, theirs] = await Promise.all([
      verdictsOf([listed(order.barcode)]),
      verdictsOf([listed(order.barcode)], otherOperator.token),
    ]);
    expect([mine[0]?.code, theirs[0]?.code].sort()).toEqual(['ALREADY_RECEIVED', 'RECEIVED']);
    expect(await receivedEvents(order.sid)).toHaveLength(1);
  });

  it("keeps ids per actor: another user's same id is another scan", async () => {
    const [one, two] = [await newOrder(), await newOrder()];
    const id = randomUUID();
    const [mine] = await verdictsOf([listed(one.barcode, { client_scan_id: id })]);
    const [theirs] = await verdictsOf([listed(two.barcode, { client_scan_id: id })], admin);
    expect([mine, theirs].map((verdict) => [verdict?.code, verdict?.replayed])).toEqual([
      ['RECEIVED', false],
      ['RECEIVED', false],
    ]);
  });

  it('refuses an id sent again with another barcode or hub (SCAN_ID_REUSED) and does nothing', async () => {
    const [one, two] = [await newOrder(), await newOrder()];
    const scan = listed(one.barcode);
    await verdictsOf([scan]);
    const [otherBarcode, otherHub] = await verdictsOf([
      { ...scan, barcode: two.barcode },
      { ...scan, hub: 'HAN' },
    ]);
    expect(otherBarcode).toMatchObject({
      client_scan_id: scan.client_scan_id,
      barcode: two.barcode,
      status: 422,
      code: 'SCAN_ID_REUSED',
      order: null,
      received_at: null,
      received_hub: null,
      replayed: false,
    });
    expect(otherBarcode?.msg).toContain(scan.client_scan_id);
    expect(otherHub).toMatchObject({ status: 422, code: 'SCAN_ID_REUSED' });
    expect(await statusOf(two.sid)).toBe(OrderStatus.Generated);
    // The same id in another case is the same scan (a UUID), and replays.
    const [upper] = await verdictsOf([{ ...scan, client_scan_id: scan.client_scan_id.toUpperCase() }]);
    expect(upper).toMatchObject({
      code: 'RECEIVED',
      replayed: true,
      client_scan_id: scan.client_scan_id.toUpperCase(),
    });
  });

  it('refuses scanned_at beyond the clock skew ahead or older than 7 days, stores that verdict, and applies nothing', async () => {
    const [ahead, old, skewed, week] = [
      await newOrder(),
      await newOrder(),
      await newOrder(),
      await newOrder(),
    ];
    const now = Date.now();
    const scans = [
      listed(ahead.barcode, { scanned_at: new Date(now + 60 * MINUTE).toISOString() }),
      listed(old.barcode, { scanned_at: new Date(now - 14 * DAY).toISOString() }),
      listed(skewed.barcode, { scanned_at: new Date(now + 4 * MINUTE).toISOString() }),
      listed(week.barcode, { scanned_at: new Date(now - 7 * DAY + 10 * MINUTE).toISOString() }),
    ];
    const verdicts = await verdictsOf(scans);
    expect(verdicts.map((verdict) => [verdict.status, verdict.code])).toEqual([
      [422, 'SCAN_TIME_AHEAD'],
      [422, 'SCAN_TOO_OLD'],
      [200, 'RECEIVED'],
      [200, 'RECEIVED'],
    ]);
    expect(verdicts[0]).toMatchObject({ order: null, received_at: null, received_hub: null });
    expect(await statusOf(ahead.sid)).toBe(OrderStatus.Generated);
    expect(await statusOf(old.sid)).toBe(OrderStatus.Generated);
    expect(await receivedEvents(ahead.sid)).toHaveLength(0);
    const [weekEvent] = await receivedEvents(week.sid);
    expect(weekEvent?.eventTime.toISOString()).toBe(scans[3]?.scanned_at);
    // First verdicts too: sent again, they answer the same.
    const again = await verdictsOf(scans.slice(0, 2));
    expect(again).toEqual(verdicts.slice(0, 2).map((verdict) => ({ ...verdict, replayed: true })));
  });

  it('refuses a list of 501 scans, an empty one, and a scan without an id or a time at all (400)', async () => {
    const order = await newOrder();
    const many = Array.from({ length: 501 }, () => listed(order.barcode));
    expect((await send(many)).statusCode).toBe(400);
    expect((await send([])).statusCode).toBe(400);
    const { client_scan_id: _id, ...withoutId } = listed(order.barcode);
    expect((await send([withoutId])).statusCode).toBe(400);
    const { scanned_at: _at, ...withoutTime } = listed(order.barcode);
    expect((await send([withoutTime])).statusCode).toBe(400);
    expect(await statusOf(order.sid)).toBe(OrderStatus.Generated);
  });

  it('answers a scan that fails its own schema VALIDATION_FAILED and applies the scans around it', async () => {
    const [one, two] = [await newOrder(), await newOrder()];
    const long = `PO${'9'.repeat(120)}`;
    const scans = [
      listed(one.barcode),
      listed(one.barcode, { client_scan_id: 'scan-1' }),
      { ...listed(one.barcode), scanned_at: 'yesterday' },
      // Year 0 reads as a time to JavaScript, but not to the database: refused as a time, never stored.
      { ...listed(one.barcode), scanned_at: '0000-06-01T00:00:00Z' },
      listed(long),
      { ...listed(two.barcode), hub: 'SFO' },
      listed(two.barcode),
    ];
    const verdicts = await verdictsOf(scans);
    expect(verdicts.map((verdict) => [verdict.client_scan_id, verdict.status, verdict.code])).toEqual([
      [scans[0]?.client_scan_id, 200, 'RECEIVED'],
      ['scan-1', 400, 'VALIDATION_FAILED'],
      [scans[2]?.client_scan_id, 400, 'VALIDATION_FAILED'],
      [scans[3]?.client_scan_id, 400, 'VALIDATION_FAILED'],
      [scans[4]?.client_scan_id, 400, 'VALIDATION_FAILED'],
      [scans[5]?.client_scan_id, 400, 'VALIDATION_FAILED'],
      [scans[6]?.client_scan_id, 200, 'RECEIVED'],
    ]);
    expect(verdicts.slice(1, 6).map((verdict) => verdict.params?.field)).toEqual([
      'client_scan_id',
      'scanned_at',
      'scanned_at',
      'barcode',
      'hub',
    ]);
    expect(verdicts[4]).toMatchObject({
      key: 'hub.station.invalid',
      barcode: long.slice(0, 100),
      order: null,
      replayed: false,
    });
    expect(verdicts[4]?.msg).toMatch(/^This scan cannot be applied \(barcode: .+\)\. Nothing was done\.$/);
    // Nothing of a refused scan is kept: sent again, it is answered the same, not replayed.
    const again = await verdictsOf([scans[4]]);
    expect(again[0]).toMatchObject({ code: 'VALIDATION_FAILED', replayed: false });
    const kept = await selectRow<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from ${stationScans} where client_scan_id in (${scans[2]?.client_scan_id}, ${scans[3]?.client_scan_id}, ${scans[4]?.client_scan_id}, ${scans[5]?.client_scan_id})`,
    );
    expect(kept?.n).toBe(0);
    expect(await statusOf(two.sid)).toBe(OrderStatus.Scanned);
  });

  it('answers a barcode with nothing left once normalised as the single scan does (400)', async () => {
    const [verdict] = await verdictsOf([listed('\u0002\u0003')]);
    expect(verdict).toMatchObject({ status: 400, code: 'VALIDATION_FAILED', key: 'orderInput.giveBarcode' });
  });

  it('receives a queue of 2,000 sent in slices of 500 across a restart, then sent again whole, each parcel exactly once', {
    timeout: 300_000,
  }, async () => {
    const parcels = await seedGeneratedOrders(t, accountA.sid, 2_000);
    const start = Date.now() - 2 * 60 * MINUTE;
    const queue = parcels.map((parcel, index) =>
      listed(parcel.barcode, { scanned_at: new Date(start + index * 1_000).toISOString() }),
    );
    const slices = chunks(queue, 500);
    expect(slices).toHaveLength(4);

    const sendOn = async (app: FastifyInstance, scans: Listed[]) => {
      const reply = await app.inject({
        method: 'POST',
        url: '/api/v1/orders/scan/batch',
        headers: { authorization: `Bearer ${operator.token}` },
        payload: { scans },
      });
      expect(reply.statusCode, reply.body.slice(0, 500)).toBe(200);
      return reply.json().verdicts as StationVerdict[];
    };
    const codesOf = (verdicts: StationVerdict[]) => new Set(verdicts.map((v) => `${v.code} ${v.replayed}`));

    // Half the queue through one server, which then stops; the rest, and the whole queue again, through the
    // next one on the same database.
    let server = await instance();
    for (const slice of slices.slice(0, 2))
      expect(codesOf(await sendOn(server, slice))).toEqual(new Set(['RECEIVED false']));
    await server.close();
    server = await instance();
    try {
      for (const slice of slices.slice(2))
        expect(codesOf(await sendOn(server, slice))).toEqual(new Set(['RECEIVED false']));
      for (const slice of slices) {
        const verdicts = await sendOn(server, slice);
        expect(codesOf(verdicts)).toEqual(new Set(['RECEIVED true']));
        expect(verdicts.map((verdict) => verdict.client_scan_id)).toEqual(
          slice.map((scan) => scan.client_scan_id),
        );
      }
    } finally {
      await server.close();
    }

    const sids = `{${parcels.map((parcel) => parcel.sid).join(',')}}`;
    const events = await selectRows<{ order_sid: string; event_time: Date | string }>(
      t.database.db,
      sql`select order_sid, event_time from tracking_events
          where order_sid = any(${sids}::text[]) and status = ${OrderStatus.Scanned}`,
    );
    // One receipt a parcel, each at the time its scan was made.
    expect(events).toHaveLength(2_000);
    expect(new Set(events.map((event) => event.order_sid)).size).toBe(2_000);
    const scannedAt = new Map(parcels.map((parcel, index) => [parcel.sid, queue[index]?.scanned_at]));
    const offTime = events.filter(
      (event) => new Date(event.event_time).toISOString() !== scannedAt.get(event.order_sid),
    );
    expect(offTime).toEqual([]);
  });
});

/** Another server process on the test's database: its own app, the same settings and job queue. */
async function instance(): Promise<FastifyInstance> {
  const app = await buildApp({ config: testConfig(), db: t.database.db, logger: false, jobs: t.jobs });
  await app.ready();
  recordTraffic(app);
  return app;
}
