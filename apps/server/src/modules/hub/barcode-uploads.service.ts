/**
 * The hub's barcode uploads (spec §2 Scan Orders tabs 2 and 3): Order_details.xlsx for a list of barcodes, and
 * one status set on every listed order. Both answer a workbook with one row per barcode of the upload, in its
 * order (blank lines skipped, a barcode listed twice kept once, matched trimmed and upper-cased).
 */
import {
  normaliseBarcode,
  OrderStatus,
  orderStatusLabel,
  type StatusUploadOutcome,
  type UpdateOrdersStatusFields,
} from '@parcelops/shared';
import type { Database } from '../../db/database.ts';
import type { Actor } from '../../lib/account-scope.ts';
import { chunks } from '../../lib/chunks.ts';
import { cellText } from '../../lib/excel/cell-value.ts';
import { readSheet } from '../../lib/excel/sheet-reader.ts';
import { type RecordColumn, writeRecords } from '../../lib/excel/sheet-writer.ts';
import {
  type DetailedOrder,
  lockOrdersByBarcodes,
  orderDetailsByBarcodes,
} from '../orders/order-lookups.service.ts';
import { changedBy, recordStatusChanges, type StatusChange } from '../orders/status-change.ts';

/** Barcodes per transaction and per query: small enough to keep locks short, large enough to be quick. */
export const UPLOAD_CHUNK = 1000;

/** The one column, whatever its header says (the first row is a header). */
const BARCODE_COLUMN = [{ key: 'barcode', headers: [], position: 0 }] as const;

export async function readBarcodes(file: Buffer): Promise<string[]> {
  const rows = await readSheet(file, BARCODE_COLUMN);
  const barcodes = new Set<string>();
  for (const row of rows) {
    const barcode = normaliseBarcode(cellText(row.cells.barcode ?? null));
    if (barcode) barcodes.add(barcode);
  }
  return [...barcodes];
}

interface DetailsRow {
  barcode: string;
  order: DetailedOrder | undefined;
}

const field =
  (pick: (order: DetailedOrder) => string | number | Date | null) =>
  (row: DetailsRow): string | number | Date | null =>
    row.order ? pick(row.order) : null;
const amount = (text: string) => Number(text);

/** The spec's Order field names (§3) as headers, with the order's items on one line. */
const DETAILS_COLUMNS: readonly RecordColumn<DetailsRow>[] = [
  { header: 'barcode', width: 16, value: (row) => row.barcode },
  { header: 'result', width: 10, value: (row) => (row.order ? 'found' : 'not found') },
  { header: 'sid', width: 24, value: field((o) => o.sid) },
  { header: 'orderNumber', width: 20, value: field((o) => o.orderNumber) },
  { header: 'account_sid', width: 24, value: field((o) => o.accountSid) },
  { header: 'account', width: 20, value: field((o) => o.accountName) },
  { header: 'status', width: 12, value: field((o) => orderStatusLabel(o.status)) },
  { header: 'reason', width: 24, value: field((o) => o.reason) },
  { header: 'name', width: 20, value: field((o) => o.name) },
  { header: 'phone', width: 14, value: field((o) => o.phone) },
  { header: 'address1', width: 26, value: field((o) => o.address1) },
  { header: 'address2', width: 16, value: field((o) => o.address2) },
  { header: 'city', width: 14, value: field((o) => o.city) },
  { header: 'state', width: 8, value: field((o) => o.state) },
  { header: 'country', width: 8, value: field((o) => o.country) },
  { header: 'postalCode', width: 10, value: field((o) => o.postalCode) },
  { header: 'weight', width: 9, value: field((o) => o.weight), numFmt: '#,##0' },
  { header: 'width', width: 8, value: field((o) => amount(o.width)) },
  { header: 'length', width: 8, value: field((o) => amount(o.length)) },
  { header: 'height', width: 8, value: field((o) => amount(o.height)) },
  { header: 'vnd', width: 12, value: field((o) => amount(o.vnd)), numFmt: '#,##0' },
  { header: 'usd', width: 10, value: field((o) => amount(o.usd)), numFmt: '#,##0.00' },
  { header: 'shipping_partner', width: 14, value: field((o) => o.shippingPartner) },
  { header: 'ams_masterAirWaybill', width: 18, value: field((o) => o.amsMasterAirWaybill) },
  { header: 'ams_carton_label', width: 16, value: field((o) => o.amsCartonLabel) },
  { header: 'date_created', width: 20, value: field((o) => o.dateCreated), numFmt: 'yyyy-mm-dd hh:mm' },
  { header: 'items', width: 12, value: field((o) => o.items.length) },
  {
    header: 'item details',
    width: 60,
    // One line per order keeps "one row per barcode"; each item reads SKU x quantity (description, HS code).
    value: field((o) =>
      o.items
        .map((item) => {
          const about = [item.itemDescription, item.hsCode && `HS ${item.hsCode}`].filter(Boolean).join(', ');
          return `${item.skuNumber} x ${item.quantity}${about ? ` (${about})` : ''}`;
        })
        .join('; '),
    ),
  },
];

interface StatusResult {
  barcode: string;
  orderNumber: string | null;
  result: StatusUploadOutcome;
  msg: string;
}

const STATUS_COLUMNS: readonly RecordColumn<StatusResult>[] = [
  { header: 'barcode', width: 16, value: (row) => row.barcode },
  { header: 'orderNumber', width: 20, value: (row) => row.orderNumber },
  { header: 'result', width: 11, value: (row) => row.result },
  { header: 'msg', width: 50, value: (row) => row.msg },
];

export class OrderUploadsService {
  constructor(private readonly db: Database) {}

  /** Order_details.xlsx: each barcode of the upload with its order and items, or "not found". */
  async details(file: Buffer): Promise<Buffer> {
    const barcodes = await readBarcodes(file);
    const found = new Map<string, DetailedOrder>();
    for (const chunk of chunks(barcodes, UPLOAD_CHUNK)) {
      for (const order of await orderDetailsByBarcodes(this.db, chunk)) found.set(order.barcode, order);
    }
    return writeRecords(
      'Order details',
      DETAILS_COLUMNS,
      barcodes.map((barcode) => ({ barcode, order: found.get(barcode) })),
    );
  }

  /**
   * Sets the status on every listed order, one transaction per chunk: the chunk's orders are locked in sid
   * order, then those that change move in one statement with one event each (status-change.ts). An order
   * already in the status is left unchanged (no second event when a scan got there first); Order Failed
   * orders are refused.
   */
  async updateStatus(actor: Actor, file: Buffer, fields: UpdateOrdersStatusFields): Promise<Buffer> {
    const barcodes = await readBarcodes(file);
    const by = changedBy(actor);
    const status = fields.status as OrderStatus;
    const label = orderStatusLabel(status);
    const reason = status === OrderStatus.Failed ? (fields.reason ?? null) : null;
    const results = new Map<string, StatusResult>();
    for (const chunk of chunks(barcodes, UPLOAD_CHUNK)) {
      await this.db.transaction(async (tx) => {
        const locked = await lockOrdersByBarcodes(tx, chunk);
        const moving: StatusChange[] = [];
        const chunkResults = new Map<string, StatusResult>();
        for (const order of locked) {
          const at = { barcode: order.barcode, orderNumber: order.orderNumber };
          if (order.status === status) {
            chunkResults.set(order.barcode, { ...at, result: 'unchanged', msg: `Already ${label}.` });
          } else if (order.status === OrderStatus.OrderFailed) {
            chunkResults.set(order.barcode, {
              ...at,
              result: 'refused',
              msg: 'The order is Order Failed: it was not accepted and its status cannot change.',
            });
          } else {
            moving.push({ orderSid: order.sid, description: label, location: null });
            chunkResults.set(order.barcode, {
              ...at,
              result: 'updated',
              msg: `${orderStatusLabel(order.status)} -> ${label}`,
            });
          }
        }
        await recordStatusChanges(tx, moving, status, { by, reason });
        // Only once the chunk is written: a failed transaction leaves no result claiming otherwise.
        for (const [barcode, result] of chunkResults) results.set(barcode, result);
      });
    }
    return writeRecords(
      'Status update',
      STATUS_COLUMNS,
      barcodes.map(
        (barcode) =>
          results.get(barcode) ?? {
            barcode,
            orderNumber: null,
            result: 'not found',
            msg: 'No order has this barcode.',
          },
      ),
    );
  }
}
