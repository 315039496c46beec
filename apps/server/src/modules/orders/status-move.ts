/**
 * The funnel's one-order move for the hot path (a first hub scan, issue 31 part 5): the order moves only if it
 * is still in the status the caller expects, and its event is written by the same statement. The UPDATE's
 * own row lock decides between two callers (the second one waits, finds the status changed and moves nothing),
 * so no lock is read first, and the statement answers what the webhook needs (whether the account has a hook
 * and how many events the order has), so nothing is read after it: a first scan costs BEGIN, this, COMMIT.
 * The rules are the funnel's (status-change.ts): the transition checked first, the event's words and place
 * stored alike, the listener told in the same transaction.
 */
import { checkTransition, type OrderStatus, type Text } from '@parcelops/shared';
import { sql } from 'drizzle-orm';
import type { Database, Executor, Transaction } from '../../db/database.ts';
import { selectRow } from '../../db/raw-rows.ts';
import { newSid } from '../../lib/ids.ts';
import { orders, trackingEvents } from './orders.table.ts';
import {
  accountHasHook,
  type EventPlace,
  hookFactsOf,
  placeColumns,
  type StatusChangeOptions,
  transitionRefused,
  wordColumns,
} from './status-change.ts';

interface MovedRow {
  account_sid: string;
  order_number: string;
  barcode: string;
  hooked: boolean;
  events_before: number | string;
}

type MoveOptions = Omit<StatusChangeOptions, 'adminReason'>;
interface MoveTarget {
  orderSid: string;
  from: OrderStatus;
}
interface MoveEvent {
  description: Text | string;
  location: EventPlace;
}

/**
 * Moves order `orderSid` from `from` to `status` and records its event if the order is in `from` when its row
 * is written; answers whether it moved. For an account without an order status hook that is one statement,
 * committed on its own (nothing else has to commit with it); its guard leaves the order alone when the account
 * has a hook, and the move is then made in a transaction with the hook's event (recordStatusChangeIf).
 */
export async function moveOrderIf(
  db: Database,
  target: MoveTarget,
  status: OrderStatus,
  event: MoveEvent,
  options: MoveOptions,
): Promise<boolean> {
  checkMove(target, status, options);
  const timed = { ...options, eventTime: options.eventTime ?? new Date() };
  if (await moveStatement(db, target, status, event, timed, { unhookedOnly: true })) return true;
  return db.transaction((tx) => recordStatusChangeIf(tx, target, status, event, timed));
}

/**
 * moveOrderIf in the caller's transaction, whatever the account: the listener (the hook's event) is told of the
 * move in that transaction. A change the rules refuse is refused before anything is written (409
 * STATUS_TRANSITION_REFUSED), as the funnel refuses it. The event keeps the status's reason, as the funnel's
 * events do.
 */
export async function recordStatusChangeIf(
  tx: Transaction,
  target: MoveTarget,
  status: OrderStatus,
  event: MoveEvent,
  options: MoveOptions,
): Promise<boolean> {
  checkMove(target, status, options);
  const eventTime = options.eventTime ?? new Date();
  const moved = await moveStatement(
    tx,
    target,
    status,
    event,
    { ...options, eventTime },
    { unhookedOnly: false },
  );
  if (!moved) return false;
  if (moved.hooked)
    await options.notify.statusesChanged(tx, [
      {
        accountSid: moved.account_sid,
        orderSid: target.orderSid,
        orderNumber: moved.order_number,
        barcode: moved.barcode,
        status,
        location: placeColumns(event.location).location,
        reason: options.reason ?? null,
        occurredAt: eventTime,
        sequence: Number(moved.events_before) + 1,
      },
    ]);
  return true;
}

/** No admin's override here: an overridden change's event words are the funnel's (recordStatusChanges). */
function checkMove(target: MoveTarget, status: OrderStatus, options: MoveOptions): void {
  const check = checkTransition(target.from, status, { path: options.path, adminReason: null });
  if (!check.ok) throw transitionRefused(check);
}

/**
 * The one statement: the conditional UPDATE, the event inserted from what it returned, and what the listener
 * needs. With `unhookedOnly`, an order whose account has a hook is not moved.
 */
function moveStatement(
  db: Executor,
  target: MoveTarget,
  status: OrderStatus,
  event: MoveEvent,
  options: MoveOptions & { eventTime: Date },
  { unhookedOnly }: { unhookedOnly: boolean },
): Promise<MovedRow | undefined> {
  const eventTime = options.eventTime;
  const reason = options.reason ?? null;
  const words = wordColumns(event.description);
  const place = placeColumns(event.location);
  // Drizzle writes an undefined value as nothing at all: every value below is a value or null.
  const params = words.descriptionParams === null ? null : JSON.stringify(words.descriptionParams);
  const facts = hookFactsOf(sql.raw('moved.sid'), sql.raw('moved.account_sid'));
  const guard = unhookedOnly ? sql`and not ${accountHasHook(sql.raw('orders.account_sid'))}` : sql``;
  // The events counted in the last select do not include the one inserted beside it (one snapshot): the
  // listener's sequence is one more.
  return selectRow<MovedRow>(
    db,
    sql`with moved as (
        update ${orders} set status = ${status}, reason = ${reason}, date_updated = ${new Date().toISOString()}::timestamptz
        where sid = ${target.orderSid} and status = ${target.from} ${guard}
        returning sid, account_sid, order_number, barcode
      ), event as (
        insert into ${trackingEvents} (sid, order_sid, status, description, description_key, description_params,
          location, location_key, reason, event_time, actor_user_sid, actor_api_key_sid)
        select ${newSid()}, sid, ${status}, ${words.description}, ${words.descriptionKey}, ${params}::jsonb,
          ${place.location}, ${place.locationKey}, ${reason}, ${eventTime.toISOString()}::timestamptz,
          ${options.by.userSid ?? null}, ${options.by.apiKeySid ?? null}
        from moved
      )
      select moved.account_sid, moved.order_number, moved.barcode, ${facts.hooked} as hooked,
        ${facts.eventsBefore} as events_before
      from moved`,
  );
}
