/**
 * What happened to orders besides their status, and who did it: one row per order and action in
 * `order_history`, which has no foreign key to orders, so a deleted order's record stays. Deletion writes here
 * now; re-weighs and other corrections next. Status changes are recorded by status-change.ts instead.
 */

import type { Executor } from '../../db/database.ts';
import { newSid } from '../../lib/ids.ts';
import { ordersRepository } from './orders.repository.ts';
import type { ChangedBy } from './status-change.ts';

export type OrderHistoryAction = 'deleted';

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
