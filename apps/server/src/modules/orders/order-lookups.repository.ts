/**
 * Orders found by barcode, for the hub (modules/hub reaches them through orders.service.ts): the scan's order
 * with its items, the scan table's rows, the barcode uploads' details and their locks. All go through the
 * orders_barcode_key unique index.
 */
import { asc, eq, inArray } from 'drizzle-orm';
import type { Executor } from '../../db/database.ts';
import { accounts } from '../accounts/accounts.table.ts';
import type { OrderItemRow, OrderRow, OrderWithItems } from './orders.repository.ts';
import { orderItems, orders } from './orders.table.ts';

/** An order as the scan table shows it. */
export interface ScanRow {
  barcode: string;
  orderNumber: string;
  status: number;
  reason: string | null;
  weight: number;
}

/** An order with its account's name and its items (by position), as Order_details.xlsx lists it. */
export type DetailedOrder = OrderRow & { accountName: string; items: OrderItemRow[] };

/** What a status upload needs of each order it locks. */
export interface LockedByBarcode {
  sid: string;
  barcode: string;
  orderNumber: string;
  status: number;
}

export const orderLookupsRepository = {
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

  /** The scan table's rows of these barcodes, in one statement, by barcode. */
  async scanRowsByBarcodes(db: Executor, barcodes: readonly string[]): Promise<Map<string, ScanRow>> {
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
  lockByBarcodes(tx: Executor, barcodes: readonly string[]): Promise<LockedByBarcode[]> {
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
