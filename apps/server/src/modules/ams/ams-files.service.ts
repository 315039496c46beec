/**
 * The AMS's spreadsheets: the batch upload (barcodes and carton labels scanned in row by row, each row's
 * outcome in the result file) and the AMS report (one row per parcel: carton, HAWB, weight, items, HS codes).
 */

import { text } from '@parcelops/shared';
import type { Database } from '../../db/database.ts';
import type { Actor } from '../../lib/account-scope.ts';
import { AppError } from '../../lib/app-error.ts';
import { cellText } from '../../lib/excel/cell-value.ts';
import { readSheet } from '../../lib/excel/sheet-reader.ts';
import { type RecordColumn, recordSheet } from '../../lib/excel/sheet-writer.ts';
import { bufferWorkbook, type StreamedFile, streamWorkbook } from '../../lib/excel/streamed-file.ts';
import { type FilingParcel, manifestParcels } from '../orders/order-manifest.ts';
import { amsRepository } from './ams.repository.ts';
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

export class AmsFilesService {
  constructor(
    private readonly db: Database,
    private readonly amsOrders: Pick<AmsOrdersService, 'scanIn'>,
  ) {}

  /**
   * POST /ams/batch: the file is read and checked whole before any parcel moves (a missing column is a 400);
   * then each row is scanned in as the scanning page would (the same verdicts: a set-aside parcel's row says
   * its reason), and its outcome written to the result file.
   */
  async batch(actor: Actor, amsSid: string, file: Buffer, signal?: AbortSignal): Promise<AmsBatchResult> {
    const manifest = await amsRepository.find(this.db, amsSid);
    if (!manifest) throw amsNotFound();
    assertChangeable(manifest);
    const rows = await readSheet(file, BATCH_COLUMNS, AMS_BATCH_MAX_ROWS, { signal });
    if (rows.length === 0) throw AppError.badRequest(text('ams.fileEmpty'));
    const outcomes: BatchOutcome[] = [];
    for (const { row, cells } of rows) {
      const barcode = cellText(cells.barcode ?? null).trim();
      const carton = cellText(cells.carton ?? null).trim();
      const outcome: BatchOutcome = { row, barcode, carton, result: '', amsId: null };
      outcomes.push(outcome);
      if (!barcode || !carton) {
        outcome.result = !barcode ? 'Failed: the barcode is empty.' : 'Failed: the carton label is empty.';
        continue;
      }
      try {
        const reply = await this.amsOrders.scanIn(actor, {
          ams_sid: amsSid,
          barcode,
          ams_carton_label: carton,
          masterAirWaybill: manifest.masterAirWaybill,
          airportCode: manifest.airportCode,
          hawb: manifest.hawb,
          carrier: manifest.carrier as 'DHL' | 'USPS',
          serviceType: manifest.serviceType,
          // A file gives no reason: a set-aside (Failed) parcel's row is refused with it, to load one by one.
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
    const workbook = await bufferWorkbook(async (out) => {
      recordSheet(out, 'AMS batch', BATCH_RESULT_COLUMNS)(outcomes);
    });
    const count = (prefix: string) => outcomes.filter((outcome) => outcome.result.startsWith(prefix)).length;
    return { workbook, added: count('Added'), already: count('Already'), failed: count('Failed') };
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
