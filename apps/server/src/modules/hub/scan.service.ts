/**
 * Hub scanning (spec §2 Scan Orders tab 1; product decisions, Hub work). A scan answers the order and moves a
 * Generated order to Scanned with the event "Received at <hub> hub"; a second scan, or a concurrent one, finds
 * it Scanned and changes nothing more. The scanned-orders report is the screen's table as xlsx.
 */
import {
  HUB_CITY,
  type Hub,
  normalizeBarcode,
  type Order,
  OrderStatus,
  orderStatusLabel,
  type ScannedOrder,
} from '@parcelops/shared';
import type { Database } from '../../db/database.ts';
import type { Actor } from '../../lib/account-scope.ts';
import { AppError } from '../../lib/app-error.ts';
import { writeSheet } from '../../lib/excel/sheet-writer.ts';
import { findOrderByBarcode, lockOrder, scanRowsByBarcodes } from '../orders/order-lookups.service.ts';
import { toOrder } from '../orders/order-views.ts';
import { changedBy, recordStatusChange } from '../orders/status-change.ts';

export const receivedAt = (hub: Hub) => `Received at ${hub} hub`;
export const notFoundText = (barcode: string) => `No order found with barcode ${barcode}`;
const refusedText = (order: { orderNumber: string; reason: string | null }) =>
  `Order ${order.orderNumber} is Order Failed: ${order.reason ?? 'no reason given'}`;

/** The report's columns: spec §2 Scan Orders' table, in its order. */
export const SCAN_REPORT_HEADERS = ['Id', 'Order number', 'Barcode', 'Status', 'Reason', 'Weight in grams'];
const SCAN_REPORT_WIDTHS = [8, 22, 18, 14, 40, 16];

export class OrdersScanService {
  constructor(private readonly db: Database) {}

  async scan(actor: Actor, code: string, hub: Hub): Promise<Order> {
    const barcode = normalizeBarcode(code);
    const found = await findOrderByBarcode(this.db, barcode);
    if (!found) throw AppError.notFound(notFoundText(barcode));
    if (found.status === OrderStatus.OrderFailed) throw AppError.conflict(refusedText(found));
    if (found.status !== OrderStatus.Generated) return toOrder(found);
    // The read above only spares rescans a transaction; the row lock decides, so two scanners at once write
    // one event between them, and the reply shows the status the lock found or set.
    const now = await this.db.transaction(async (tx) => {
      const order = await lockOrder(tx, found.sid);
      if (!order) throw AppError.notFound(notFoundText(barcode));
      if (order.status !== OrderStatus.Generated) return { status: order.status, reason: order.reason };
      await recordStatusChange(tx, order, OrderStatus.Scanned, receivedAt(hub), HUB_CITY[hub], {
        by: changedBy(actor),
      });
      return { status: OrderStatus.Scanned, reason: null };
    });
    return toOrder({ ...found, ...now });
  }

  /**
   * The rows of the scan table for these barcodes, as they stand now: normalized, each once, in the order
   * given; an unknown barcode keeps its row with the reason.
   */
  async scannedOrders(barcodes: readonly string[]): Promise<ScannedOrder[]> {
    const unique = [...new Set(barcodes.map(normalizeBarcode).filter((code) => code.length > 0))];
    const found = await scanRowsByBarcodes(this.db, unique);
    return unique.map((barcode) => {
      const order = found.get(barcode);
      if (!order)
        return { orderNumber: null, barcode, status: null, reason: notFoundText(barcode), weight: null };
      return {
        orderNumber: order.orderNumber,
        barcode,
        status: order.status,
        reason: order.reason,
        weight: order.weight,
      };
    });
  }

  /** scanned_orders.xlsx; text a spreadsheet could run as a formula is written, and formatted, as text. */
  async report(barcodes: readonly string[]): Promise<Buffer> {
    const rows = await this.scannedOrders(barcodes);
    return writeSheet(
      'Scanned orders',
      SCAN_REPORT_HEADERS.map((header, index) => ({ header, width: SCAN_REPORT_WIDTHS[index] })),
      rows.map((row, index) => ({
        cells: [
          index + 1,
          row.orderNumber,
          row.barcode,
          row.status === null ? null : orderStatusLabel(row.status),
          row.reason,
          row.weight,
        ],
      })),
    );
  }
}
