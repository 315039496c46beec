/**
 * Order status changes: the one funnel. Every change, however made (creation, scan, manifest, bulk upload,
 * operator), goes through recordStatusChanges, so it always leaves a tracking event behind that names who made
 * it (product decisions, Orders). What must follow every status change (the seller's hook) hangs here.
 */
import type { OrderStatus } from '@parcelops/shared';
import type { Executor } from '../../db/database.ts';
import type { Actor } from '../../lib/account-scope.ts';
import { chunks } from '../../lib/chunks.ts';
import { newSid } from '../../lib/ids.ts';
import { ordersRepository } from './orders.repository.ts';

/** Who made a change: a person (their user sid) or an API key (its sid); neither for the system's own. */
export interface ChangedBy {
  userSid: string | null;
  apiKeySid: string | null;
}

/** Changes no person or key made (jobs, the system's own corrections). */
export const SYSTEM: ChangedBy = Object.freeze({ userSid: null, apiKeySid: null });

/** The caller of a route as the maker of its changes. */
export function changedBy(actor: Pick<Actor, 'userSid' | 'apiKeySid'>): ChangedBy {
  return { userSid: actor.userSid, apiKeySid: actor.apiKeySid };
}

/** One order's change: the text and place of its event. */
export interface StatusChange {
  orderSid: string;
  description: string;
  location: string | null;
}

export interface StatusChangeOptions {
  by: ChangedBy;
  /** Why, for Failed and Order Failed; other statuses clear it. */
  reason?: string | null;
  eventTime?: Date;
  /**
   * The orders were inserted in `status` in this transaction (order creation): only their first events are
   * written, there is nothing to update.
   */
  initial?: boolean;
}

/** Orders per statement: 8 parameters an event keeps this well under 65,535, and locks short. */
const CHUNK = 1_000;

/**
 * Moves one order to `status` and records the event, in the caller's transaction: the bulk path with one order.
 */
export async function recordStatusChange(
  tx: Executor,
  order: { sid: string },
  status: OrderStatus,
  description: string,
  location: string | null,
  options: StatusChangeOptions,
): Promise<void> {
  await recordStatusChanges(tx, [{ orderSid: order.sid, description, location }], status, options);
}

/**
 * Moves many orders to `status`, one event each, in the caller's transaction: per 1,000 orders one UPDATE (the
 * order_counts trigger then upserts its groups once, in key order, so concurrent writers never deadlock on
 * them) and one multi-row insert of events, all at one time. The caller locks the orders first (FOR UPDATE, in
 * sid order), or has just inserted them (`initial`).
 * TODO(hooks): the seller's order_status_hook is notified from here once hook delivery exists.
 */
export async function recordStatusChanges(
  tx: Executor,
  changes: readonly StatusChange[],
  status: OrderStatus,
  options: StatusChangeOptions,
): Promise<void> {
  const eventTime = options.eventTime ?? new Date();
  const { userSid, apiKeySid } = options.by;
  for (const part of chunks(changes, CHUNK)) {
    if (!options.initial)
      await ordersRepository.setStatus(
        tx,
        part.map((change) => change.orderSid),
        status,
        options.reason ?? null,
      );
    await ordersRepository.insertTrackingEvents(
      tx,
      part.map((change) => ({
        sid: newSid(),
        orderSid: change.orderSid,
        status,
        description: change.description,
        location: change.location,
        eventTime,
        actorUserSid: userSid,
        actorApiKeySid: apiKeySid,
      })),
    );
  }
}
