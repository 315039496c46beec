/**
 * What other domains read of orders, beside orders.service.ts's `findOrder` and `orderNumbersOf`: plain
 * functions taking the database or a transaction, so the hub, the reports and the dashboard never import the
 * orders' repositories or tables. Who may see what is the caller's to decide (the reports scope through
 * `OrdersService.filterOf`).
 */
import { type CreditUnit, OrderStatus } from '@parcelops/shared';
import type { Executor } from '../../db/database.ts';
import { type BatchFigures, orderBatchesRepository } from './order-batches.repository.ts';
import { type DayRange, orderFiguresRepository } from './order-figures.repository.ts';
import type { OrderFilter } from './order-list-sql.ts';
import {
  type DetailedOrder,
  type EventPlace,
  type LockedByBarcode,
  orderLookupsRepository,
  type ScanRow,
} from './order-lookups.repository.ts';
import { orderReportsRepository, type ReportBatches } from './order-reports.repository.ts';
import { itemsByOrder, type OrderWithItems } from './orders.repository.ts';

export type {
  BatchFigures,
  DayRange,
  DetailedOrder,
  EventPlace,
  LockedByBarcode,
  OrderFilter,
  OrderWithItems,
  ReportBatches,
  ScanRow,
};

/**
 * A batch order's orders, `pageSize` at a time in sid order, each with its items and account (labels, the
 * report). A page is read when the consumer asks for it, so a slow reader holds back the reading.
 */
export async function* batchOrderPages(
  db: Executor,
  batchSid: string,
  pageSize: number,
): AsyncGenerator<OrderWithItems[]> {
  let after: string | null = null;
  for (;;) {
    const page = await orderBatchesRepository.page(db, batchSid, after, pageSize);
    if (page.length === 0) return;
    yield page;
    if (page.length < pageSize) return;
    after = (page.at(-1) as OrderWithItems).sid;
  }
}

/** The batch's order count, chargeable weight, VND total and count per status. */
export function batchFigures(db: Executor, batchSid: string): Promise<BatchFigures> {
  return orderBatchesRepository.figures(db, batchSid);
}

/** The order with its items and account's name and address, by barcode (the hub's scan). */
export function findOrderByBarcode(db: Executor, barcode: string): Promise<OrderWithItems | undefined> {
  return orderLookupsRepository.findWithItemsByBarcode(db, barcode);
}

/** The items of these orders, by order sid, in their positions (a reply built from a row already read). */
export function itemsOfOrders(db: Executor, orderSids: readonly string[]) {
  return itemsByOrder(db, orderSids);
}

/** The scan table's rows of these barcodes (one statement: keep the list to a few thousand), by barcode. */
export function scanRowsByBarcodes(db: Executor, barcodes: readonly string[]): Promise<Map<string, ScanRow>> {
  return orderLookupsRepository.scanRowsByBarcodes(db, barcodes);
}

/** The orders with these barcodes with their account's name and items (one statement per table). */
export function orderDetailsByBarcodes(db: Executor, barcodes: readonly string[]): Promise<DetailedOrder[]> {
  return orderLookupsRepository.detailsByBarcodes(db, barcodes);
}

/** Locks the orders with these barcodes in sid order (the order every writer locks in) until the tx ends. */
export function lockOrdersByBarcodes(tx: Executor, barcodes: readonly string[]): Promise<LockedByBarcode[]> {
  return orderLookupsRepository.lockByBarcodes(tx, barcodes);
}

/** The orders with these barcodes as lockOrdersByBarcodes reads them, without locks (a preview). */
export function orderStatusesByBarcodes(
  db: Executor,
  barcodes: readonly string[],
): Promise<LockedByBarcode[]> {
  return orderLookupsRepository.statusesByBarcodes(db, barcodes);
}

/** The order's first Scanned event: when (and, by its location or text, where) the hub first received it. */
export function firstReceipt(db: Executor, orderSid: string): Promise<EventPlace | undefined> {
  return orderLookupsRepository.firstEventIn(db, orderSid, OrderStatus.Scanned);
}

/** GET /orders/report's rows, off a cursor in batches: the list's orders for the filter, in its order. */
export const forEachOrderReportBatch: ReportBatches = orderReportsRepository.forEachOrderBatch;

/** GET /orders/deliveryTimeReport's rows: the filter's Delivered orders with their milestones. */
export const forEachDeliveryTimeBatch: ReportBatches = orderReportsRepository.forEachDeliveredBatch;

/** Orders per UTC day and status in the range (one account's or every account's), from order_counts. */
export function ordersPerDay(db: Executor, range: DayRange, accountSid?: string) {
  return orderFiguresRepository.ordersPerDay(db, range, accountSid);
}

/** What one account's orders created on each UTC day cost, in its unit; days without orders left out. */
export function spendPerDay(db: Executor, accountSid: string, unit: CreditUnit, from: Date, days: number) {
  return orderFiguresRepository.spendPerDay(db, accountSid, unit, from, days);
}

/** Parcels received per UTC day and hub, from the hub scans' events (one account's orders, or all). */
export function scansPerDay(db: Executor, from: Date, toBefore: Date, accountSid?: string) {
  return orderFiguresRepository.scansPerDay(db, from, toBefore, accountSid);
}
