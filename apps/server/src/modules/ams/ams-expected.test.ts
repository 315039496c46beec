/**
 * What a flight still expects (issue 28, N7 and N8): a parcel scanned into its AMS again with another carton
 * label moves there (recorded with who and both labels; the same label changes nothing); the waiting list of
 * parcels received at the manifest's hub and in no manifest, newest scan first and paged, and its count on the
 * reconciliation; Create AMS's upcoming manifests, from the hubs' today on, soonest first.
 */
import { type Ams, type Order, OrderStatus } from '@parcelops/shared';
import { describe, expect, it } from 'vitest';
import { amsOrderBody, createTestAms, receiveAtHub } from '../../../test/ams-fixtures.ts';
import { createOrder } from '../../../test/order-fixtures.ts';
import { openTestWorld } from '../../../test/test-world.ts';
import { recordStatusChange } from '../orders/status-change.ts';
import { startOfHubDay } from './ams.service.ts';

const { t, admin, operator, sellerA, accountA } = await openTestWorld({ orderAccounts: true });

const createAms = (overrides: Record<string, unknown> = {}) =>
  createTestAms(t, admin, { namePrefix: 'Expect ', ...overrides });
const scanIn = (manifest: Ams, barcode: string, carton: string) =>
  t.call('POST', '/ams/order', { token: operator.token, body: amsOrderBody(manifest, barcode, carton) });
const receive = (order: Order, hub: 'SGN' | 'HAN') => receiveAtHub(t, operator.token, order, hub);
const waitingOf = async (manifest: Ams, query: Record<string, string> = {}) => {
  const response = await t.call('GET', `/ams/${manifest.sid}/waiting`, { token: operator.token, query });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
};

describe('a parcel scanned with another carton label', () => {
  it('moves to that carton, recorded with both labels and who; the same label again changes nothing', async () => {
    const manifest = await createAms();
    const order = await createOrder(t, sellerA.token);
    await scanIn(manifest, order.barcode, 'C1');
    const moved = await scanIn(manifest, order.barcode, 'C2');
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json()).toMatchObject({
      already_in: true,
      carton_moved_from: 'C1',
      order: { ams_carton_label: 'C2', status: OrderStatus.Processing },
    });
    const same = await scanIn(manifest, order.barcode, 'C2');
    expect(same.json()).toMatchObject({ already_in: true, carton_moved_from: null });

    const history = (await t.call('GET', `/orders/${order.sid}/history`, { token: admin })).json();
    const moves = history.filter((entry: { kind: string }) => entry.kind === 'edited');
    expect(moves).toHaveLength(1);
    expect(moves[0]).toMatchObject({
      description: 'Moved from carton C1 to carton C2',
      description_text: { key: 'ams.history.cartonMoved', params: { from: 'C1', to: 'C2' } },
      actor: { kind: 'user', sid: operator.user.sid },
      details: { fields: ['ams_carton_label'], from: 'C1', to: 'C2' },
      reason: null,
    });
    const statistic = await t.call('GET', '/orders/statisticForAms', {
      token: operator.token,
      query: { ams_sid: manifest.sid },
    });
    expect(
      statistic.json().data.map((carton: { ams_carton_label: string }) => carton.ams_carton_label),
    ).toEqual(['C2']);
  });
});

describe('the waiting list', () => {
  it("lists parcels received at the manifest's hub in no manifest, newest scan first, paged, and counts them", async () => {
    const sgn = await createAms({ location: 'SGN' });
    const han = await createAms({ location: 'HAN' });
    const [first, second, failed, loaded, atHanoi, notReceived] = [
      await createOrder(t, sellerA.token),
      await createOrder(t, sellerA.token),
      await createOrder(t, sellerA.token),
      await createOrder(t, sellerA.token),
      await createOrder(t, sellerA.token),
      await createOrder(t, sellerA.token),
    ];
    for (const order of [first, second, failed, loaded]) await receive(order, 'SGN');
    await receive(atHanoi, 'HAN');
    expect(notReceived.status).toBe(OrderStatus.Generated);
    await t.database.db.transaction(async (tx) => {
      await recordStatusChange(
        tx,
        { sid: failed.sid, status: OrderStatus.Scanned },
        OrderStatus.Failed,
        'Set aside',
        null,
        {
          by: { userSid: operator.user.sid, apiKeySid: null },
          notify: t.app.services.hookEvents,
          path: 'upload',
          reason: 'crushed',
        },
      );
    });
    expect((await scanIn(sgn, loaded.barcode, 'C1')).statusCode).toBe(200);

    const waiting = await waitingOf(sgn);
    expect(waiting.total).toBe(2);
    expect(waiting.data.map((parcel: { barcode: string }) => parcel.barcode)).toEqual([
      second.barcode,
      first.barcode,
    ]);
    expect(waiting.data[0]).toEqual({
      sid: second.sid,
      barcode: second.barcode,
      orderNumber: second.orderNumber,
      account_sid: accountA.sid,
      accountName: accountA.name,
      status: OrderStatus.Scanned,
      weight: second.weight,
      received_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
    });
    expect((await waitingOf(han)).data.map((parcel: { sid: string }) => parcel.sid)).toEqual([atHanoi.sid]);

    // Taken off the flight, a parcel waits again; pages split the list and keep the total.
    await t.call('DELETE', `/ams/order/${loaded.sid}`, { token: admin });
    const page = await waitingOf(sgn, { page: '1', page_size: '2' });
    expect(page.total).toBe(3);
    expect(page.data.map((parcel: { sid: string }) => parcel.sid)).toEqual([first.sid]);
    expect((await waitingOf(sgn, { page: '5', page_size: '2' })).total).toBe(3);

    const reconciliation = await t.call('GET', `/ams/${sgn.sid}/reconciliation`, { token: admin });
    expect(reconciliation.json().waiting).toBe(3);
    expect((await t.call('GET', `/ams/${han.sid}/reconciliation`, { token: admin })).json().waiting).toBe(1);
    expect((await t.call('GET', `/ams/${sgn.sid}/waiting`, { token: sellerA.token })).statusCode).toBe(403);
    expect((await t.call('GET', '/ams/nope/waiting', { token: admin })).statusCode).toBe(404);
  });

  it('names the item of each item finding, and none for an order-level one', async () => {
    const manifest = await createAms();
    const order = await createOrder(t, sellerA.token, { phone: '' });
    await scanIn(manifest, order.barcode, 'C1');
    const { problems } = (
      await t.call('GET', `/ams/${manifest.sid}/reconciliation`, { token: admin })
    ).json();
    const item = (await t.call('GET', `/orders/${order.sid}`, { token: admin })).json().items[0];
    expect(problems.find((problem: { field: string }) => problem.field === 'phone').item_sid).toBeNull();
    expect(problems.find((problem: { field: string }) => problem.field === 'hs_code').item_sid).toBe(
      item.sid,
    );
  });
});

describe('upcoming manifests', () => {
  it("lists the initiated ones departing from the hubs' today on, soonest first", async () => {
    const today = startOfHubDay().getTime();
    const hours = (count: number) => new Date(today + count * 3600_000).toISOString();
    const yesterday = await createAms({ departureDate: hours(-2) });
    const later = await createAms({ departureDate: hours(24 * 3) });
    const earlyToday = await createAms({ departureDate: hours(0.5) });
    const tomorrow = await createAms({ departureDate: hours(30) });
    const closed = await createAms({ departureDate: hours(26) });
    await t.call('PUT', `/ams/${closed.sid}`, { token: admin, body: { status: 'closed' } });

    const list = await t.call('GET', '/ams', {
      token: operator.token,
      query: { upcoming: 'true', page_size: '500' },
    });
    expect(list.statusCode, list.body).toBe(200);
    const sids = list.json().data.map((each: Ams) => each.sid);
    expect(sids.filter((sid: string) => [yesterday.sid, closed.sid].includes(sid))).toEqual([]);
    const mine = sids.filter((sid: string) => [later.sid, earlyToday.sid, tomorrow.sid].includes(sid));
    expect(mine).toEqual([earlyToday.sid, tomorrow.sid, later.sid]);
    const departures = list.json().data.map((each: Ams) => each.departureDate);
    expect([...departures].sort()).toEqual(departures);

    // With a day too (a UTC day, as departureDate always was): that day's, never before today.
    const day = tomorrow.departureDate.slice(0, 10);
    const onDay = await t.call('GET', '/ams', {
      token: operator.token,
      query: { upcoming: '1', status: 'initiated', departureDate: day },
    });
    expect(onDay.json().data.map((each: Ams) => each.sid)).toContain(tomorrow.sid);
    const plain = await t.call('GET', '/ams', { token: operator.token, query: { upcoming: 'false' } });
    expect(plain.json().data.map((each: Ams) => each.sid)).toContain(yesterday.sid);
  });
});
