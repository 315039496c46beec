/**
 * Order status changes: the one funnel. Every change, however made (creation, scan, manifest, bulk upload,
 * operator), goes through recordStatusChanges, so it always leaves a tracking event behind that names who made
 * it (product decisions, Orders), and it is always one the order's status allows (checkTransition,
 * docs/decisions.md "Order status transitions"). What must follow every status change (the seller's webhook
 * event) is handed each change here, in the same transaction (`StatusChangeListener`).
 */
import {
  checkTransition,
  ErrorCode,
  englishOf,
  type OrderStatus,
  plainText,
  type Text,
  type TransitionCheck,
  type TransitionContext,
  type TransitionPath,
  text,
} from '@parcelops/shared';
import { getTableColumns, inArray, type SQL, sql } from 'drizzle-orm';
import type { Transaction } from '../../db/database.ts';
import type { Actor } from '../../lib/account-scope.ts';
import { AppError } from '../../lib/app-error.ts';
import { chunks } from '../../lib/chunks.ts';
import { newSid } from '../../lib/ids.ts';
import { accounts } from '../accounts/accounts.table.ts';
import { batchNameOf } from './order-list-sql.ts';
import { type NewOrderRow, type OrderWithItems, ordersRepository } from './orders.repository.ts';
import { orders, trackingEvents } from './orders.table.ts';

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

/**
 * Where an event happened: a hub's city as a catalogue text (hubText: "Sai Gon" / "Sài Gòn"), or a place of free
 * text (an account's city), or nowhere.
 */
export type EventPlace = Text | string | null;

/**
 * A new order's first event: its words and place. The words are a catalogue text, stored as its English with
 * its key and params; a plain string is stored as it is, without a key.
 */
export interface FirstEvent {
  orderSid: string;
  description: Text | string;
  location: EventPlace;
}

/** One order's change: its status now (read under its row lock) and the text and place of its event. */
export interface StatusChange extends FirstEvent {
  from: number;
}

/** A change the funnel recorded, as what follows it (the seller's webhook) needs to know it. */
export interface RecordedStatusChange {
  accountSid: string;
  orderSid: string;
  orderNumber: string;
  barcode: string;
  status: OrderStatus;
  location: string | null;
  reason: string | null;
  occurredAt: Date;
  /** How many status changes the order has had, this one included (its tracking events). */
  sequence: number;
}

/**
 * Told of every recorded change of an order whose account has an order status hook, in the funnel's
 * transaction: whatever it writes commits or rolls back with the change (webhooks' HookEvents).
 */
export interface StatusChangeListener {
  statusesChanged(tx: Transaction, changes: readonly RecordedStatusChange[]): Promise<void>;
}

interface CommonOptions {
  by: ChangedBy;
  /** Told of the changes (webhook events); required, so no path can change a status without it. */
  notify: StatusChangeListener;
  /**
   * Why, for Failed and Order Failed: the order keeps it while it has that status (other statuses clear the
   * order's), and its event keeps it for good, so the history tells every reason.
   */
  reason?: string | null;
  eventTime?: Date;
}

/** A change of existing orders: how it is made, and an admin's reason when they override the rules. */
export interface StatusChangeOptions extends CommonOptions {
  path: TransitionPath;
  /** Only for an admin (the caller decides who is one): lets a change out of a final status or backwards. */
  adminReason?: string | null;
  initial?: never;
}

/**
 * The orders were inserted in `status` in this transaction (order creation): only their first events are
 * written, there is nothing to update or check.
 */
export interface FirstEventOptions extends CommonOptions {
  initial: true;
}

/** The funnel's refusal: 409 STATUS_TRANSITION_REFUSED with the check's words. */
export function transitionRefused(check: Extract<TransitionCheck, { ok: false }>): AppError {
  return new AppError(ErrorCode.STATUS_TRANSITION_REFUSED, 409, check.text);
}

/**
 * The event's text for a change only an admin's reason allowed, so the record says why the rules were set aside
 * (the event names the admin).
 */
function overriddenText(change: StatusChange, status: number, context: TransitionContext): Text | string {
  if (!context.adminReason?.trim()) return change.description;
  if (checkTransition(change.from, status, { path: context.path }).ok) return change.description;
  return text('orders.event.adminCorrection', {
    event: typeof change.description === 'string' ? plainText(change.description) : change.description,
    reason: context.adminReason.trim(),
  });
}

/** The event row's columns for its words: the English, and the key and params of a catalogue text. */
export function wordColumns(words: Text | string) {
  if (typeof words === 'string') return { description: words, descriptionKey: null, descriptionParams: null };
  return {
    description: englishOf(words),
    descriptionKey: words.key,
    descriptionParams: words.params ?? null,
  };
}

/** The event row's columns for its place: the English, and the key of a hub's city. */
export function placeColumns(place: EventPlace): { location: string | null; locationKey: string | null } {
  if (place === null || typeof place === 'string') return { location: place, locationKey: null };
  return { location: englishOf(place), locationKey: place.key };
}

/** Orders per statement: 8 parameters an event keeps this well under 65,535, and locks short. */
const CHUNK = 1_000;

/**
 * Moves one order to `status` and records the event, in the caller's transaction: the bulk path with one order.
 */
export async function recordStatusChange(
  tx: Transaction,
  order: { sid: string; status: number },
  status: OrderStatus,
  description: Text | string,
  location: EventPlace,
  options: StatusChangeOptions,
): Promise<void> {
  await recordStatusChanges(
    tx,
    [{ orderSid: order.sid, from: order.status, description, location }],
    status,
    options,
  );
}

/**
 * Moves many orders to `status`, one event each, in the caller's transaction: per 1,000 orders one UPDATE (the
 * order_counts trigger then upserts its groups once, in key order, so concurrent writers never deadlock on
 * them) and one multi-row insert of events, all at one time. The caller locks the orders first (FOR UPDATE, in
 * sid order) and passes each one's status as it found it (`from`), or has just inserted them (`initial`).
 * Every change is checked against `from` before anything is written: one the rules refuse fails the whole
 * call with 409 STATUS_TRANSITION_REFUSED, so callers that report per order (uploads) leave refused ones out
 * first with the same checkTransition.
 * Then `notify` is handed the changes of orders whose account has a hook, one chunk at a time, in the same
 * transaction.
 */
export async function recordStatusChanges(
  tx: Transaction,
  changes: readonly FirstEvent[],
  status: OrderStatus,
  options: FirstEventOptions,
): Promise<void>;
export async function recordStatusChanges(
  tx: Transaction,
  changes: readonly StatusChange[],
  status: OrderStatus,
  options: StatusChangeOptions,
): Promise<void>;
export async function recordStatusChanges(
  tx: Transaction,
  changes: readonly (FirstEvent | StatusChange)[],
  status: OrderStatus,
  options: FirstEventOptions | StatusChangeOptions,
): Promise<void> {
  await funnel(tx, changes, status, options, async (sids) => {
    if (!options.initial) await ordersRepository.setStatus(tx, sids, status, options.reason ?? null);
    return undefined;
  });
}

/**
 * Other columns of the orders, written by the funnel's UPDATE with the status (a load's manifest fields):
 * each a value or an SQL expression of the row. The status, its reason and date_updated are the funnel's.
 */
export type ColumnsWithStatus = {
  [Column in Exclude<keyof NewOrderRow, 'sid' | 'status' | 'reason' | 'dateUpdated'>]?:
    | NewOrderRow[Column]
    | SQL;
};

/** An order as the funnel's UPDATE left it, with what the order view adds to its row (no items). */
export type OrderAfterChange = Omit<OrderWithItems, 'items'>;

/** Every column of the order, and the account's name and address and the batch's name, as the order view reads them. */
const afterChangeColumns = {
  ...getTableColumns(orders),
  accountName: sql<string>`(select ${accounts.name} from ${accounts} where ${accounts.sid} = ${orders.accountSid})`,
  accountAddress:
    sql`(select ${accounts.address} from ${accounts} where ${accounts.sid} = ${orders.accountSid})`.mapWith(
      accounts.address,
    ),
  batchName: batchNameOf,
};

/** An order whose account has a hook, as the listener needs it (ordersRepository.hookSubjects's rows). */
type HookSubject = Pick<
  RecordedStatusChange,
  'orderSid' | 'accountSid' | 'orderNumber' | 'barcode' | 'sequence'
>;

/**
 * What the listener needs, answered by the statement that moves the orders (RETURNING) rather than read after
 * the events (one statement less): whether the order's account has a hook and, only then, how many events the
 * order had before. `orderSid` and `accountSid` name the moved row's columns, written out in full: Drizzle leaves
 * the columns of an UPDATE's RETURNING unqualified, and inside a subquery an unqualified "sid" would be the
 * subquery's own table's. Also status-move.ts's.
 */
export function hookFactsOf(orderSid: SQL, accountSid: SQL) {
  const hooked = accountHasHook(accountSid);
  return {
    hooked,
    eventsBefore: sql<number>`case when ${hooked} then (select count(*)::int from ${trackingEvents} e where e.order_sid = ${orderSid}) else 0 end`,
  };
}

/** Whether the account (`accountSid`, a column written out in full) has an order status hook. */
export const accountHasHook = (accountSid: SQL) =>
  sql<boolean>`(select a.order_status_hook is not null from ${accounts} a where a.sid = ${accountSid})`;

const updatedOrder = (column: string) => sql`${sql.identifier('orders')}.${sql.identifier(column)}`;
const hookFactColumns = hookFactsOf(updatedOrder('sid'), updatedOrder('account_sid'));

/**
 * recordStatusChanges that writes `columns` in the same UPDATE as the status (one statement per 1,000 orders,
 * not two), and answers each order as that UPDATE left it (RETURNING), so a caller can reply without reading
 * it again. The transition check, the events and the listener are the funnel's, exactly as recordStatusChanges.
 */
export async function recordStatusChangesWith(
  tx: Transaction,
  changes: readonly StatusChange[],
  status: OrderStatus,
  options: StatusChangeOptions,
  columns: ColumnsWithStatus,
): Promise<OrderAfterChange[]> {
  const written: OrderAfterChange[] = [];
  await funnel(tx, changes, status, options, async (sids) => {
    const rows = await tx
      .update(orders)
      .set({ ...columns, status, reason: options.reason ?? null, dateUpdated: new Date() })
      .where(inArray(orders.sid, sids))
      .returning({ ...afterChangeColumns, ...hookFactColumns });
    const hooked: HookSubject[] = [];
    for (const { hooked: hasHook, eventsBefore, ...row } of rows) {
      written.push({ ...row, accountAddress: row.accountAddress ?? null });
      // The event is inserted after this UPDATE: its sequence counts it too.
      if (hasHook)
        hooked.push({
          orderSid: row.sid,
          accountSid: row.accountSid,
          orderNumber: row.orderNumber,
          barcode: row.barcode,
          sequence: Number(eventsBefore) + 1,
        });
    }
    return hooked;
  });
  return written;
}

/**
 * Moves every order `where` finds in status `from` to `status` in one set-based UPDATE (its rows locked in sid
 * order, as every multi-order writer locks them), then records their events and tells the listener as
 * recordStatusChanges does, with one description and place for all. For a whole manifest at once (its
 * submission); answers the sids it moved.
 */
export async function recordStatusChangesWhere(
  tx: Transaction,
  target: { where: SQL; from: OrderStatus },
  status: OrderStatus,
  event: { description: Text | string; location: EventPlace },
  options: StatusChangeOptions,
): Promise<string[]> {
  const check = checkTransition(target.from, status, {
    path: options.path,
    adminReason: options.adminReason ?? null,
  });
  if (!check.ok) throw transitionRefused(check);
  const moved = await tx
    .update(orders)
    .set({ status, reason: options.reason ?? null, dateUpdated: new Date() })
    .where(
      inArray(
        orders.sid,
        sql`(select ${orders.sid} from ${orders} where ${target.where} and ${orders.status} = ${target.from} order by ${orders.sid} for update)`,
      ),
    )
    .returning({ sid: orders.sid });
  const sids = moved.map((row) => row.sid).sort();
  await funnel(
    tx,
    sids.map((orderSid) => ({ orderSid, from: target.from, ...event })),
    status,
    options,
    async () => undefined,
  );
  return sids;
}

/**
 * The funnel's steps: every change checked first; then per 1,000 orders, `writeStatus` (the UPDATE), the
 * events in one insert, and the listener told of the hooked orders' changes.
 */
async function funnel(
  tx: Transaction,
  changes: readonly (FirstEvent | StatusChange)[],
  status: OrderStatus,
  options: FirstEventOptions | StatusChangeOptions,
  writeStatus: (orderSids: string[]) => Promise<readonly HookSubject[] | undefined>,
): Promise<void> {
  let describe = (change: FirstEvent): Text | string => change.description;
  if (!options.initial) {
    const context: TransitionContext = { path: options.path, adminReason: options.adminReason ?? null };
    for (const change of changes as readonly StatusChange[]) {
      const check = checkTransition(change.from, status, context);
      if (!check.ok) throw transitionRefused(check);
    }
    describe = (change) => overriddenText(change as StatusChange, status, context);
  }
  const eventTime = options.eventTime ?? new Date();
  const { userSid, apiKeySid } = options.by;
  // The event keeps why: the status's reason, else the admin's reason for the change.
  const adminReason = options.initial ? null : options.adminReason?.trim() || null;
  const eventReason = options.reason ?? adminReason;
  for (const part of chunks(changes, CHUNK)) {
    const toldByUpdate = await writeStatus(part.map((change) => change.orderSid));
    await ordersRepository.insertTrackingEvents(
      tx,
      part.map((change) => {
        return {
          sid: newSid(),
          orderSid: change.orderSid,
          status,
          ...wordColumns(describe(change)),
          ...placeColumns(change.location),
          reason: eventReason,
          eventTime,
          actorUserSid: userSid,
          actorApiKeySid: apiKeySid,
        };
      }),
    );
    const hooked =
      toldByUpdate ??
      (await ordersRepository.hookSubjects(
        tx,
        part.map((change) => change.orderSid),
      ));
    if (hooked.length > 0) {
      const placeOf = new Map(
        part.map((change) => [change.orderSid, placeColumns(change.location).location]),
      );
      await options.notify.statusesChanged(
        tx,
        hooked.map((order) => ({
          ...order,
          status,
          location: placeOf.get(order.orderSid) ?? null,
          reason: options.reason ?? null,
          occurredAt: eventTime,
        })),
      );
    }
  }
}
