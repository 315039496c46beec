/**
 * Air manifests through the API on a real database: creating and listing them with their rules (always
 * initiated, the MAWB's form, check digit and yearly reuse, HAWB), loading parcels in (Processing, an event,
 * an AMS id; twice into one carton changes nothing; another AMS, Delivered or an unknown barcode refused; two stations at once,
 * one wins), carton statistics and renames, taking parcels out (back to Scanned), the hub's re-weigh, deletion.
 */
import { type Ams, OrderStatus } from '@parcelops/shared';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { amsOrderBody, createTestAms, nextMawb } from '../../../test/ams-fixtures.ts';
import { expectBarcodeNotFound } from '../../../test/expected-replies.ts';
import { createOrder, historyOf, orderOf } from '../../../test/order-fixtures.ts';
import { unique } from '../../../test/test-app.ts';
import { openTestWorld } from '../../../test/test-world.ts';
import { ams as amsTable } from './ams.table.ts';

const { t, admin, operator, sellerA, keyA } = await openTestWorld({ orderAccounts: true });

const inHours = (hours: number) => new Date(Date.now() + hours * 3600_000).toISOString();

const createAms = (overrides: Record<string, unknown> = {}) =>
  createTestAms(t, admin, { namePrefix: 'Night ', departureDate: inHours(48), ...overrides });
const scanIn = (manifest: Ams, barcode: string, carton = 'C1', token = operator.token) =>
  t.call('POST', '/ams/order', { token, body: amsOrderBody(manifest, barcode, carton) });

describe('creating an AMS', () => {
  it('is always initiated, with the defaults LAX, DHL, First Class and SGN', async () => {
    const manifest = await createAms({ status: 'closed' });
    expect(manifest).toMatchObject({
      status: 'initiated',
      submit_status: 'initiated',
      is_updating: false,
      airportCode: 'LAX',
      carrier: 'DHL',
      serviceType: 'First Class',
      location: 'SGN',
      pieces: 0,
      departing_soon: false,
    });
    expect(manifest.tracking_url).toContain('dhl.com');
  });

  it('refuses a malformed MAWB, a wrong check digit, a MAWB used this year and a long HAWB', async () => {
    const post = (body: Record<string, unknown>) =>
      t.call('POST', '/ams', {
        token: admin,
        body: { name: 'X', departureDate: inHours(5), masterAirWaybill: nextMawb(), hawb: 'H1', ...body },
      });
    const malformed = await post({ masterAirWaybill: '157-1234' });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().details[0].path).toBe('masterAirWaybill');
    const wrongDigit = await post({ masterAirWaybill: '157-12345670' });
    expect(wrongDigit.json().msg).toContain('check digit: the last digit should be 5');
    const used = await createAms();
    const again = await post({ masterAirWaybill: used.masterAirWaybill.replace('-', ' ') });
    expect(again.statusCode).toBe(400);
    expect(again.json().msg).toContain(`already used by AMS ${used.name}`);
    expect((await post({ hawb: 'ABCDEFGHIJKLM' })).statusCode).toBe(400);
    expect((await post({ carrier: 'FedEx' })).statusCode).toBe(400);
  });

  it('is listed newest first with its filters, and marked when it departs within 12 hours', async () => {
    const soon = await createAms({ name: unique('Soon '), departureDate: inHours(3) });
    const list = await t.call('GET', '/ams', { token: admin, query: { name: soon.name, page_size: '25' } });
    expect(list.json()).toMatchObject({ total: 1, data: [{ sid: soon.sid, departing_soon: true }] });
    const day = soon.departureDate.slice(0, 10);
    const picks = await t.call('GET', '/ams', {
      token: operator.token,
      query: { status: 'initiated', departureDate: day },
    });
    expect(picks.json().data.map((each: Ams) => each.sid)).toContain(soon.sid);
    expect((await t.call('GET', '/ams', { token: sellerA.token })).statusCode).toBe(403);
    expect((await t.call('GET', '/ams', { token: keyA })).statusCode).toBe(403);
    expect((await t.call('POST', '/ams', { token: operator.token, body: {} })).statusCode).toBe(403);
  });
});

describe('loading parcels', () => {
  it('moves a parcel to Processing with an event and an AMS id; scanning it again with its carton changes nothing', async () => {
    const manifest = await createAms();
    const order = await createOrder(t, sellerA.token);
    const first = await scanIn(manifest, ` ${order.barcode.toLowerCase()} `);
    expect(first.statusCode, first.body).toBe(200);
    const reply = first.json();
    expect(reply.already_in).toBe(false);
    expect(reply.ams_automatedManifestSystemId).toBe(`${manifest.masterAirWaybill.replace('-', '')}00001`);
    expect(reply.order).toMatchObject({
      status: OrderStatus.Processing,
      ams_sid: manifest.sid,
      ams_carton_label: 'C1',
      ams_masterAirWaybill: manifest.masterAirWaybill,
      ams_details: { airportCode: 'LAX', hawb: 'H1', carrier: 'DHL', serviceType: 'First Class' },
    });
    const again = await scanIn(manifest, order.barcode, 'C1');
    expect(again.json()).toMatchObject({
      already_in: true,
      carton_moved_from: null,
      order: { ams_carton_label: 'C1' },
    });
    const events = await historyOf(t, admin, order.sid);
    expect(JSON.stringify(events)).toContain(`Loaded into manifest ${manifest.masterAirWaybill}`);
  });

  it('refuses an unknown barcode, a parcel in another AMS, a Delivered one, a closed AMS and a wrong MAWB', async () => {
    const [one, two] = [await createAms(), await createAms()];
    expectBarcodeNotFound(await scanIn(one, 'PO0000000000'), 'PO0000000000', {
      key: 'ams.orderNotFound',
      msg: 'No order has barcode PO0000000000.',
    });
    const order = await createOrder(t, sellerA.token);
    await scanIn(one, order.barcode);
    const elsewhere = await scanIn(two, order.barcode);
    expect(elsewhere.statusCode).toBe(409);
    expect(elsewhere.json()).toMatchObject({
      msg: `Parcel ${order.barcode} is already in AMS ${one.name} (${one.masterAirWaybill}).`,
      key: 'ams.inOtherAms',
      params: { barcode: order.barcode, name: one.name, mawb: one.masterAirWaybill },
    });

    const delivered = await createOrder(t, sellerA.token);
    await t.database.db.execute(`update orders set status = 4 where sid = '${delivered.sid}'` as never);
    expect((await scanIn(two, delivered.barcode)).json()).toMatchObject({
      msg: expect.stringContaining('is Delivered'),
      key: 'ams.notLoadable',
      params: { barcode: delivered.barcode, status: { key: 'orders.status.4' } },
    });

    await t.call('PUT', `/ams/${two.sid}`, { token: admin, body: { status: 'closed' } });
    const closed = await scanIn(two, (await createOrder(t, sellerA.token)).barcode);
    expect(closed.statusCode).toBe(409);
    const wrong = await t.call('POST', '/ams/order', {
      token: operator.token,
      body: amsOrderBody(one, order.barcode, 'C1', { masterAirWaybill: nextMawb() }),
    });
    expect(wrong.statusCode).toBe(400);
  });

  it('lets exactly one of two stations load the same parcel into two AMS at once', async () => {
    const [one, two] = [await createAms(), await createAms()];
    const order = await createOrder(t, sellerA.token);
    const replies = await Promise.all([scanIn(one, order.barcode), scanIn(two, order.barcode, 'C1', admin)]);
    expect(replies.map((reply) => reply.statusCode).sort()).toEqual([200, 409]);
    const after = await orderOf(t, admin, order.sid);
    const winner = replies[0]?.statusCode === 200 ? one : two;
    expect(after.ams_sid).toBe(winner.sid);
  });
});

describe('cartons', () => {
  it('count parcels and grams per carton label, rename a label, and take parcels out', async () => {
    const manifest = await createAms();
    const orders = [
      await createOrder(t, sellerA.token),
      await createOrder(t, sellerA.token),
      await createOrder(t, sellerA.token),
    ];
    await scanIn(manifest, orders[0]?.barcode as string, 'A');
    await scanIn(manifest, orders[1]?.barcode as string, 'A');
    await scanIn(manifest, orders[2]?.barcode as string, 'B');
    const statistic = await t.call('GET', '/orders/statisticForAms', {
      token: operator.token,
      query: { ams_sid: manifest.sid },
    });
    const weight = orders[0]?.weight as number;
    expect(statistic.json()).toEqual({
      data: [
        { ams_carton_label: 'A', count: 2, total_weight: 2 * weight },
        { ams_carton_label: 'B', count: 1, total_weight: weight },
      ],
      total_weight: 3 * weight,
      count: 3,
    });
    const list = await t.call('GET', '/orders', {
      token: admin,
      query: { page: '0', page_size: '500000', ams_sid: manifest.sid },
    });
    expect(list.json().total).toBe(3);

    const unknown = await t.call('PUT', `/ams/${manifest.sid}/update-carton-label`, {
      token: admin,
      body: { old_ams_carton_label: 'Z', new_ams_carton_label: 'Y' },
    });
    expect(unknown.statusCode).toBe(404);
    const renamed = await t.call('PUT', `/ams/${manifest.sid}/update-carton-label`, {
      token: admin,
      body: { old_ams_carton_label: 'A', new_ams_carton_label: 'A1' },
    });
    expect(renamed.json()).toEqual({ updated: 2 });

    expect(
      (await t.call('DELETE', '/ams/orders', { token: admin, query: { ams_sid: manifest.sid } })).statusCode,
    ).toBe(400);
    const byCarton = await t.call('DELETE', '/ams/orders', {
      token: admin,
      query: { ams_sid: manifest.sid, ams_carton_label: 'A1' },
    });
    expect(byCarton.json()).toEqual({ removed: 2 });
    const out = await orderOf(t, admin, orders[0]?.sid as string);
    expect(out).toMatchObject({ status: OrderStatus.Scanned, ams_sid: null, ams_carton_label: null });
    expect(JSON.stringify(await historyOf(t, admin, out.sid))).toContain(
      `Removed from manifest ${manifest.masterAirWaybill}`,
    );

    const one = await t.call('DELETE', `/ams/order/${orders[2]?.sid}`, { token: admin });
    expect(one.json()).toEqual({ removed: 1 });
    expect((await t.call('GET', `/ams/${manifest.sid}`, { token: admin })).json().pieces).toBe(0);
  });

  it('re-weighs a parcel at the hub, re-pricing it; 0 g is refused', async () => {
    const manifest = await createAms();
    const order = await createOrder(t, sellerA.token);
    await scanIn(manifest, order.barcode);
    const zero = await t.call('PUT', `/ams/order/${order.sid}`, {
      token: operator.token,
      body: { weight: 0 },
    });
    expect(zero.statusCode).toBe(400);
    const fractional = await t.call('PUT', `/ams/order/${order.sid}`, {
      token: operator.token,
      body: { weight: 1.5 },
    });
    expect(fractional.statusCode).toBe(400);
    const heavier = await t.call('PUT', `/ams/order/${order.sid}`, {
      token: operator.token,
      body: { weight: 1500 },
    });
    expect(heavier.statusCode, heavier.body).toBe(200);
    expect(heavier.json()).toMatchObject({ weight: 1500 });
    expect(Number(heavier.json().vnd)).toBeGreaterThan(Number(order.vnd));
  });
});

describe('changing and deleting an AMS', () => {
  it('deletes an AMS with its parcels back to Scanned; a submitted one can neither change nor go', async () => {
    const manifest = await createAms();
    const order = await createOrder(t, sellerA.token);
    await scanIn(manifest, order.barcode);
    expect((await t.call('DELETE', `/ams/${manifest.sid}`, { token: admin })).statusCode).toBe(200);
    expect(await orderOf(t, admin, order.sid)).toMatchObject({ status: OrderStatus.Scanned, ams_sid: null });
    expect((await t.call('GET', `/ams/${manifest.sid}`, { token: admin })).statusCode).toBe(404);

    const filed = await createAms();
    await t.database.db
      .update(amsTable)
      .set({ submitStatus: 'submitted' })
      .where(eq(amsTable.sid, filed.sid));
    expect((await t.call('DELETE', `/ams/${filed.sid}`, { token: admin })).statusCode).toBe(409);
    expect(
      (await t.call('PUT', `/ams/${filed.sid}`, { token: admin, body: { name: 'New' } })).statusCode,
    ).toBe(409);
    expect((await scanIn(filed, (await createOrder(t, sellerA.token)).barcode)).statusCode).toBe(409);
    const back = await t.call('PUT', `/ams/${filed.sid}`, {
      token: admin,
      body: { submit_status: 'initiated' },
    });
    expect(back.statusCode).toBe(409);
  });
});
