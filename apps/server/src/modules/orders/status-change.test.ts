/** The status funnel checks every change against the order's status before it writes anything. */
import { ErrorCode, OrderStatus, orderStatusText } from '@parcelops/shared';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createOrder, trackingEventsOf } from '../../../test/order-fixtures.ts';
import { openTestWorld } from '../../../test/test-world.ts';
import { AppError } from '../../lib/app-error.ts';
import { orders } from './orders.table.ts';
import { recordStatusChange, recordStatusChanges, SYSTEM } from './status-change.ts';

const { t, sellerA } = await openTestWorld({ orderAccounts: true });

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
