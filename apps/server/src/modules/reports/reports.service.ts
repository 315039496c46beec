/**
 * GET /orders/report and GET /orders/deliveryTimeReport: the orders the list shows for the same filters and
 * scope, as an xlsx written while the rows are read in batches (db/cursor.ts, lib/excel/stream-writer.ts),
 * so memory stays flat whatever the count and the first bytes leave before the last row is read. At most
 * REPORT_STREAMS.maxInFlight are written at once per process (lib/excel/report-slots.ts); more get a 503.
 * The report has one row per order with its items joined in one cell (decisions: "Order reports").
 */
import { type ListOrdersQuery, orderStatusLabel } from '@parcelops/shared';
import type { RawRow } from '../../db/cursor.ts';
import type { Database } from '../../db/database.ts';
import type { Actor } from '../../lib/account-scope.ts';
import type { SheetColumn, StreamedWorkbook } from '../../lib/excel/stream-writer.ts';
import { type StreamedFile, streamWorkbook } from '../../lib/excel/streamed-file.ts';
import {
  forEachDeliveryTimeBatch,
  forEachOrderReportBatch,
  type OrderFilter,
  type ReportBatches,
} from '../orders/order-lookups.service.ts';
import type { OrdersService } from '../orders/orders.service.ts';
import { hoursBetween, isoWeek, MEASURES, type Measure, WeeklySummary } from './report-stats.ts';

const DATE_FORMAT = 'yyyy-mm-dd hh:mm';
const HOURS_FORMAT = '0.00';

export const ORDER_REPORT_COLUMNS: readonly SheetColumn[] = [
  { header: 'Order number', width: 22 },
  { header: 'Barcode', width: 16 },
  { header: 'Account', width: 22 },
  { header: 'Status', width: 14 },
  { header: 'Reason', width: 28 },
  { header: 'Customer', width: 22 },
  { header: 'Phone', width: 16 },
  { header: 'Address 1', width: 28 },
  { header: 'Address 2', width: 18 },
  { header: 'City', width: 16 },
  { header: 'State', width: 8 },
  { header: 'Postal code', width: 12 },
  { header: 'Country', width: 8 },
  { header: 'Weight (g)', width: 11, numFmt: '#,##0' },
  { header: 'Length (cm)', width: 11 },
  { header: 'Width (cm)', width: 11 },
  { header: 'Height (cm)', width: 11 },
  { header: 'VND', width: 12, numFmt: '#,##0' },
  { header: 'USD', width: 10, numFmt: '#,##0.00' },
  { header: 'Items', width: 48 },
  { header: 'Shipping partner', width: 16 },
  { header: 'Master air waybill', width: 18 },
  { header: 'Carton label', width: 16 },
  { header: 'Created (UTC)', width: 18, numFmt: DATE_FORMAT },
];

export const DELIVERY_TIME_COLUMNS: readonly SheetColumn[] = [
  { header: 'Order number', width: 22 },
  { header: 'Barcode', width: 16 },
  { header: 'Account', width: 22 },
  { header: 'Created (UTC)', width: 18, numFmt: DATE_FORMAT },
  { header: 'First scan (UTC)', width: 18, numFmt: DATE_FORMAT },
  { header: 'Departure (UTC)', width: 18, numFmt: DATE_FORMAT },
  { header: 'Delivered (UTC)', width: 18, numFmt: DATE_FORMAT },
  { header: 'Hours to first scan', width: 12, numFmt: HOURS_FORMAT },
  { header: 'Hours to departure', width: 12, numFmt: HOURS_FORMAT },
  { header: 'Hours to delivery', width: 12, numFmt: HOURS_FORMAT },
];

const MEASURE_NAMES: Record<Measure, string> = {
  toFirstScan: 'to first scan',
  toDeparture: 'to departure',
  toDelivery: 'to delivery',
};

export const SUMMARY_COLUMNS: readonly SheetColumn[] = [
  { header: 'ISO week (delivery)', width: 14 },
  { header: 'Delivered orders', width: 10, numFmt: '#,##0' },
  ...MEASURES.flatMap((measure) =>
    ['average', 'median', '90th percentile'].map((stat) => ({
      header: `Hours ${MEASURE_NAMES[measure]}: ${stat}`,
      width: 14,
      numFmt: HOURS_FORMAT,
    })),
  ),
];

const num = (value: unknown) => (value === null || value === undefined ? null : Number(value));
const date = (value: unknown) =>
  value === null || value === undefined ? null : value instanceof Date ? value : new Date(String(value));

/** A report on its way (streamed-file.ts), and how far its read has got. */
export interface ReportFile extends StreamedFile {
  /** Rows read from the database so far (the tests check the first bytes leave before the last). */
  rowsRead(): number;
}

export interface OrderReportsOptions {
  /** Rows per cursor FETCH or keyset page. */
  batchSize?: number;
}

export class OrderReportsService {
  constructor(
    private readonly db: Database,
    private readonly orders: OrdersService,
    private readonly options: OrderReportsOptions = {},
  ) {}

  /** One row per order; scope and refusals are checked (and thrown) before anything is sent. */
  report(actor: Actor, query: ListOrdersQuery): ReportFile {
    const filter = this.orders.filterOf(actor, query);
    return this.produce(forEachOrderReportBatch, filter, query, (file) => {
      const sheet = file.addSheet('Orders', ORDER_REPORT_COLUMNS);
      return (rows) => {
        for (const row of rows)
          file.addRow(sheet, [
            row.orderNumber,
            row.barcode,
            row.accountName,
            orderStatusLabel(row.status),
            row.reason,
            row.name,
            row.phone,
            row.address1,
            row.address2,
            row.city,
            row.state,
            row.postalCode,
            row.country,
            num(row.weight),
            num(row.length),
            num(row.width),
            num(row.height),
            num(row.vnd),
            num(row.usd),
            row.items,
            row.shippingPartner,
            row.masterAirWaybill,
            row.cartonLabel,
            date(row.dateCreated),
          ]);
      };
    });
  }

  /** Delivered orders (within the filters) with their milestones, then a summary sheet per ISO week. */
  deliveryTimeReport(actor: Actor, query: ListOrdersQuery): ReportFile {
    const filter = this.orders.filterOf(actor, query);
    const summary = new WeeklySummary();
    return this.produce(
      forEachDeliveryTimeBatch,
      filter,
      query,
      (file) => {
        const sheet = file.addSheet('Delivery times', DELIVERY_TIME_COLUMNS);
        return (rows) => {
          for (const row of rows) {
            const created = date(row.dateCreated) as Date;
            const [firstScan, departure, delivered] = [
              date(row.firstScan),
              date(row.departure),
              date(row.delivered),
            ];
            const hours = {
              toFirstScan: hoursBetween(created, firstScan),
              toDeparture: hoursBetween(created, departure),
              toDelivery: hoursBetween(created, delivered),
            };
            // An order moved to Delivered has its event; the creation week stands in should one be missing.
            summary.add(isoWeek(delivered ?? created), hours);
            file.addRow(sheet, [
              row.orderNumber,
              row.barcode,
              row.accountName,
              created,
              firstScan,
              departure,
              delivered,
              hours.toFirstScan,
              hours.toDeparture,
              hours.toDelivery,
            ]);
          }
        };
      },
      (file) => {
        const sheet = file.addSheet('Summary', SUMMARY_COLUMNS);
        for (const week of summary.rows())
          file.addRow(sheet, [
            week.week,
            week.count,
            ...MEASURES.flatMap((measure) => {
              const figures = week.measures[measure];
              return [figures.average, figures.median, figures.p90];
            }),
          ]);
      },
    );
  }

  /**
   * Starts writing: the first sheet, then each batch as it comes (waiting while the client is slower), then
   * `after` (further sheets), then the zip's end. Runs in the background; the caller sends `stream`
   * (streamed-file.ts: a report slot is held meanwhile, a 503 when none is free).
   */
  private produce(
    read: ReportBatches,
    filter: OrderFilter,
    sort: ListOrdersQuery,
    begin: (file: StreamedWorkbook) => (rows: RawRow[]) => void,
    after?: (file: StreamedWorkbook) => void,
  ): ReportFile {
    let rowsRead = 0;
    const produced = streamWorkbook(async (file) => {
      const write = begin(file);
      await read(
        this.db,
        filter,
        sort,
        async (rows) => {
          rowsRead += rows.length;
          write(rows);
          await file.room();
        },
        { batchSize: this.options.batchSize },
      );
      after?.(file);
    });
    return { ...produced, rowsRead: () => rowsRead };
  }
}
