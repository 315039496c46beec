/**
 * Loading refuses what the hub set aside (issue 28, N1): the verdict per state on POST /ams/order and per row of
 * POST /ams/batch (Generated and Scanned load; Failed is refused with its reason, to an operator even when they
 * give one, to an admin unless they give one; Order Failed, Delivered and another manifest keep their refusals
 * and name the reason), and no path erases a reason: Failed -> loaded by an admin -> removed comes back Failed
 * with its reason, and the order's history lists every reason on its own event.
 */
import { type Ams, type Order, OrderStatus } from '@parcelops/shared';
import { describe, expect, it } from 'vitest';
import { amsOrderBody, createTestAms, receiveAtHub } from '../../../test/ams-fixtures.ts';
import { createOrder, historyOf, orderOf } from '../../../test/order-fixtures.ts';
import { openTestWorld } from '../../../test/test-world.ts';
import { multipart, readXlsx, xlsx } from '../../../test/workbooks.ts';
import { recordStatusChange } from '../orders/status-change.ts';

const { t, admin, operator, sellerA } = await openTestWorld({ orderAccounts: true });
const REASON = 'address does not exist';

const createAms = () => createTestAms(t, admin, { namePrefix: 'Aside ' });
const scanIn = (manifest: Ams, barcode: string, token: string, reason?: string) =>
  t.call('POST', '/ams/order', {
    token,
    body: amsOrderBody(manifest, barcode, 'C1', reason === undefined ? {} : { reason }),
  });
const receive = (order: Order) => receiveAtHub(t, operator.token, order);

/** The hub sets the parcel aside: received, then Failed with a reason (as a status upload would). */
async function setAside(
  order: Order,
  status: OrderStatus = OrderStatus.Failed,
  reason: string | null = REASON,
) {
  await receive(order);
  await t.database.db.transaction(async (tx) => {
    await recordStatusChange(tx, { sid: order.sid, status: OrderStatus.Scanned }, status, 'Set aside', null, {
      by: { userSid: operator.user.sid, apiKeySid: null },
      notify: t.app.services.hookEvents,
      path: 'upload',
      reason,
      adminReason: status === OrderStatus.OrderFailed ? 'vendor refused it' : null,
    });
  });
  return { ...order, status };
}

describe('loading a parcel, by its state', () => {
  it('loads Generated and Scanned parcels', async () => {
    const manifest = await createAms();
    const generated = await createOrder(t, sellerA.token);
    const scanned = await createOrder(t, sellerA.token);
    await receive(scanned);
    for (const order of [generated, scanned]) {
      const reply = await scanIn(manifest, order.barcode, operator.token);
      expect(reply.statusCode, reply.body).toBe(200);
      expect(reply.json()).toMatchObject({ already_in: false, carton_moved_from: null });
      expect(reply.json().order.status).toBe(OrderStatus.Processing);
    }
  });

  it('refuses a Failed parcel with its reason, to an operator even with a reason, to an admin without one', async () => {
    const manifest = await createAms();
    const failed = await setAside(await createOrder(t, sellerA.token));
    const refusal = `${failed.barcode} was set aside as Failed: "${REASON}".`;

    const operatorTry = await scanIn(manifest, failed.barcode, operator.token);
    expect(operatorTry.statusCode).toBe(409);
    expect(operatorTry.json()).toMatchObject({
      code: 'PARCEL_SET_ASIDE',
      msg: refusal,
      key: 'ams.setAside',
      params: { barcode: failed.barcode, reason: REASON },
    });
    // An operator's reason is not an override: the same refusal.
    const operatorReason = await scanIn(manifest, failed.barcode, operator.token, 'customer called');
    expect(operatorReason.statusCode).toBe(409);
    expect(operatorReason.json()).toMatchObject({ code: 'PARCEL_SET_ASIDE', msg: refusal });

    for (const blank of [undefined, '   ']) {
      const adminTry = await scanIn(manifest, failed.barcode, admin, blank);
      expect(adminTry.statusCode).toBe(409);
      expect(adminTry.json()).toMatchObject({
        code: 'PARCEL_SET_ASIDE',
        msg: `${refusal} An admin may load it by giving a reason.`,
        key: 'ams.setAsideAdminMay',
      });
    }
    const still = await orderOf(t, admin, failed.sid);
    expect(still).toMatchObject({ status: OrderStatus.Failed, reason: REASON, ams_sid: null });

    const noReason = await setAside(await createOrder(t, sellerA.token), OrderStatus.Failed, null);
    expect((await scanIn(manifest, noReason.barcode, operator.token)).json()).toMatchObject({
      code: 'PARCEL_SET_ASIDE',
      msg: `${noReason.barcode} was set aside as Failed.`,
    });
  });

  it('refuses Order Failed and Delivered naming the reason, and a parcel in another manifest', async () => {
    const [one, two] = [await createAms(), await createAms()];
    const orderFailed = await setAside(
      await createOrder(t, sellerA.token),
      OrderStatus.OrderFailed,
      'vendor refused it',
    );
    const refusedOrderFailed = await scanIn(one, orderFailed.barcode, admin, 'load anyway');
    expect(refusedOrderFailed.statusCode).toBe(409);
    expect(refusedOrderFailed.json()).toMatchObject({
      code: 'CONFLICT',
      msg: `Parcel ${orderFailed.barcode} is Order Failed ("vendor refused it"): it cannot be loaded into an AMS.`,
      key: 'ams.notLoadableBecause',
    });

    const delivered = await createOrder(t, sellerA.token);
    await t.database.db.execute(`update orders set status = 4 where sid = '${delivered.sid}'` as never);
    expect((await scanIn(one, delivered.barcode, operator.token)).json()).toMatchObject({
      code: 'CONFLICT',
      msg: `Parcel ${delivered.barcode} is Delivered: it cannot be loaded into an AMS.`,
    });

    const plain = await createOrder(t, sellerA.token);
    await scanIn(one, plain.barcode, operator.token);
    expect((await scanIn(two, plain.barcode, operator.token)).json()).toMatchObject({
      code: 'CONFLICT',
      msg: `Parcel ${plain.barcode} is already in AMS ${one.name} (${one.masterAirWaybill}).`,
    });
    // One an admin loaded although set aside: the other manifest's refusal says why it was set aside.
    const aside = await setAside(await createOrder(t, sellerA.token));
    expect((await scanIn(one, aside.barcode, admin, 'address confirmed by phone')).statusCode).toBe(200);
    expect((await scanIn(two, aside.barcode, admin, 'again')).json()).toMatchObject({
      code: 'CONFLICT',
      key: 'ams.inOtherAmsSetAside',
      msg: `Parcel ${aside.barcode} is already in AMS ${one.name} (${one.masterAirWaybill}); the hub had set it aside as Failed: "${REASON}".`,
    });
  });

  it('gives the same verdicts per row of a batch upload', async () => {
    const manifest = await createAms();
    const good = await createOrder(t, sellerA.token);
    const failed = await setAside(await createOrder(t, sellerA.token));
    const response = await t.call('POST', '/ams/batch', {
      token: admin,
      body: await multipart(
        { ams_sid: manifest.sid },
        {
          buffer: await xlsx([
            ['barcode', 'ams_carton_label'],
            [good.barcode, 'C1'],
            [failed.barcode, 'C1'],
          ]),
        },
      ),
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['x-ams-added']).toBe('1');
    expect(response.headers['x-ams-failed']).toBe('1');
    const rows = await readXlsx(response.rawPayload);
    expect(rows[2]).toEqual(
      expect.arrayContaining([
        `Failed: ${failed.barcode} was set aside as Failed: "${REASON}". An admin may load it by giving a reason.`,
      ]),
    );
    expect((await orderOf(t, admin, failed.sid)).status).toBe(OrderStatus.Failed);
  });
});

describe('reasons through every transition', () => {
  it('Failed -> loaded by an admin with a reason -> removed comes back Failed with its reason, each on its event', async () => {
    const manifest = await createAms();
    const failed = await setAside(await createOrder(t, sellerA.token));
    const loaded = await scanIn(manifest, failed.barcode, admin, '  customer confirmed the address  ');
    expect(loaded.statusCode, loaded.body).toBe(200);
    expect(loaded.json().order).toMatchObject({ status: OrderStatus.Processing, ams_sid: manifest.sid });

    const removed = await t.call('DELETE', `/ams/order/${failed.sid}`, { token: admin });
    expect(removed.json()).toEqual({ removed: 1 });
    expect(await orderOf(t, admin, failed.sid)).toMatchObject({
      status: OrderStatus.Failed,
      reason: REASON,
      ams_sid: null,
      ams_carton_label: null,
    });

    const statuses = (await historyOf(t, admin, failed.sid))
      .filter((entry) => entry.kind === 'status')
      .map((entry) => [entry.status, entry.reason, entry.description]);
    expect(statuses).toEqual([
      [OrderStatus.Failed, REASON, `Removed from manifest ${manifest.masterAirWaybill}`],
      [
        OrderStatus.Processing,
        'customer confirmed the address',
        `Loaded into manifest ${manifest.masterAirWaybill} although set aside as Failed (admin's reason: customer confirmed the address)`,
      ],
      [OrderStatus.Failed, REASON, 'Set aside'],
      [OrderStatus.Scanned, null, 'Received at SGN hub'],
      [OrderStatus.Generated, null, 'Order created'],
    ]);
  });

  it('returns every other parcel to Scanned, whether it was scanned before loading or not; so does deleting the AMS', async () => {
    const manifest = await createAms();
    const generated = await createOrder(t, sellerA.token);
    const scanned = await createOrder(t, sellerA.token);
    await receive(scanned);
    const failed = await setAside(await createOrder(t, sellerA.token));
    for (const order of [generated, scanned]) await scanIn(manifest, order.barcode, operator.token);
    await scanIn(manifest, failed.barcode, admin, 'checked by phone');

    expect((await t.call('DELETE', `/ams/${manifest.sid}`, { token: admin })).statusCode).toBe(200);
    expect(await orderOf(t, admin, generated.sid)).toMatchObject({
      status: OrderStatus.Scanned,
      reason: null,
    });
    expect(await orderOf(t, admin, scanned.sid)).toMatchObject({ status: OrderStatus.Scanned, reason: null });
    expect(await orderOf(t, admin, failed.sid)).toMatchObject({ status: OrderStatus.Failed, reason: REASON });

    // Loaded again by an admin after the round trip: still refused without a reason, and its reason kept.
    const again = await createAms();
    expect((await scanIn(again, failed.barcode, operator.token)).json().code).toBe('PARCEL_SET_ASIDE');
  });
});
