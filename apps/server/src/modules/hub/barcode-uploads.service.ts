/**
 * The hub's barcode uploads (spec §2 Scan Orders tabs 2 and 3): Order_details.xlsx for a list of barcodes, and
 * one status set on every listed order, under the transition rules (status-upload-plan.ts), with a preview of
 * what it would do. Both answer a workbook with one row per order of the upload, in its order (blank lines
 * skipped, an order listed twice kept once, barcodes matched as a scan matches them: barcode-match.ts).
 */
import {
  OrderStatus,
  orderStatusLabel,
  orderStatusText,
  Role,
  type StatusUploadPreview,
  type TransitionContext,
  type UpdateOrdersStatusFields,
} from '@parcelops/shared';
import { type Database, isEmbedded } from '../../db/database.ts';
import type { Actor } from '../../lib/account-scope.ts';
import { chunks } from '../../lib/chunks.ts';
import { cellText } from '../../lib/excel/cell-value.ts';
import { TEXT_FORMAT } from '../../lib/excel/safe-cell.ts';
import { readSheet } from '../../lib/excel/sheet-reader.ts';
import { type RecordColumn, recordSheet, writeSheet } from '../../lib/excel/sheet-writer.ts';
import { bufferWorkbook, type StreamedFile, streamWorkbook } from '../../lib/excel/streamed-file.ts';
import { DATE_TIME_FORMAT, zoned } from '../../lib/excel/workbook-dates.ts';
import { nextTurn } from '../../lib/turns.ts';
import {
  type DetailedOrder,
  lockOrdersByBarcodes,
  orderDetailsByBarcodes,
  orderStatusesByBarcodes,
} from '../orders/order-lookups.service.ts';
import {
  changedBy,
  recordStatusChanges,
  type StatusChange,
  type StatusChangeListener,
} from '../orders/status-change.ts';
import { byBarcode, lookupCodes, matchTexts, normalizedTexts } from './barcode-match.ts';
import {
  countDecisions,
  decideStatus,
  previewOf,
  type StatusCounts,
  type StatusDecision,
} from './status-upload-plan.ts';

/**
 * Barcodes per query and per transaction: small enough that a chunk's locks are short and, on PGlite (the
 * server's own thread and one connection), that other calls wait one chunk at most (tens of milliseconds);
 * large enough to be quick. Mutable so that tests can make many chunks of few orders.
 */
export const UPLOAD_STEPS = { embeddedChunk: 250, serverChunk: 1000 };

const chunkSize = (db: Database) => (isEmbedded(db) ? UPLOAD_STEPS.embeddedChunk : UPLOAD_STEPS.serverChunk);

/** The one column, whatever its header says (the first row is a header); the template names it Barcode. */
const BARCODE_COLUMN = [{ key: 'barcode', headers: ['Barcode'], position: 0 }] as const;

/**
 * The template of both barcode uploads (order details, status): the one column the upload reads, under its
 * header, formatted as text so a long numeric barcode typed into it keeps every digit.
 */
export function barcodesTemplate(): Promise<Buffer> {
  const [column] = BARCODE_COLUMN;
  return writeSheet('Barcodes', [{ header: column.headers[0], width: 28, numFmt: TEXT_FORMAT }], [], {
    freezeHeader: false,
    keepEmptyText: true,
  });
}

/**
 * The upload's barcodes, normalised (normalizeBarcode), blank ones dropped, each once, in the file's order.
 * `signal`: aborted when the client has gone, which ends the read (client-gone.ts).
 */
export async function readBarcodes(file: Buffer, signal?: AbortSignal): Promise<string[]> {
  const rows = await readSheet(file, BARCODE_COLUMN, undefined, { signal });
  return normalizedTexts(rows.map((row) => cellText(row.cells.barcode ?? null)));
}

/** The status an upload sets, and the rules it moves orders under: an admin's reason may set them aside. */
function statusPlan(actor: Actor, fields: UpdateOrdersStatusFields) {
  const status = fields.status as OrderStatus;
  const context: TransitionContext = {
    path: 'upload',
    // Operators never override the rules, whatever they write; an admin does by giving a reason.
    adminReason: actor.role === Role.admin ? (fields.reason ?? null) : null,
  };
  return { status, context };
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
  {
    header: zoned('date_created'),
    width: 20,
    value: field((o) => o.dateCreated),
    numFmt: DATE_TIME_FORMAT,
  },
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

/** Result rows written between two turns of the event loop. */
const RESULT_ROWS_PER_TURN = 1000;

const STATUS_COLUMNS: readonly RecordColumn<StatusDecision>[] = [
  { header: 'barcode', width: 16, value: (row) => row.barcode },
  { header: 'orderNumber', width: 20, value: (row) => row.order?.orderNumber ?? null },
  { header: 'result', width: 11, value: (row) => row.result },
  { header: 'msg', width: 60, value: (row) => row.msg },
];

/** POST /orders/status's answer: the result workbook, and the counts its reply headers carry. */
export interface StatusUploadResult {
  file: Buffer;
  counts: StatusCounts;
}

export class OrderUploadsService {
  constructor(
    private readonly db: Database,
    /** Told of every status change (the seller's webhook events). */
    private readonly notify: StatusChangeListener,
  ) {}

  /**
   * Order_details.xlsx: each barcode of the upload with its order and items, or "not found". Sent while it
   * is written, a chunk of lookups at a time (streamed-file.ts: a report slot is held, a 503 when none is free).
   */
  async details(file: Buffer, signal?: AbortSignal): Promise<StreamedFile> {
    const texts = await readBarcodes(file, signal);
    return streamWorkbook(async (workbook) => {
      const write = recordSheet(workbook, 'Order details', DETAILS_COLUMNS);
      const seen = new Set<string>();
      for (const chunk of chunks(texts, chunkSize(this.db))) {
        const found = byBarcode(await orderDetailsByBarcodes(this.db, lookupCodes(chunk)));
        write(matchTexts(chunk, found, seen).map(({ barcode, row }) => ({ barcode, order: row })));
        await workbook.room();
      }
    });
  }

  /**
   * What updateStatus would do with the same file and fields, written nowhere and locking nothing: the same
   * decision for each barcode (decideStatus) on the orders as they stand now.
   */
  async previewStatus(
    actor: Actor,
    file: Buffer,
    fields: UpdateOrdersStatusFields,
    signal?: AbortSignal,
  ): Promise<StatusUploadPreview> {
    const texts = await readBarcodes(file, signal);
    const { status, context } = statusPlan(actor, fields);
    const decisions: StatusDecision[] = [];
    const seen = new Set<string>();
    for (const chunk of chunks(texts, chunkSize(this.db))) {
      const found = byBarcode(await orderStatusesByBarcodes(this.db, lookupCodes(chunk)));
      for (const matched of matchTexts(chunk, found, seen))
        decisions.push(decideStatus(matched, status, context));
      await nextTurn();
    }
    return previewOf(decisions, status);
  }

  /**
   * Sets the status on every listed order, one transaction per chunk: the chunk's orders are locked in sid
   * order, each is decided (decideStatus: unchanged when already there, so no second event when a scan got
   * there first; refused when the transition rules forbid it and no admin's reason overrides them), and those
   * that change move in one statement with one event each (status-change.ts, which checks them again). Other
   * calls go between two chunks.
   */
  async updateStatus(
    actor: Actor,
    file: Buffer,
    fields: UpdateOrdersStatusFields,
    signal?: AbortSignal,
  ): Promise<StatusUploadResult> {
    const texts = await readBarcodes(file, signal);
    const by = changedBy(actor);
    const { status, context } = statusPlan(actor, fields);
    const reason = status === OrderStatus.Failed ? (fields.reason ?? null) : null;
    const decisions: StatusDecision[] = [];
    const seen = new Set<string>();
    for (const chunk of chunks(texts, chunkSize(this.db))) {
      const chunkDecisions = await this.db.transaction(async (tx) => {
        const locked = byBarcode(await lockOrdersByBarcodes(tx, lookupCodes(chunk)));
        const decided = matchTexts(chunk, locked, seen).map((matched) =>
          decideStatus(matched, status, context),
        );
        const moving: StatusChange[] = [];
        for (const { order, result } of decided) {
          if (result === 'updated' && order)
            moving.push({
              orderSid: order.sid,
              from: order.status,
              description: orderStatusText(status),
              location: null,
            });
        }
        await recordStatusChanges(tx, moving, status, { by, reason, notify: this.notify, ...context });
        return decided;
      });
      // Only once the chunk is written: a failed transaction leaves no result claiming otherwise.
      decisions.push(...chunkDecisions);
      // Calls that arrived during the chunk go before the next one.
      await nextTurn();
    }
    // The reply's headers count every outcome, so the file is complete before anything is sent.
    const result = await bufferWorkbook(async (workbook) => {
      const write = recordSheet(workbook, 'Status update', STATUS_COLUMNS);
      for (const part of chunks(decisions, RESULT_ROWS_PER_TURN)) {
        write(part);
        await workbook.room();
      }
    });
    return { file: result, counts: countDecisions(decisions) };
  }
}
