/**
 * The scan's reads: one order with its items by barcode, and the report's orders of many barcodes in one
 * statement (both through the orders_barcode_key unique index).
 */
import { asc, eq, inArray } from 'drizzle-orm';
import type { Executor } from '../../db/database.ts';
import { accounts } from '../accounts/accounts.table.ts';
import type { OrderWithItems } from '../orders/orders.repository.ts';
import { orderItems, orders } from '../orders/orders.table.ts';

export interface ScanRow {
  barcode: string;
  orderNumber: string;
  status: number;
  reason: string | null;
  weight: number;
}

export const scanRepository = {
  /**
   * What GET /orders/{sid} reads, found by barcode: the order and its account's name and address in one
   * statement, its items in a second. A scan is the hub's hottest call, so it makes no third trip for the sid.
   */
  async findWithItemsByBarcode(db: Executor, barcode: string): Promise<OrderWithItems | undefined> {
    const [row] = await db
      .select({ order: orders, accountName: accounts.name, accountAddress: accounts.address })
      .from(orders)
      .innerJoin(accounts, eq(accounts.sid, orders.accountSid))
      .where(eq(orders.barcode, barcode));
    if (!row) return undefined;
    const items = await db
      .select()
      .from(orderItems)
      .where(eq(orderItems.orderSid, row.order.sid))
      .orderBy(asc(orderItems.position));
    return { ...row.order, accountName: row.accountName, accountAddress: row.accountAddress ?? null, items };
  },

  async byBarcodes(db: Executor, barcodes: readonly string[]): Promise<Map<string, ScanRow>> {
    const found = new Map<string, ScanRow>();
    if (barcodes.length === 0) return found;
    const rows = await db
      .select({
        barcode: orders.barcode,
        orderNumber: orders.orderNumber,
        status: orders.status,
        reason: orders.reason,
        weight: orders.weight,
      })
      .from(orders)
      .where(inArray(orders.barcode, [...barcodes]));
    for (const row of rows) found.set(row.barcode, row);
    return found;
  },
};
