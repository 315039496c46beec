/**
 * Orders found by barcode, for the hub (modules/hub reaches them through order-lookups.service.ts): the scan's
 * order with its items, the scan table's rows, the barcode uploads' details and their locks, all through the
 * orders_barcode_key unique index; and what an order's events tell the scan and the deletion guard.
 */
import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Executor } from '../../db/database.ts';
import { accounts } from '../accounts/accounts.table.ts';
import {
  findOrderWithItems,
  type OrderItemRow,
  type OrderRow,
  type OrderWithItems,
  withItems,
} from './orders.repository.ts';
import { orders, trackingEvents } from './orders.table.ts';

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

/** What a status upload needs of each order it locks (or, for its preview, reads). */
export interface LockedByBarcode {
  sid: string;
  barcode: string;
  orderNumber: string;
  status: number;
}

/** An event of the order's, as a scan tells when and where the parcel was first received. */
export interface EventPlace {
  eventTime: Date;
  description: string;
  location: string | null;
}

const statusColumns = {
  sid: orders.sid,
  barcode: orders.barcode,
  orderNumber: orders.orderNumber,
  status: orders.status,
};

export const orderLookupsRepository = {
  /**
   * What GET /orders/{sid} reads, found by barcode: the order and its account's name and address in one
   * statement, its items in a second. A scan is the hub's hottest call, so it makes no third trip for the sid.
   */
  findWithItemsByBarcode(db: Executor, barcode: string): Promise<OrderWithItems | undefined> {
    // Built once, run with each barcode (db/prepared.ts).
    return findOrderWithItems(db, 'order by barcode', eq(orders.barcode, sql.placeholder('barcode')), {
      barcode,
    });
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
    return withItems(
      db,
      rows.map((row) => ({ ...row.order, accountName: row.accountName })),
    );
  },

  /**
   * Locks the orders with these barcodes until the transaction ends, in sid order: every writer that locks
   * orders does so in that order (a scan locks one), so two of them never wait on each other in a circle.
   */
  lockByBarcodes(tx: Executor, barcodes: readonly string[]): Promise<LockedByBarcode[]> {
    if (barcodes.length === 0) return Promise.resolve([]);
    return tx
      .select(statusColumns)
      .from(orders)
      .where(inArray(orders.barcode, [...barcodes]))
      .orderBy(asc(orders.sid))
      .for('update');
  },

  /** The same as lockByBarcodes without the locks: what a status upload's preview reads. */
  statusesByBarcodes(db: Executor, barcodes: readonly string[]): Promise<LockedByBarcode[]> {
    if (barcodes.length === 0) return Promise.resolve([]);
    return db
      .select(statusColumns)
      .from(orders)
      .where(inArray(orders.barcode, [...barcodes]));
  },

  /** The order's first event in `status`, by time (tracking_events_order_time_idx), if it has one. */
  async firstEventIn(db: Executor, orderSid: string, status: number): Promise<EventPlace | undefined> {
    const [row] = await db
      .select({
        eventTime: trackingEvents.eventTime,
        description: trackingEvents.description,
        location: trackingEvents.location,
      })
      .from(trackingEvents)
      .where(and(eq(trackingEvents.orderSid, orderSid), eq(trackingEvents.status, status)))
      .orderBy(asc(trackingEvents.eventTime))
      .limit(1);
    return row;
  },

  /** Whether the order has any event in a status other than `status` (the hub, or later, has handled it). */
  async hasEventBeyond(db: Executor, orderSid: string, status: number): Promise<boolean> {
    const [row] = await db
      .select({ sid: trackingEvents.sid })
      .from(trackingEvents)
      .where(and(eq(trackingEvents.orderSid, orderSid), ne(trackingEvents.status, status)))
      .limit(1);
    return Boolean(row);
  },
};
