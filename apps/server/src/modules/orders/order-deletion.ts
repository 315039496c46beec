/**
 * Which orders may be deleted (and refunded): a Generated one that the hub has never handled. An order with
 * any event beyond Generated keeps its record and its charge for good, even if its status were ever set back
 * (the transitions no longer allow that, but older orders may have been), so a parcel the hub received can
 * never be deleted and refunded afterwards. DELETE /orders/{sid} and the bulk delete both ask here.
 */
import { canDeleteOrder, OrderStatus, orderStatusText, text } from '@parcelops/shared';
import type { Executor } from '../../db/database.ts';
import { AppError } from '../../lib/app-error.ts';
import { orderLookupsRepository } from './order-lookups.repository.ts';

/** Why an order that is not Generated cannot be deleted. */
export const notDeletableText = (order: { orderNumber: string; status: number }) =>
  text('orders.notDeletable', { orderNumber: order.orderNumber, status: orderStatusText(order.status) });

const handledByHubText = (order: { orderNumber: string }) =>
  text('orders.handledByHub', { orderNumber: order.orderNumber });

/**
 * Refuses (409 CONFLICT, naming the order) an order that may not be deleted. The caller holds the order's row
 * lock, so a scan cannot slip in between this check and the deletion.
 */
export async function assertDeletable(
  tx: Executor,
  order: { sid: string; orderNumber: string; status: number },
): Promise<void> {
  if (!canDeleteOrder(order.status)) throw AppError.conflict(notDeletableText(order));
  if (await orderLookupsRepository.hasEventBeyond(tx, order.sid, OrderStatus.Generated))
    throw AppError.conflict(handledByHubText(order));
}
