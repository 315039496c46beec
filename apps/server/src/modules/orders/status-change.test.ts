/**
 * The status funnel checks every change against the order's status before it writes anything; it can write
 * other columns in the status's own UPDATE (answering the row as written), and move every order a filter
 * finds in one set-based statement, each with its event and the listener told, as always.
 */
import { ErrorCode, hubText, OrderStatus, orderStatusText } from '@parcelops/shared';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createOrder, createSellerAccount, trackingEventsOf } from '../../../test/order-fixtures.ts';
import { openTestWorld } from '../../../test/test-world.ts';
import { AppError } from '../../lib/app-error.ts';
import { receivedAt } from '../hub/scan.service.ts';
import { orders } from './orders.table.ts';
import {
  type RecordedStatusChange,
  recordStatusChange,
  recordStatusChanges,
  recordStatusChangesWhere,
  recordStatusChangesWith,
  type StatusChangeListener,
  SYSTEM,
} from './status-change.ts';
import { moveOrderIf, recordStatusChangeIf } from './status-move.ts';

const { t, admin, sellerA, accountA } = await openTestWorld({ orderAccounts: true });

/** A listener that keeps what it is told, as the webhooks' one would be. */
function recordingListener(): StatusChangeListener & { told: RecordedStatusChange[] } {
  const told: RecordedStatusChange[] = [];
  return {
    told,
    async statusesChanged(_tx, changes) {
      told.push(...changes);
    },
  };
}

const seed = (sid: string, status: number) =>
  t.database.db.update(orders).set({ status }).where(eq(orders.sid, sid));
const statusOf = async (sid: string) =>
  (await t.database.db.select().from(orders).where(eq(orders.sid, sid)))[0]?.status;
const eventsOf = (sid: string) => trackingEventsOf(t, sid);

/** The system moves `sid` from `from` to `to` with `description`, in a transaction of its own. */
const changeBySystem = (
  sid: string,
  from: OrderStatus,
  to: OrderStatus,
  description: Parameters<typeof recordStatusChange>[3],
  options: Omit<Parameters<typeof recordStatusChange>[5], 'by' | 'notify'>,
) =>
  t.database.db.transaction((tx) =>
    recordStatusChange(tx, { sid, status: from }, to, description, null, {
      by: SYSTEM,
      notify: t.app.services.hookEvents,
      ...options,
    }),
  );

describe('recordStatusChanges', () => {
  it('refuses the whole call with 409 STATUS_TRANSITION_REFUSED when any change is refused, writing nothing', async () => {
    const [fine, final] = [await createOrder(t, sellerA.token), await createOrder(t, sellerA.token)];
    await seed(final.sid, OrderStatus.Delivered);
    const attempt = t.database.db.transaction((tx) =>
      recordStatusChanges(
        tx,
        [
          { orderSid: fine.sid, from: OrderStatus.Generated, description: 'Processed', location: null },
          { orderSid: final.sid, from: OrderStatus.Delivered, description: 'Processed', location: null },
        ],
        OrderStatus.Processed,
        { by: SYSTEM, notify: t.app.services.hookEvents, path: 'upload' },
      ),
    );
    await expect(attempt).rejects.toMatchObject({
      code: ErrorCode.STATUS_TRANSITION_REFUSED,
      status: 409,
      message: 'Delivered is final: only an admin, giving a reason, can move the order out of it.',
      // The same words as a catalogue text, the statuses nested so they read in the chosen language too.
      text: {
        key: 'orders.transition.finalStatus',
        params: { from: { key: 'orders.status.4' }, to: { key: 'orders.status.3' } },
      },
    });
    await expect(attempt).rejects.toBeInstanceOf(AppError);
    expect(await statusOf(fine.sid)).toBe(OrderStatus.Generated);
    expect(await eventsOf(fine.sid)).toHaveLength(1);
  });

  it('never goes back to Generated, whoever asks', async () => {
    const order = await createOrder(t, sellerA.token);
    await seed(order.sid, OrderStatus.Scanned);
    await expect(
      changeBySystem(order.sid, OrderStatus.Scanned, OrderStatus.Generated, 'x', {
        path: 'edit',
        adminReason: 'Mistake',
      }),
    ).rejects.toMatchObject({ code: ErrorCode.STATUS_TRANSITION_REFUSED });
  });

  it("lets a manifest removal step back to Scanned, and an admin's reason override, naming it on the event", async () => {
    const order = await createOrder(t, sellerA.token);
    await seed(order.sid, OrderStatus.Processing);
    await changeBySystem(order.sid, OrderStatus.Processing, OrderStatus.Scanned, 'Removed from manifest', {
      path: 'manifest-removal',
      eventTime: new Date(Date.now() + 1000),
    });
    await seed(order.sid, OrderStatus.Delivered);
    await changeBySystem(
      order.sid,
      OrderStatus.Delivered,
      OrderStatus.Failed,
      orderStatusText(OrderStatus.Failed),
      {
        path: 'edit',
        reason: 'Returned',
        adminReason: 'Returned by the carrier',
        eventTime: new Date(Date.now() + 2000),
      },
    );
    expect((await eventsOf(order.sid)).map((event) => [event.status, event.description])).toEqual([
      [OrderStatus.Generated, 'Order created'],
      [OrderStatus.Scanned, 'Removed from manifest'],
      [OrderStatus.Failed, 'Failed (admin correction: Returned by the carrier)'],
    ]);
    expect((await eventsOf(order.sid)).at(-1)).toMatchObject({
      descriptionKey: 'orders.event.adminCorrection',
      descriptionParams: { event: { key: 'orders.status.5' }, reason: 'Returned by the carrier' },
    });
    expect(await statusOf(order.sid)).toBe(OrderStatus.Failed);
  });
});

describe('recordStatusChangesWith', () => {
  it('writes the other columns in the same UPDATE, answers the row as written, and records the event', async () => {
    const order = await createOrder(t, sellerA.token);
    const listener = recordingListener();
    const hooked = await t.call('PUT', `/accounts/${accountA.sid}`, {
      token: await t.adminToken(),
      body: { order_status_hook: 'https://seller.example.com/hook' },
    });
    expect(hooked.statusCode, hooked.body).toBe(200);
    const [written] = await t.database.db.transaction((tx) =>
      recordStatusChangesWith(
        tx,
        [{ orderSid: order.sid, from: OrderStatus.Generated, description: 'Loaded', location: 'Sai Gon' }],
        OrderStatus.Processing,
        { by: SYSTEM, notify: listener, path: 'manifest' },
        { amsCartonLabel: 'C9', amsPriorStatus: OrderStatus.Generated, amsPriorReason: null },
      ),
    );
    expect(written).toMatchObject({
      sid: order.sid,
      status: OrderStatus.Processing,
      amsCartonLabel: 'C9',
      amsPriorStatus: OrderStatus.Generated,
      accountName: accountA.name,
      batchName: null,
    });
    const [row] = await t.database.db.select().from(orders).where(eq(orders.sid, order.sid));
    expect(row).toMatchObject({ status: OrderStatus.Processing, amsCartonLabel: 'C9' });
    expect(row?.dateUpdated).toEqual(written?.dateUpdated);
    const events = await eventsOf(order.sid);
    expect(events).toHaveLength(2);
    expect(events.at(-1)).toMatchObject({
      status: OrderStatus.Processing,
      description: 'Loaded',
      location: 'Sai Gon',
    });
    expect(listener.told).toEqual([
      expect.objectContaining({
        orderSid: order.sid,
        barcode: order.barcode,
        status: OrderStatus.Processing,
        location: 'Sai Gon',
        sequence: 2,
      }),
    ]);
  });

  it('writes nothing, the other columns included, when the change is refused', async () => {
    const order = await createOrder(t, sellerA.token);
    await seed(order.sid, OrderStatus.Delivered);
    await expect(
      t.database.db.transaction((tx) =>
        recordStatusChangesWith(
          tx,
          [{ orderSid: order.sid, from: OrderStatus.Delivered, description: 'Loaded', location: null }],
          OrderStatus.Processing,
          { by: SYSTEM, notify: t.app.services.hookEvents, path: 'manifest' },
          { amsCartonLabel: 'C9' },
        ),
      ),
    ).rejects.toMatchObject({ code: ErrorCode.STATUS_TRANSITION_REFUSED });
    const [row] = await t.database.db.select().from(orders).where(eq(orders.sid, order.sid));
    expect(row).toMatchObject({ status: OrderStatus.Delivered, amsCartonLabel: null });
  });
});

describe('recordStatusChangesWhere', () => {
  it('moves every order the filter finds in the given status in one statement, each with its event', async () => {
    const [one, two, other] = [
      await createOrder(t, sellerA.token),
      await createOrder(t, sellerA.token),
      await createOrder(t, sellerA.token),
    ];
    for (const order of [one, two, other]) await seed(order.sid, OrderStatus.Processing);
    const carton = `W-${one.sid}`;
    for (const order of [one, two])
      await t.database.db.update(orders).set({ amsCartonLabel: carton }).where(eq(orders.sid, order.sid));
    const listener = recordingListener();
    const moved = await t.database.db.transaction((tx) =>
      recordStatusChangesWhere(
        tx,
        { where: eq(orders.amsCartonLabel, carton), from: OrderStatus.Processing },
        OrderStatus.Processed,
        { description: 'Departed SGN', location: null },
        { by: SYSTEM, notify: listener, path: 'manifest' },
      ),
    );
    expect(moved).toEqual([one.sid, two.sid].sort());
    expect(await statusOf(one.sid)).toBe(OrderStatus.Processed);
    expect(await statusOf(two.sid)).toBe(OrderStatus.Processed);
    expect(await statusOf(other.sid)).toBe(OrderStatus.Processing);
    for (const order of [one, two])
      expect((await eventsOf(order.sid)).at(-1)).toMatchObject({
        status: OrderStatus.Processed,
        description: 'Departed SGN',
      });
    expect(listener.told.map((change) => change.orderSid).sort()).toEqual([one.sid, two.sid].sort());
  });
});

describe('recordStatusChangeIf', () => {
  const scanEvent = { description: receivedAt('SGN'), location: hubText('SGN') };

  it('moves the order and writes the event and tells the listener exactly as the funnel does', async () => {
    const [byFunnel, byMove] = [await createOrder(t, sellerA.token), await createOrder(t, sellerA.token)];
    const eventTime = new Date('2026-11-29T03:04:05.000Z');
    const by = { userSid: sellerA.user.sid, apiKeySid: null };
    const [funnelHeard, moveHeard] = [recordingListener(), recordingListener()];
    await t.database.db.transaction((tx) =>
      recordStatusChange(
        tx,
        { sid: byFunnel.sid, status: OrderStatus.Generated },
        OrderStatus.Scanned,
        scanEvent.description,
        scanEvent.location,
        { by, notify: funnelHeard, path: 'scan', eventTime },
      ),
    );
    const moved = await t.database.db.transaction((tx) =>
      recordStatusChangeIf(
        tx,
        { orderSid: byMove.sid, from: OrderStatus.Generated },
        OrderStatus.Scanned,
        scanEvent,
        { by, notify: moveHeard, path: 'scan', eventTime },
      ),
    );
    expect(moved).toBe(true);
    const own = ({ sid, orderSid, ...event }: Awaited<ReturnType<typeof eventsOf>>[number]) => event;
    const [funnelEvents, moveEvents] = [await eventsOf(byFunnel.sid), await eventsOf(byMove.sid)];
    const scanOf = (events: typeof moveEvents) =>
      events.find((event) => event.status === OrderStatus.Scanned) as (typeof events)[number];
    expect(moveEvents).toHaveLength(2);
    expect(own(scanOf(moveEvents))).toEqual(own(scanOf(funnelEvents)));
    expect(scanOf(moveEvents)).toMatchObject({ eventTime, locationKey: 'hub.city.SGN', reason: null });
    const told = ({ orderSid, orderNumber, barcode, ...change }: RecordedStatusChange) => change;
    expect(moveHeard.told.map(told)).toEqual(funnelHeard.told.map(told));
    expect(moveHeard.told).toMatchObject([{ orderSid: byMove.sid, sequence: 2 }]);
    expect(await statusOf(byMove.sid)).toBe(OrderStatus.Scanned);
  });

  it('moves nothing and tells no one when the order is no longer in the status expected', async () => {
    const order = await createOrder(t, sellerA.token);
    await seed(order.sid, OrderStatus.Scanned);
    const listener = recordingListener();
    const moved = await t.database.db.transaction((tx) =>
      recordStatusChangeIf(
        tx,
        { orderSid: order.sid, from: OrderStatus.Generated },
        OrderStatus.Scanned,
        scanEvent,
        { by: SYSTEM, notify: listener, path: 'scan' },
      ),
    );
    expect(moved).toBe(false);
    expect(await eventsOf(order.sid)).toHaveLength(1);
    expect(listener.told).toEqual([]);
  });

  it('refuses a change the rules refuse before writing anything', async () => {
    const order = await createOrder(t, sellerA.token);
    await seed(order.sid, OrderStatus.Scanned);
    const attempt = t.database.db.transaction((tx) =>
      recordStatusChangeIf(
        tx,
        { orderSid: order.sid, from: OrderStatus.Scanned },
        OrderStatus.Generated,
        scanEvent,
        { by: SYSTEM, notify: t.app.services.hookEvents, path: 'scan' },
      ),
    );
    await expect(attempt).rejects.toMatchObject({ code: ErrorCode.STATUS_TRANSITION_REFUSED, status: 409 });
    expect(await statusOf(order.sid)).toBe(OrderStatus.Scanned);
  });
});

describe('moveOrderIf', () => {
  const scanEvent = { description: receivedAt('HAN'), location: hubText('HAN') };

  it('moves an order of an account without a hook on its own, and one with a hook telling the listener', async () => {
    const { seller } = await createSellerAccount(t, admin);
    const [unhooked, hooked] = [await createOrder(t, seller), await createOrder(t, sellerA.token)];
    for (const order of [unhooked, hooked]) {
      const listener = recordingListener();
      const moved = await moveOrderIf(
        t.database.db,
        { orderSid: order.sid, from: OrderStatus.Generated },
        OrderStatus.Scanned,
        scanEvent,
        { by: SYSTEM, notify: listener, path: 'scan' },
      );
      expect(moved).toBe(true);
      expect(await statusOf(order.sid)).toBe(OrderStatus.Scanned);
      expect(
        (await eventsOf(order.sid)).filter((event) => event.status === OrderStatus.Scanned),
      ).toHaveLength(1);
      expect(listener.told.map((change) => change.orderSid)).toEqual(order === hooked ? [hooked.sid] : []);
    }
  });

  it('moves nothing the second time', async () => {
    const order = await createOrder(t, sellerA.token);
    const move = () =>
      moveOrderIf(
        t.database.db,
        { orderSid: order.sid, from: OrderStatus.Generated },
        OrderStatus.Scanned,
        scanEvent,
        { by: SYSTEM, notify: t.app.services.hookEvents, path: 'scan' },
      );
    expect(await Promise.all([move(), move()])).toEqual(expect.arrayContaining([true, false]));
    expect(await eventsOf(order.sid)).toHaveLength(2);
  });
});
