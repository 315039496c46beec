/**
 * Loads under the manifest's share lock (ams-orders.service.ts): many stations loading one manifest at once get
 * distinct piece numbers of that manifest; a load writes the manifest fields in the status funnel's own UPDATE
 * and still leaves its event and webhook event; its reply is what reading the order gives; two stations loading
 * the same parcels into two manifests at once: each parcel is won by exactly one; a parcel taken out while
 * others load, and a submission's set-based move to Processed, leave each parcel right.
 */
import { type Ams, OrderStatus } from '@parcelops/shared';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { amsOrderBody, createTestAms } from '../../../test/ams-fixtures.ts';
import { createOrder, orderOf, trackingEventsOf } from '../../../test/order-fixtures.ts';
import { openTestWorld } from '../../../test/test-world.ts';
import { orders } from '../orders/orders.table.ts';
import { hookEvents } from '../webhooks/webhooks.table.ts';

const { t, admin, operator, sellerA, accountA } = await openTestWorld({ orderAccounts: true });

// Account A's parcels tell a hook, so every status change writes a webhook event to check.
const hooked = await t.call('PUT', `/accounts/${accountA.sid}`, {
  token: admin,
  body: { order_status_hook: 'https://seller.example.com/hook' },
});
expect(hooked.statusCode, hooked.body).toBe(200);

const scanIn = (manifest: Ams, barcode: string, carton = 'C1', token = operator.token) =>
  t.call('POST', '/ams/order', { token, body: amsOrderBody(manifest, barcode, carton) });

async function newOrders(count: number) {
  const made = [];
  for (let index = 0; index < count; index++) made.push(await createOrder(t, sellerA.token));
  return made;
}

/** The piece number at the end of an automated-manifest-system id (its MAWB's 11 digits, then the piece). */
const pieceOf = (manifest: Ams, amsId: string) => {
  const prefix = manifest.masterAirWaybill.replace('-', '');
  expect(amsId.startsWith(prefix)).toBe(true);
  return Number(amsId.slice(prefix.length));
};

describe('loads into one manifest at once', () => {
  it('give 50 concurrent loads 50 distinct piece numbers of that manifest, 1 to 50', async () => {
    const manifest = await createTestAms(t, admin);
    const other = await createTestAms(t, admin);
    const parcels = await newOrders(50);
    const replies = await Promise.all(
      parcels.map((parcel, index) => scanIn(manifest, parcel.barcode, `C${index % 10}`)),
    );
    for (const reply of replies) expect(reply.statusCode, reply.body).toBe(200);
    const pieces = replies.map((reply) => pieceOf(manifest, reply.json().ams_automatedManifestSystemId));
    expect(new Set(pieces).size).toBe(50);
    // Nothing rolled back, so no gaps either.
    expect([...pieces].sort((a, b) => a - b)).toEqual(Array.from({ length: 50 }, (_, index) => index + 1));
    // Another manifest counts its own pieces.
    const [first] = await newOrders(1);
    const intoOther = await scanIn(other, first?.barcode ?? '');
    expect(pieceOf(other, intoOther.json().ams_automatedManifestSystemId)).toBe(1);
    const listed = await t.call('GET', `/ams/${manifest.sid}`, { token: admin });
    expect(listed.json().pieces).toBe(50);
  });

  it('let exactly one of two stations win each parcel loaded into two manifests at once', async () => {
    const [one, two] = [await createTestAms(t, admin), await createTestAms(t, admin)];
    const parcels = await newOrders(10);
    const replies = await Promise.all(
      parcels.flatMap((parcel) => [scanIn(one, parcel.barcode), scanIn(two, parcel.barcode, 'C2', admin)]),
    );
    for (const [index, parcel] of parcels.entries()) {
      const pair = [replies[2 * index], replies[2 * index + 1]];
      expect(pair.map((reply) => reply?.statusCode).sort()).toEqual([200, 409]);
      const winner = pair[0]?.statusCode === 200 ? one : two;
      const [row] = await t.database.db.select().from(orders).where(eq(orders.sid, parcel.sid));
      expect(row?.amsSid).toBe(winner.sid);
      const events = await trackingEventsOf(t, parcel.sid);
      expect(events.filter((event) => event.status === OrderStatus.Processing)).toHaveLength(1);
    }
  });
});

describe('a first load', () => {
  it('writes the status and the manifest fields in one row, with its event and webhook event as before', async () => {
    const manifest = await createTestAms(t, admin);
    const [parcel] = await newOrders(1);
    if (!parcel) throw new Error('no parcel');
    const reply = await scanIn(manifest, parcel.barcode, 'CARTON-7');
    expect(reply.statusCode, reply.body).toBe(200);
    const [row] = await t.database.db.select().from(orders).where(eq(orders.sid, parcel.sid));
    expect(row).toMatchObject({
      status: OrderStatus.Processing,
      reason: null,
      amsSid: manifest.sid,
      amsCartonLabel: 'CARTON-7',
      amsMasterAirWaybill: manifest.masterAirWaybill,
      amsAutomatedManifestSystemId: reply.json().ams_automatedManifestSystemId,
      amsDetails: {
        airportCode: manifest.airportCode,
        hawb: manifest.hawb,
        carrier: manifest.carrier,
        serviceType: manifest.serviceType,
      },
      amsPriorStatus: OrderStatus.Generated,
      amsPriorReason: null,
    });
    expect(row?.dateUpdated.getTime()).toBeGreaterThan(new Date(parcel.date_created).getTime());
    const events = await trackingEventsOf(t, parcel.sid);
    const loaded = events.filter((event) => event.status === OrderStatus.Processing);
    expect(loaded).toHaveLength(1);
    expect(loaded[0]).toMatchObject({
      descriptionKey: 'ams.event.loaded',
      descriptionParams: { mawb: manifest.masterAirWaybill },
      locationKey: 'hub.city.SGN',
    });
    const hooks = await t.database.db
      .select()
      .from(hookEvents)
      .where(and(eq(hookEvents.orderSid, parcel.sid), eq(hookEvents.orderStatus, OrderStatus.Processing)));
    expect(hooks).toHaveLength(1);
    expect(hooks[0]).toMatchObject({ type: 'order.status_changed', barcode: parcel.barcode });
    expect(JSON.parse(hooks[0]?.body ?? '{}')).toMatchObject({
      data: expect.objectContaining({ status: OrderStatus.Processing }),
    });
  });

  it('replies with the order exactly as reading it gives, built without reading it again', async () => {
    const manifest = await createTestAms(t, admin);
    const [parcel] = await newOrders(1);
    if (!parcel) throw new Error('no parcel');
    const reply = await scanIn(manifest, parcel.barcode);
    expect(reply.statusCode, reply.body).toBe(200);
    expect(reply.json()).toMatchObject({ already_in: false, carton_moved_from: null });
    expect(reply.json().order).toEqual(await orderOf(t, admin, parcel.sid));
    const again = await scanIn(manifest, parcel.barcode);
    expect(again.json()).toMatchObject({ already_in: true, order: reply.json().order });
  });
});

describe('beside loads', () => {
  it('takes one parcel out while others load into the same manifest', async () => {
    const manifest = await createTestAms(t, admin);
    const [first, ...rest] = await newOrders(6);
    if (!first) throw new Error('no parcel');
    expect((await scanIn(manifest, first.barcode)).statusCode).toBe(200);
    const [removal, ...loads] = await Promise.all([
      t.call('DELETE', `/ams/order/${first.sid}`, { token: admin }),
      ...rest.map((parcel) => scanIn(manifest, parcel.barcode)),
    ]);
    expect(removal?.statusCode, removal?.body).toBe(200);
    expect(removal?.json()).toEqual({ removed: 1 });
    for (const load of loads) expect(load.statusCode, load.body).toBe(200);
    const [row] = await t.database.db.select().from(orders).where(eq(orders.sid, first.sid));
    // Loaded from Generated, it comes back Scanned: the hub has it.
    expect(row).toMatchObject({
      amsSid: null,
      amsAutomatedManifestSystemId: null,
      status: OrderStatus.Scanned,
    });
    const listed = await t.call('GET', `/ams/${manifest.sid}`, { token: admin });
    expect(listed.json().pieces).toBe(5);
  });
});
