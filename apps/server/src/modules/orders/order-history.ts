/**
 * What happened to orders besides their status, and who did it: one row per order and action in
 * `order_history`, which has no foreign key to orders, so a deleted order's record stays. Re-weighs
 * (reweigh.ts), edits of the customer's details or an item's HS code, and deletions write here; status changes
 * are recorded on tracking events by status-change.ts instead. `readOrderHistory` tells both for the staff.
 */

import {
  type ChangeActor,
  englishOf,
  type OrderHistoryEntry as OrderHistoryReply,
  storedText,
  type Text,
  text,
} from '@parcelops/shared';
import type { Executor } from '../../db/database.ts';
import { newSid } from '../../lib/ids.ts';
import { apiKeyNamesOf } from '../api-keys/api-keys.service.ts';
import { usernamesOf } from '../users/users.service.ts';
import { type OrderHistoryRow, ordersRepository } from './orders.repository.ts';
import type { ChangedBy } from './status-change.ts';

/**
 * The actions and their details: 'reweighed' `{ old_weight, new_weight, difference, unit }` (grams; the credit
 * charged (+) or refunded (-) in the account's unit, null when the order is not on credit); 'edited'
 * `{ fields }` (the changed fields' names: a customer's values are personal data, never kept here); an item's
 * edit `{ fields, item_sid, sku, changes }` (each field's `{ old, new }`: goods, not people); or
 * `{ fields: ['ams_carton_label'], from, to }` for a parcel moved to another carton of its manifest;
 * 'deleted' `{ refund }`.
 */
export type OrderHistoryAction = 'reweighed' | 'edited' | 'deleted';

export interface OrderHistoryEntry {
  order: { sid: string; accountSid: string; orderNumber: string; barcode: string };
  action: OrderHistoryAction;
  /** What the action changed, for the record (a refund, a weight before and after). */
  details?: Record<string, unknown> | null;
}

/** Writes the entries in one statement, in the caller's transaction, all at one time. */
export async function recordOrderHistory(
  tx: Executor,
  entries: readonly OrderHistoryEntry[],
  by: ChangedBy,
): Promise<void> {
  const at = new Date();
  await ordersRepository.insertHistory(
    tx,
    entries.map(({ order, action, details }) => ({
      sid: newSid(),
      orderSid: order.sid,
      accountSid: order.accountSid,
      orderNumber: order.orderNumber,
      barcode: order.barcode,
      action,
      actorUserSid: by.userSid,
      actorApiKeySid: by.apiKeySid,
      at,
      details: details ?? null,
    })),
  );
}

const ACTIONS: readonly string[] = ['reweighed', 'edited', 'deleted'] satisfies OrderHistoryAction[];

/** The history row's line as a catalogue text (the web words re-weighs its own way, from `details`). */
function describe(row: OrderHistoryRow): Text {
  const details = row.details ?? {};
  if (row.action === 'reweighed')
    return text('orders.history.reweighed', {
      from: String(details.old_weight),
      to: String(details.new_weight),
    });
  if (row.action === 'deleted') return text('orders.history.deleted');
  const fields = Array.isArray(details.fields) ? (details.fields as string[]) : [];
  if (fields.includes('ams_carton_label'))
    return text('ams.history.cartonMoved', { from: String(details.from), to: String(details.to) });
  if (typeof details.item_sid === 'string' && !(fields.length === 1 && fields[0] === 'hs_code'))
    // An item's edit names its SKU and fields (its HS code alone keeps the words it always had).
    return text('orders.history.itemEdited', {
      sku: typeof details.sku === 'string' ? details.sku : '',
      fields: fields.join(', '),
    });
  if (fields.includes('hs_code')) return text('orders.history.hsCodeChanged');
  return text('orders.history.customerEdited', { fields: fields.join(', ') });
}

/**
 * The order's history for the staff, newest first: its status changes (tracking events) and its other
 * history rows, each naming who made it. One query per source whatever the length (events, history rows,
 * usernames, API key names), and one more only to tell an order with neither from no order at all. Undefined
 * for an order that never existed; a deleted order still answers with what its history rows kept.
 */
export async function readOrderHistory(
  db: Executor,
  orderSid: string,
): Promise<OrderHistoryReply[] | undefined> {
  const [events, rows] = await Promise.all([
    ordersRepository.trackingEvents(db, orderSid),
    ordersRepository.history(db, orderSid),
  ]);
  if (events.length === 0 && rows.length === 0 && !(await ordersRepository.findBySid(db, orderSid)))
    return undefined;

  const makers = [...events, ...rows];
  const userSids = makers.flatMap((row) => (row.actorUserSid ? [row.actorUserSid] : []));
  const keySids = makers.flatMap((row) => (row.actorApiKeySid ? [row.actorApiKeySid] : []));
  const [usernames, keyNames] = await Promise.all([
    userSids.length > 0 ? usernamesOf(db, userSids) : new Map<string, string>(),
    keySids.length > 0 ? apiKeyNamesOf(db, keySids) : new Map<string, string>(),
  ]);
  const actorOf = (row: { actorUserSid: string | null; actorApiKeySid: string | null }): ChangeActor => {
    if (row.actorUserSid)
      return { kind: 'user', sid: row.actorUserSid, name: usernames.get(row.actorUserSid) ?? null };
    if (row.actorApiKeySid)
      return { kind: 'api_key', sid: row.actorApiKeySid, name: keyNames.get(row.actorApiKeySid) ?? null };
    return { kind: 'system', sid: null, name: null };
  };

  const entries: (OrderHistoryReply & { time: number; sid: string })[] = [
    ...events.map((event) => ({
      time: event.eventTime.getTime(),
      sid: event.sid,
      at: event.eventTime.toISOString(),
      kind: 'status' as const,
      status: event.status,
      description: event.description,
      description_text: storedText(event.descriptionKey, event.descriptionParams),
      location: event.location,
      location_text: storedText(event.locationKey, null),
      actor: actorOf(event),
      details: null,
      reason: event.reason,
    })),
    ...rows
      .filter((row) => ACTIONS.includes(row.action))
      .map((row) => ({
        time: row.at.getTime(),
        sid: row.sid,
        at: row.at.toISOString(),
        kind: row.action as OrderHistoryAction,
        status: null,
        description: englishOf(describe(row)),
        description_text: describe(row),
        location: null,
        location_text: null,
        actor: actorOf(row),
        details: row.details ?? null,
        reason: null,
      })),
  ];
  // Newest first; within one instant the later sid (UUIDv7, in creation order) first.
  entries.sort((a, b) => b.time - a.time || (a.sid < b.sid ? 1 : a.sid > b.sid ? -1 : 0));
  return entries.map(({ time: _time, sid: _sid, ...entry }) => entry);
}
