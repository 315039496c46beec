/**
 * POST /ams/order/batch (issue 32): a station's queued manifest loads, each the single load (POST /ams/order)
 * applied once, in the order sent, with one verdict each: LOADED, ALREADY_IN, MOVED, or the single call's refusal
 * (another manifest, a submitted one, a parcel set aside, an unknown barcode); the Processing event keeps
 * `scanned_at`; the same scan sent again answers its first verdict `replayed`, the same id asking another
 * manifest or carton SCAN_ID_REUSED.
 */
import { randomUUID } from 'node:crypto';
import { type Ams, type Order, OrderStatus, type StationVerdict } from '@parcelops/shared';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { amsOrderBody, createTestAms, receiveAtHub } from '../../../test/ams-fixtures.ts';
import { createOrder, orderOf, trackingEventsOf } from '../../../test/order-fixtures.ts';
import { openTestWorld } from '../../../test/test-world.ts';
import { orders } from '../orders/orders.table.ts';
import { recordStatusChange } from '../orders/status-change.ts';
import { hookEvents } from '../webhooks/webhooks.table.ts';
import { ams as amsTable } from './ams.table.ts';

const { t, admin, operator, sellerA, accountA } = await openTestWorld({ orderAccounts: true });

// Account A's parcels tell a hook, so every load writes a webhook event in the scan's transaction.
const hooked = await t.call('PUT', `/accounts/${accountA.sid}`, {
  token: admin,
  body: { order_status_hook: 'https://seller.example.com/hook' },
});
expect(hooked.statusCode, hooked.body).toBe(200);

const MINUTE = 60_000;

/** A load as a station queues it: a fresh id, made a minute ago, into carton C1 unless told otherwise. */
const listed = (manifest: Ams, barcode: string, carton = 'C1', extra: Record<string, unknown> = {}) => ({
  ...amsOrderBody(manifest, barcode, carton),
  client_scan_id: randomUUID(),
  scanned_at: new Date(Date.now() - MINUTE).toISOString(),
  ...extra,
});

async function verdictsOf(scans: unknown[], token = operator.token): Promise<StationVerdict[]> {
  const reply = await t.call('POST', '/ams/order/batch', { token, body: { scans } });
  expect(reply.statusCode, reply.body).toBe(200);
  return reply.json().verdicts;
}

const newOrder = () => createOrder(t, sellerA.token);
const createAms = () => createTestAms(t, admin, { namePrefix: 'Station ' });
const loadedEvents = async (sid: string) =>
  (await trackingEventsOf(t, sid)).filter((event) => event.status === OrderStatus.Processing);

describe('POST /ams/order/batch', () => {
  it('loads, answers ALREADY_IN for the same carton and MOVED for another, in the order sent', async () => {
    const manifest = await createAms();
    const parcel = await newOrder();
    const scans = [
      listed(manifest, parcel.barcode, 'C1'),
      listed(manifest, ` ${parcel.barcode.toLowerCase()}`, 'C1'),
      listed(manifest, parcel.barcode, 'C2'),
    ];
    const [loaded, already, moved] = await verdictsOf(scans);
    expect(loaded).toMatchObject({
      client_scan_id: scans[0]?.client_scan_id,
      barcode: parcel.barcode,
      status: 200,
      code: 'LOADED',
      msg: `Loaded into manifest ${manifest.masterAirWaybill}`,
      key: 'ams.event.loaded',
      ams_carton_label: 'C1',
      carton_moved_from: null,
      replayed: false,
    });
    expect(loaded?.ams_automatedManifestSystemId).toMatch(/^157\d+$/);
    expect(loaded?.order).toMatchObject({ sid: parcel.sid, status: OrderStatus.Processing });
    expect(already).toMatchObject({
      barcode: parcel.barcode,
      status: 200,
      code: 'ALREADY_IN',
      ams_automatedManifestSystemId: loaded?.ams_automatedManifestSystemId,
      ams_carton_label: 'C1',
      carton_moved_from: null,
    });
    expect(moved).toMatchObject({
      status: 200,
      code: 'MOVED',
      msg: 'Moved from carton C1 to carton C2',
      ams_carton_label: 'C2',
      carton_moved_from: 'C1',
    });
    // The last verdict's order is the order as reading it gives now.
    expect(moved?.order).toEqual(await orderOf(t, admin, parcel.sid));
    expect(await loadedEvents(parcel.sid)).toHaveLength(1);
  });

  it('stamps the Processing event, and its webhook event, with scanned_at', async () => {
    const manifest = await createAms();
    const parcel = await newOrder();
    const at = new Date(Date.now() - 5 * 60 * MINUTE).toISOString();
    const [verdict] = await verdictsOf([listed(manifest, parcel.barcode, 'C1', { scanned_at: at })]);
    expect(verdict).toMatchObject({ code: 'LOADED', scanned_at: at });
    const [event] = await loadedEvents(parcel.sid);
    expect(event?.eventTime.toISOString()).toBe(at);
    expect(event).toMatchObject({ descriptionKey: 'ams.event.loaded', actorUserSid: operator.user.sid });
    const hooks = await t.database.db
      .select()
      .from(hookEvents)
      .where(and(eq(hookEvents.orderSid, parcel.sid), eq(hookEvents.orderStatus, OrderStatus.Processing)));
    expect(hooks).toHaveLength(1);
  });

  it('answers the single call’s refusals: another manifest, a submitted one, set aside, unknown', async () => {
    const [manifest, other, filed] = [await createAms(), await createAms(), await createAms()];
    const [inOther, intoFiled, aside] = [await newOrder(), await newOrder(), await newOrder()];
    await verdictsOf([listed(other, inOther.barcode)]);
    await t.database.db
      .update(amsTable)
      .set({ submitStatus: 'submitted' })
      .where(eq(amsTable.sid, filed.sid));
    await setAside(aside, 'crushed box');
    const verdicts = await verdictsOf([
      listed(manifest, inOther.barcode),
      listed(filed, intoFiled.barcode),
      listed(manifest, aside.barcode),
      listed(manifest, 'PO0000000003X'),
    ]);
    expect(verdicts.map((verdict) => [verdict.status, verdict.code, verdict.key])).toEqual([
      [409, 'CONFLICT', 'ams.inOtherAms'],
      [409, 'CONFLICT', 'ams.submittedUnchangeable'],
      [409, 'PARCEL_SET_ASIDE', 'ams.setAside'],
      [404, 'NOT_FOUND', 'ams.orderNotFound'],
    ]);
    expect(verdicts[0]?.msg).toBe(
      `Parcel ${inOther.barcode} is already in AMS ${other.name} (${other.masterAirWaybill}).`,
    );
    expect(verdicts[2]?.msg).toBe(`${aside.barcode} was set aside as Failed: "crushed box".`);
    for (const verdict of verdicts)
      expect(verdict).toMatchObject({
        order: null,
        ams_automatedManifestSystemId: null,
        ams_carton_label: null,
        carton_moved_from: null,
        replayed: false,
      });
    // Nothing moved: each parcel is where it was.
    const rows = await t.database.db.select().from(orders).where(eq(orders.sid, inOther.sid));
    expect(rows[0]?.amsSid).toBe(other.sid);
    expect((await orderOf(t, admin, intoFiled.sid)).status).toBe(OrderStatus.Generated);
    expect((await orderOf(t, admin, aside.sid)).status).toBe(OrderStatus.Failed);
  });

  it('lets an admin load a set-aside parcel with a reason, as the single call does', async () => {
    const manifest = await createAms();
    const aside = await newOrder();
    await setAside(aside, 'wet label');
    const [verdict] = await verdictsOf(
      [listed(manifest, aside.barcode, 'C1', { reason: 'relabelled' })],
      admin,
    );
    expect(verdict).toMatchObject({ status: 200, code: 'LOADED' });
    expect((await loadedEvents(aside.sid))[0]?.descriptionKey).toBe('ams.event.loadedSetAside');
  });

  it('answers a load sent again with its first verdict, replayed; the same id into another carton SCAN_ID_REUSED', async () => {
    const manifest = await createAms();
    const parcel = await newOrder();
    const scan = listed(manifest, parcel.barcode, 'C1');
    const [first] = await verdictsOf([scan]);
    const [again, otherCarton, otherAms] = await verdictsOf([
      scan,
      { ...scan, ams_carton_label: 'C9' },
      { ...scan, ams_sid: (await createAms()).sid },
    ]);
    expect(again).toEqual({ ...first, replayed: true });
    for (const reused of [otherCarton, otherAms])
      expect(reused).toMatchObject({ status: 422, code: 'SCAN_ID_REUSED', order: null, replayed: false });
    const [row] = await t.database.db.select().from(orders).where(eq(orders.sid, parcel.sid));
    expect(row).toMatchObject({ amsSid: manifest.sid, amsCartonLabel: 'C1' });
    // A hub scan with the same id is another scan of this actor's: refused as well.
    const hub = await t.call('POST', '/orders/scan/batch', {
      token: operator.token,
      body: {
        scans: [
          {
            client_scan_id: scan.client_scan_id,
            barcode: parcel.barcode,
            scanned_at: scan.scanned_at,
            hub: 'SGN',
          },
        ],
      },
    });
    expect(hub.json().verdicts[0]).toMatchObject({ code: 'SCAN_ID_REUSED', replayed: false });
  });

  it('loads a list sent by two calls at once once, each parcel won by one scan', async () => {
    const manifest = await createAms();
    const parcels = [await newOrder(), await newOrder(), await newOrder()];
    const scans = parcels.map((parcel, index) => listed(manifest, parcel.barcode, `C${index}`));
    const [a, b] = await Promise.all([verdictsOf(scans), verdictsOf(scans, operator.token)]);
    for (const [index] of scans.entries()) {
      const pair = [a[index], b[index]];
      expect(pair.map((verdict) => verdict?.replayed).sort()).toEqual([false, true]);
      expect({ ...pair[0], replayed: null }).toEqual({ ...pair[1], replayed: null });
      expect(pair[0]?.code).toBe('LOADED');
    }
    for (const parcel of parcels) expect(await loadedEvents(parcel.sid)).toHaveLength(1);
    const listedAms = await t.call('GET', `/ams/${manifest.sid}`, { token: admin });
    expect(listedAms.json().pieces).toBe(3);
  });

  it('refuses scanned_at out of bounds and a list of 501, loading nothing', async () => {
    const manifest = await createAms();
    const parcel = await newOrder();
    const [ahead, old] = await verdictsOf([
      listed(manifest, parcel.barcode, 'C1', {
        scanned_at: new Date(Date.now() + 60 * MINUTE).toISOString(),
      }),
      listed(manifest, parcel.barcode, 'C1', {
        scanned_at: new Date(Date.now() - 14 * 24 * 60 * MINUTE).toISOString(),
      }),
    ]);
    expect([ahead?.code, old?.code]).toEqual(['SCAN_TIME_AHEAD', 'SCAN_TOO_OLD']);
    expect([ahead?.status, old?.status]).toEqual([422, 422]);
    const many = Array.from({ length: 501 }, () => listed(manifest, parcel.barcode));
    const refused = await t.call('POST', '/ams/order/batch', {
      token: operator.token,
      body: { scans: many },
    });
    expect(refused.statusCode).toBe(400);
    expect((await orderOf(t, admin, parcel.sid)).status).toBe(OrderStatus.Generated);
  });

  it('answers a load that fails its own schema VALIDATION_FAILED and loads the ones around it', async () => {
    const manifest = await createAms();
    const [one, two] = [await newOrder(), await newOrder()];
    const scans = [
      listed(manifest, one.barcode),
      listed(manifest, two.barcode, 'C'.repeat(51)),
      listed(manifest, two.barcode, 'C2', { masterAirWaybill: 12 }),
      listed(manifest, two.barcode, 'C2'),
    ];
    const verdicts = await verdictsOf(scans);
    expect(verdicts.map((verdict) => [verdict.status, verdict.code, verdict.params?.field ?? null])).toEqual([
      [200, 'LOADED', null],
      [400, 'VALIDATION_FAILED', 'ams_carton_label'],
      [400, 'VALIDATION_FAILED', 'masterAirWaybill'],
      [200, 'LOADED', null],
    ]);
    expect(verdicts[1]).toMatchObject({ key: 'hub.station.invalid', ams_carton_label: null, order: null });
    expect((await orderOf(t, admin, two.sid)).status).toBe(OrderStatus.Processing);
  });

  it('is hub work: account users and API keys are refused, anonymous callers asked to sign in', async () => {
    const manifest = await createAms();
    const parcel = await newOrder();
    const body = { scans: [listed(manifest, parcel.barcode)] };
    expect((await t.call('POST', '/ams/order/batch', { token: sellerA.token, body })).statusCode).toBe(403);
    expect((await t.call('POST', '/ams/order/batch', { token: null, body })).statusCode).toBe(401);
    expect((await orderOf(t, admin, parcel.sid)).status).toBe(OrderStatus.Generated);
  });
});

/** The hub sets the parcel aside: received, then Failed with a reason (as a status upload would). */
async function setAside(order: Order, reason: string): Promise<void> {
  await receiveAtHub(t, operator.token, order);
  await t.database.db.transaction(async (tx) => {
    await recordStatusChange(
      tx,
      { sid: order.sid, status: OrderStatus.Scanned },
      OrderStatus.Failed,
      'Set aside',
      null,
      {
        by: { userSid: operator.user.sid, apiKeySid: null },
        notify: t.app.services.hookEvents,
        path: 'upload',
        reason,
      },
    );
  });
}
