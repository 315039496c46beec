/**
 * The AMS's spreadsheets: the batch upload (barcodes and carton labels loaded a chunk of rows at a time by the
 * rules of a single scan, each row's outcome in the result file, its progress readable while it runs) and the AMS report (one row per parcel: carton, HAWB, weight, items, HS codes).
 */

import { type AmsBatchProgress, text } from '@parcelops/shared';
import { type Database, isEmbedded } from '../../db/database.ts';
import type { Actor } from '../../lib/account-scope.ts';
import { AppError } from '../../lib/app-error.ts';
import { cellText } from '../../lib/excel/cell-value.ts';
import { readSheet } from '../../lib/excel/sheet-reader.ts';
import { type RecordColumn, recordSheet } from '../../lib/excel/sheet-writer.ts';
import { bufferWorkbook, type StreamedFile, streamWorkbook } from '../../lib/excel/streamed-file.ts';
import { type FilingParcel, manifestParcels } from '../orders/order-manifest.ts';
import type { StatusChangeListener } from '../orders/status-change.ts';
import { type AmsRow, amsRepository } from './ams.repository.ts';
import { type BatchLoadOutcome, loadBatchChunk } from './ams-batch-load.ts';
import { advanceProgress, endProgress, readProgress, startProgress } from './ams-batch-progress.ts';
import { amsNotFound, assertChangeable } from './ams-guards.ts';
import type { AmsOrdersService } from './ams-orders.service.ts';

/** Rows one batch upload may carry: a night's manifest. */
export const AMS_BATCH_MAX_ROWS = 20_000;

const BATCH_COLUMNS = [
  { key: 'barcode', headers: ['barcode', 'tracking number'], required: true },
  { key: 'carton', headers: ['ams_carton_label', 'carton label', 'carton'], required: true },
] as const;

interface BatchOutcome {
  row: number;
  barcode: string;
  carton: string;
  result: string;
  amsId: string | null;
}

export interface AmsBatchResult {
  workbook: Buffer;
  added: number;
  already: number;
  failed: number;
}

const BATCH_RESULT_COLUMNS: RecordColumn<BatchOutcome>[] = [
  { header: 'Row', width: 6, value: (outcome) => outcome.row },
  { header: 'Barcode', width: 18, value: (outcome) => outcome.barcode },
  { header: 'Carton label', width: 14, value: (outcome) => outcome.carton },
  { header: 'Result', width: 60, value: (outcome) => outcome.result },
  { header: 'AMS id', width: 18, value: (outcome) => outcome.amsId },
];

const kg = (grams: number) => Math.round(grams) / 1000;

const REPORT_COLUMNS: RecordColumn<FilingParcel>[] = [
  { header: 'Carton label', width: 14, value: (parcel) => parcel.cartonLabel },
  { header: 'Barcode', width: 16, value: (parcel) => parcel.barcode },
  { header: 'Order number', width: 18, value: (parcel) => parcel.orderNumber },
  { header: 'AMS id', width: 18, value: (parcel) => parcel.amsId },
  { header: 'HAWB', width: 12, value: (parcel) => parcel.hawb },
  { header: 'Weight (kg)', width: 10, numFmt: '0.000', value: (parcel) => kg(parcel.weight) },
  { header: 'Consignee', width: 24, value: (parcel) => parcel.name },
  {
    header: 'Items',
    width: 50,
    value: (parcel) =>
      parcel.items.map((item) => `${item.quantity} x ${item.itemDescription ?? item.skuNumber}`).join('; '),
  },
  {
    header: 'HS codes',
    width: 20,
    value: (parcel) => parcel.items.map((item) => item.hsCode ?? '').join('; '),
  },
];

/**
 * Rows per transaction: each locks the manifest once, so loads from the stations interleave with the file's
 * (a 2,000-row chunk holds it about half a second on PostgreSQL; BENCH=ams-batch ran 20,000 rows in 9-10 s with
 * 2,000 and 12 s with 1,000 on a loaded machine). The embedded database has one connection that every other call waits for, so its chunks are shorter (as the
 * hub's barcode uploads', barcode-uploads.service.ts): its progress polls and scans get in between.
 */
export const BATCH_CHUNK_ROWS = { embedded: 200, server: 2_000 };

/** How a batch upload runs besides its file. */
export interface AmsBatchOptions {
  signal?: AbortSignal;
  /** The client's id for this upload (a UUID): its progress is recorded under it for its user to read. */
  progressId?: string;
  /**
   * Scan the rows in one by one through scanIn, a transaction each, as before the set-based load: the
   * baseline the bench and the equivalence tests measure the set-based load against.
   */
  rowByRow?: boolean;
  /** Rows per transaction (tests make chunks small, so a parcel's rows fall in several). */
  chunkRows?: number;
}

/** A row of the file: its number, its cells trimmed, its outcome once loaded. */
type BatchRow = BatchOutcome;

export class AmsFilesService {
  constructor(
    private readonly db: Database,
    private readonly amsOrders: Pick<AmsOrdersService, 'scanIn'>,
    private readonly notify: StatusChangeListener,
  ) {}

  /**
   * POST /ams/batch: the file is read and checked whole before any parcel moves (a missing column is a 400);
   * then its rows are loaded a chunk at a time by the rules of a single scan (ams-batch-load.ts: the same
   * verdicts; a set-aside parcel's row says its reason), each row's outcome written to the result file, and
   * the progress recorded after each chunk for the client that named the upload.
   */
  async batch(
    actor: Actor,
    amsSid: string,
    file: Buffer,
    options: AmsBatchOptions = {},
  ): Promise<AmsBatchResult> {
    const manifest = await amsRepository.find(this.db, amsSid);
    if (!manifest) throw amsNotFound();
    assertChangeable(manifest);
    const sheet = await readSheet(file, BATCH_COLUMNS, AMS_BATCH_MAX_ROWS, { signal: options.signal });
    if (sheet.length === 0) throw AppError.badRequest(text('ams.fileEmpty'));
    const rows: BatchRow[] = sheet.map(({ row, cells }) => ({
      row,
      barcode: cellText(cells.barcode ?? null).trim(),
      carton: cellText(cells.carton ?? null).trim(),
      result: '',
      amsId: null,
    }));
    for (const outcome of rows)
      if (!outcome.barcode || !outcome.carton)
        outcome.result = !outcome.barcode
          ? 'Failed: the barcode is empty.'
          : 'Failed: the carton label is empty.';
    const progressId =
      options.progressId &&
      actor.userSid &&
      (await startProgress(this.db, options.progressId, actor.userSid, rows.length))
        ? options.progressId
        : undefined;
    try {
      const size =
        options.chunkRows ?? (isEmbedded(this.db) ? BATCH_CHUNK_ROWS.embedded : BATCH_CHUNK_ROWS.server);
      for (let start = 0; start < rows.length; start += size) {
        const chunk = rows.slice(start, start + size).filter((outcome) => !outcome.result);
        if (options.rowByRow) await this.scanInEach(actor, manifest, chunk);
        else await this.loadChunk(actor, manifest, chunk);
        if (progressId) await advanceProgress(this.db, progressId, Math.min(start + size, rows.length));
        // The embedded database answers through promises alone, never through I/O: without a turn of the event
        // loop between chunks no other request (a progress poll, a station's scan) would even be read.
        await new Promise((resolve) => setImmediate(resolve));
      }
    } finally {
      if (progressId) await endProgress(this.db, progressId);
    }
    const workbook = await bufferWorkbook(async (out) => {
      recordSheet(out, 'AMS batch', BATCH_RESULT_COLUMNS)(rows);
    });
    const count = (prefix: string) => rows.filter((outcome) => outcome.result.startsWith(prefix)).length;
    return { workbook, added: count('Added'), already: count('Already'), failed: count('Failed') };
  }

  /** One chunk's rows (none empty), set-based in one transaction. */
  private async loadChunk(actor: Actor, manifest: AmsRow, chunk: BatchRow[]): Promise<void> {
    if (chunk.length === 0) return;
    const outcomes = await this.db.transaction((tx) =>
      loadBatchChunk(tx, { actor, manifest, notify: this.notify }, chunk),
    );
    chunk.forEach((row, index) => {
      const outcome = outcomes[index] as BatchLoadOutcome;
      row.result = outcome.result;
      row.amsId = outcome.amsId;
    });
  }

  /** The baseline: each row scanned in as the scanning page would, a transaction each. */
  private async scanInEach(actor: Actor, manifest: AmsRow, chunk: BatchRow[]): Promise<void> {
    for (const outcome of chunk) {
      try {
        const reply = await this.amsOrders.scanIn(actor, {
          ams_sid: manifest.sid,
          barcode: outcome.barcode,
          ams_carton_label: outcome.carton,
          masterAirWaybill: manifest.masterAirWaybill,
          airportCode: manifest.airportCode,
          hawb: manifest.hawb,
          carrier: manifest.carrier as 'DHL' | 'USPS',
          serviceType: manifest.serviceType,
          reason: undefined,
        });
        outcome.result = !reply.already_in
          ? 'Added'
          : reply.carton_moved_from
            ? `Already in this AMS; moved from carton ${reply.carton_moved_from}`
            : 'Already in this AMS';
        outcome.amsId = reply.ams_automatedManifestSystemId;
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
        outcome.result = `Failed: ${error.message}`;
      }
    }
  }

  /** GET /ams/batch/progress/{id}: a running upload's progress, for the user who started it only (else 404). */
  async progress(actor: Actor, progressId: string): Promise<AmsBatchProgress> {
    const found = actor.userSid ? await readProgress(this.db, progressId, actor.userSid) : undefined;
    if (!found) throw AppError.notFound(text('ams.batchProgressNotFound'));
    return found;
  }

  /** GET /orders/amsreport: one row per parcel of the AMS, by carton and barcode. */
  async report(amsSid: string): Promise<{ file: StreamedFile; name: string }> {
    const manifest = await amsRepository.find(this.db, amsSid);
    if (!manifest) throw amsNotFound();
    const parcels = await manifestParcels(this.db, amsSid);
    const file = streamWorkbook(async (out) => {
      const add = recordSheet(out, 'AMS report', REPORT_COLUMNS);
      for (let start = 0; start < parcels.length; start += 1_000) {
        add(parcels.slice(start, start + 1_000));
        await out.room();
      }
    });
    return { file, name: `AMS-${manifest.masterAirWaybill}-report.xlsx` };
  }
}
