/**
 * Order status changes. Every change, however made (scan, manifest, bulk upload, operator), goes through
 * recordStatusChange so it always leaves a tracking event behind (product decisions, Orders).
 */
import type { OrderStatus } from '@parcelops/shared';
import type { Executor } from '../../db/database.ts';
import { newSid } from '../../lib/ids.ts';
import { ordersRepository } from './orders.repository.ts';

export interface StatusChangeOptions {
  /** Why, for Failed and Order Failed; other statuses clear it. */
  reason?: string | null;
  eventTime?: Date;
}

/** Writes a tracking event for the order; used on its own for the first event of a new order. */
export async function recordTrackingEvent(
  tx: Executor,
  orderSid: string,
  status: OrderStatus,
  description: string,
  location: string | null = null,
  eventTime: Date = new Date(),
): Promise<void> {
  await ordersRepository.insertTrackingEvent(tx, {
    sid: newSid(),
    orderSid,
    status,
    description,
    location,
    eventTime,
  });
}

/**
 * Moves the order to `status` and records the event, in the caller's transaction: the bulk path with one order.
 */
export async function recordStatusChange(
  tx: Executor,
  order: { sid: string },
  status: OrderStatus,
  description: string,
  location: string | null = null,
  options: StatusChangeOptions = {},
): Promise<void> {
  await recordStatusChanges(tx, [order.sid], status, description, location, options);
}

/**
 * Moves many orders to `status`, one event each, in the caller's transaction: one UPDATE for all of them (the
 * order_counts trigger then upserts its groups once, in key order, so concurrent writers never deadlock on
 * them) and one multi-row insert of events. The caller locks the orders first (FOR UPDATE, in sid order).
 * TODO(hooks): the seller's order_status_hook is notified from here once hook delivery exists.
 */
export async function recordStatusChanges(
  tx: Executor,
  orderSids: readonly string[],
  status: OrderStatus,
  description: string,
  location: string | null = null,
  options: StatusChangeOptions = {},
): Promise<void> {
  if (orderSids.length === 0) return;
  await ordersRepository.setStatus(tx, orderSids, status, options.reason ?? null);
  const eventTime = options.eventTime ?? new Date();
  await ordersRepository.insertTrackingEvents(
    tx,
    orderSids.map((orderSid) => ({ sid: newSid(), orderSid, status, description, location, eventTime })),
  );
}
