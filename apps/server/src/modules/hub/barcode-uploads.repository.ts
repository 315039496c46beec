/** The queries of the hub's barcode uploads (order-uploads.service.ts): orders found by barcode, many at once. */
import { asc, eq, inArray } from 'drizzle-orm';
import type { Executor } from '../../db/database.ts';
import { accounts } from '../accounts/accounts.table.ts';
import type { OrderItemRow, OrderRow } from '../orders/orders.repository.ts';
import { orderItems, orders } from '../orders/orders.table.ts';

export type DetailedOrder = OrderRow & { accountName: string; items: OrderItemRow[] };

export const orderUploadsRepository = {
  /** The orders with these barcodes, with their account's name and their items (by position). */
  async detailsByBarcodes(db: Executor, barcodes: readonly string[]): Promise<DetailedOrder[]> {
    if (barcodes.length === 0) return [];
    const rows = await db
      .select({ order: orders, accountName: accounts.name })
      .from(orders)
      .innerJoin(accounts, eq(accounts.sid, orders.accountSid))
      .where(inArray(orders.barcode, [...barcodes]));
    if (rows.length === 0) return [];
    const items = await db
      .select()
      .from(orderItems)
      .where(
        inArray(
          orderItems.orderSid,
          rows.map((row) => row.order.sid),
        ),
      )
      .orderBy(asc(orderItems.orderSid), asc(orderItems.position));
    const itemsOf = new Map<string, OrderItemRow[]>();
    for (const item of items) {
      const list = itemsOf.get(item.orderSid) ?? [];
      list.push(item);
      itemsOf.set(item.orderSid, list);
    }
    return rows.map((row) => ({
      ...row.order,
      accountName: row.accountName,
      items: itemsOf.get(row.order.sid) ?? [],
    }));
  },

  /**
   * Locks the orders with these barcodes until the transaction ends, in sid order: every writer that locks
   * orders does so in that order (a scan locks one), so two of them never wait on each other in a circle.
   */
  lockByBarcodes(
    tx: Executor,
    barcodes: readonly string[],
  ): Promise<{ sid: string; barcode: string; orderNumber: string; status: number }[]> {
    if (barcodes.length === 0) return Promise.resolve([]);
    return tx
      .select({
        sid: orders.sid,
        barcode: orders.barcode,
        orderNumber: orders.orderNumber,
        status: orders.status,
      })
      .from(orders)
      .where(inArray(orders.barcode, [...barcodes]))
      .orderBy(asc(orders.sid))
      .for('update');
  },
};
