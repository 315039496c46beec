/**
 * GET /orders/report and GET /orders/deliveryTimeReport: the orders the list shows for the same filters and
 * scope, as an xlsx written while the rows come off a database cursor (db/cursor.ts, lib/excel/stream-writer.ts),
 * so memory stays flat whatever the count and the first bytes leave before the last row is read.
 * The report has one row per order with its items joined in one cell (decisions: "Order reports").
 */
import { type ListOrdersQuery, OrderStatus, orderStatusLabel } from '@parcelops/shared';
import { and, eq, type SQL, sql } from 'drizzle-orm';
import { forEachBatch, type RawRow } from '../../db/cursor.ts';
import type { Database } from '../../db/database.ts';
import type { Actor } from '../../lib/account-scope.ts';
import { type SheetColumn, StreamedWorkbook } from '../../lib/excel/stream-writer.ts';
import { accounts } from '../accounts/accounts.table.ts';
import { orderListOrderBy, orderListWhere } from '../orders/orders.repository.ts';
import type { OrdersService } from '../orders/orders.service.ts';
import { orderItems, orders, trackingEvents } from '../orders/orders.table.ts';
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

/** One order's items as "SKU x qty description (HS code)", by position, in one cell. */
const itemsText = sql`(select string_agg(
    ${orderItems.skuNumber} || ' x ' || ${orderItems.quantity}
      || coalesce(' ' || nullif(${orderItems.itemDescription}, ''), '')
      || coalesce(' (HS ' || nullif(${orderItems.hsCode}, '') || ')', ''),
    '; ' order by ${orderItems.position})
  from ${orderItems} where ${orderItems.orderSid} = ${orders.sid})`;

/** The earliest event of the order that `condition` picks (the events index is on order and time). */
const firstEvent = (condition: SQL) =>
  sql`(select min(${trackingEvents.eventTime}) from ${trackingEvents}
    where ${trackingEvents.orderSid} = ${orders.sid} and ${condition})`;

/**
 * The milestones (decisions: "Order reports"): first scan is the first Scanned event or "Received at ... hub"
 * event; departure the first Processing or Processed event (in a manifest, then filed); delivery the first
 * Delivered event.
 */
const FIRST_SCAN = firstEvent(
  sql`(${trackingEvents.status} = ${OrderStatus.Scanned} or ${trackingEvents.description} like 'Received at %')`,
);
const DEPARTURE = firstEvent(
  sql`${trackingEvents.status} in (${OrderStatus.Processing}, ${OrderStatus.Processed})`,
);
const DELIVERY = firstEvent(sql`${trackingEvents.status} = ${OrderStatus.Delivered}`);

const num = (value: unknown) => (value === null || value === undefined ? null : Number(value));
const date = (value: unknown) =>
  value === null || value === undefined ? null : value instanceof Date ? value : new Date(String(value));

/** A report on its way: the stream to send, and the production, which rejects if it breaks off. */
export interface ReportFile {
  stream: StreamedWorkbook['stream'];
  done: Promise<void>;
  /** Rows read from the database so far (the tests check the first bytes leave before the last). */
  rowsRead(): number;
}

export interface OrderReportsOptions {
  /** Rows per cursor FETCH. */
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
    const select = sql`select ${orders.orderNumber} as "orderNumber", ${orders.barcode} as "barcode",
        ${accounts.name} as "accountName", ${orders.status} as "status", ${orders.reason} as "reason",
        ${orders.name} as "name", ${orders.phone} as "phone", ${orders.address1} as "address1",
        ${orders.address2} as "address2", ${orders.city} as "city", ${orders.state} as "state",
        ${orders.postalCode} as "postalCode", ${orders.country} as "country", ${orders.weight} as "weight",
        ${orders.length} as "length", ${orders.width} as "width", ${orders.height} as "height",
        ${orders.vnd} as "vnd", ${orders.usd} as "usd", ${itemsText} as "items",
        ${orders.shippingPartner} as "shippingPartner", ${orders.amsMasterAirWaybill} as "masterAirWaybill",
        ${orders.amsCartonLabel} as "cartonLabel", ${orders.dateCreated} as "dateCreated"
      from ${orders} inner join ${accounts} on ${accounts.sid} = ${orders.accountSid}
      where ${orderListWhere(filter) ?? sql`true`}
      order by ${sql.join(orderListOrderBy(query), sql`, `)}`;
    return this.produce(select, (file) => {
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
    const where = and(orderListWhere(filter), eq(orders.status, OrderStatus.Delivered));
    const select = sql`select ${orders.orderNumber} as "orderNumber", ${orders.barcode} as "barcode",
        ${accounts.name} as "accountName", ${orders.dateCreated} as "dateCreated",
        ${FIRST_SCAN} as "firstScan", ${DEPARTURE} as "departure", ${DELIVERY} as "delivered"
      from ${orders} inner join ${accounts} on ${accounts.sid} = ${orders.accountSid}
      where ${where}
      order by ${sql.join(orderListOrderBy(query), sql`, `)}`;
    const summary = new WeeklySummary();
    return this.produce(
      select,
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
   * Starts writing: the first sheet, then each cursor batch as it comes (waiting while the client is slower),
   * then `after` (further sheets), then the zip's end. Runs in the background; the caller sends `stream`.
   */
  private produce(
    select: SQL,
    begin: (file: StreamedWorkbook) => (rows: RawRow[]) => void,
    after?: (file: StreamedWorkbook) => void,
  ): ReportFile {
    const file = new StreamedWorkbook();
    let rowsRead = 0;
    const done = (async () => {
      const write = begin(file);
      await forEachBatch(
        this.db,
        select,
        async (rows) => {
          rowsRead += rows.length;
          write(rows);
          await file.room();
        },
        { batchSize: this.options.batchSize },
      );
      after?.(file);
      await file.finish();
    })();
    // The stream carries the failure to the client (a cut transfer); the route logs it from `done`.
    done.catch((error: unknown) => file.fail(error));
    return { stream: file.stream, done, rowsRead: () => rowsRead };
  }
}
