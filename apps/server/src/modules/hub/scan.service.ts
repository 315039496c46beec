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
import ExcelJS from 'exceljs';
import type { Database } from '../../db/database.ts';
import { AppError } from '../../lib/app-error.ts';
import { addSafeRow } from '../../lib/excel/safe-cell.ts';
import { toOrder } from '../orders/order-views.ts';
import { ordersRepository } from '../orders/orders.repository.ts';
import { recordStatusChange } from '../orders/status-change.ts';
import { scanRepository } from './scan.repository.ts';

export const receivedAt = (hub: Hub) => `Received at ${hub} hub`;
export const notFoundText = (barcode: string) => `No order found with barcode ${barcode}`;
const refusedText = (order: { orderNumber: string; reason: string | null }) =>
  `Order ${order.orderNumber} is Order Failed: ${order.reason ?? 'no reason given'}`;

/** The report's columns: spec §2 Scan Orders' table, in its order. */
export const SCAN_REPORT_HEADERS = ['Id', 'Order number', 'Barcode', 'Status', 'Reason', 'Weight in grams'];

export class OrdersScanService {
  constructor(private readonly db: Database) {}

  async scan(code: string, hub: Hub): Promise<Order> {
    const barcode = normalizeBarcode(code);
    const found = await scanRepository.findWithItemsByBarcode(this.db, barcode);
    if (!found) throw AppError.notFound(notFoundText(barcode));
    if (found.status === OrderStatus.OrderFailed) throw AppError.conflict(refusedText(found));
    if (found.status !== OrderStatus.Generated) return toOrder(found);
    // The read above only spares rescans a transaction; the row lock decides, so two scanners at once write
    // one event between them, and the reply shows the status the lock found or set.
    const now = await this.db.transaction(async (tx) => {
      const order = await ordersRepository.lockBySid(tx, found.sid);
      if (!order) throw AppError.notFound(notFoundText(barcode));
      if (order.status !== OrderStatus.Generated) return { status: order.status, reason: order.reason };
      await recordStatusChange(tx, order, OrderStatus.Scanned, receivedAt(hub), HUB_CITY[hub]);
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
    const found = await scanRepository.byBarcodes(this.db, unique);
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
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Scanned orders', { views: [{ state: 'frozen', ySplit: 1 }] });
    sheet.columns = [8, 22, 18, 14, 40, 16].map((width) => ({ width }));
    sheet.addRow(SCAN_REPORT_HEADERS).font = { bold: true };
    rows.forEach((row, index) => {
      addSafeRow(sheet, [
        index + 1,
        row.orderNumber,
        row.barcode,
        row.status === null ? null : orderStatusLabel(row.status),
        row.reason,
        row.weight,
      ]);
    });
    return Buffer.from(await workbook.xlsx.writeBuffer());
  }
}
