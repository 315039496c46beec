/**
 * The order reports' reads (modules/reports reaches them through orders.service.ts): the orders the list
 * shows for the same filter and order, one row per order, read in batches (db/cursor.ts: a cursor on
 * PostgreSQL, keyset pages on PGlite) so memory stays flat whatever the count and the database keeps answering
 * other calls. Rows come as the driver gives them.
 */
import { OrderStatus } from '@parcelops/shared';
import { and, eq, type SQL, sql } from 'drizzle-orm';
import { type CursorOptions, forEachBatch, type RawRow, type SortKey } from '../../db/cursor.ts';
import type { Database } from '../../db/database.ts';
import { accounts } from '../accounts/accounts.table.ts';
import type { OrderFilter } from './order-list-sql.ts';
import { type OrderListSort, orderListWhere } from './orders.repository.ts';
import { orderItems, orders, trackingEvents } from './orders.table.ts';

/** Hands each batch of rows on; resolves with the number of rows read. */
export type ReportBatches = (
  db: Database,
  filter: OrderFilter,
  sort: OrderListSort,
  onBatch: (rows: RawRow[]) => Promise<void> | void,
  options?: CursorOptions,
) => Promise<number>;

/**
 * The list's order (orders.repository.ts, orderByOf) as keys a keyset read can resume after: the chosen column,
 * then the newest first, the sid breaking ties. reports.test.ts checks the files against the list for each sort.
 */
function sortKeys({ sort, direction }: OrderListSort): SortKey[] {
  if (sort === 'date_created')
    return [
      { column: orders.dateCreated, direction },
      { column: orders.sid, direction },
    ];
  return [
    sort === 'orderNumber'
      ? { column: orders.orderNumber, direction }
      : // orders_status_date_idx: (status, date_created desc, sid desc).
        { column: orders.status, direction, grouped: true },
    { column: orders.dateCreated, direction: 'desc' },
    { column: orders.sid, direction: 'desc' },
  ];
}

const FROM = sql`${orders} inner join ${accounts} on ${accounts.sid} = ${orders.accountSid}`;

/**
 * No index serves the order-number order: each keyset page sorts the matching orders again (about 150 ms at
 * 100,000 orders on PGlite, whatever the page's size), so that order reads fewer, larger pages.
 */
const pagesOf = (sort: OrderListSort, options: CursorOptions | undefined): CursorOptions => ({
  ...options,
  batchSize: options?.batchSize ?? (sort.sort === 'orderNumber' ? 1000 : undefined),
});

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

/**
 * GET /orders/report: every column of the order, its account's name and its items in one text. Rows:
 * orderNumber, barcode, accountName, status, reason, name, phone, address1, address2, city, state, postalCode,
 * country, weight, length, width, height, vnd, usd, items, shippingPartner, masterAirWaybill, cartonLabel,
 * dateCreated.
 */
const forEachOrderBatch: ReportBatches = (db, filter, sort, onBatch, options) =>
  forEachBatch(
    db,
    {
      columns: sql`${orders.orderNumber} as "orderNumber", ${orders.barcode} as "barcode",
        ${accounts.name} as "accountName", ${orders.status} as "status", ${orders.reason} as "reason",
        ${orders.name} as "name", ${orders.phone} as "phone", ${orders.address1} as "address1",
        ${orders.address2} as "address2", ${orders.city} as "city", ${orders.state} as "state",
        ${orders.postalCode} as "postalCode", ${orders.country} as "country", ${orders.weight} as "weight",
        ${orders.length} as "length", ${orders.width} as "width", ${orders.height} as "height",
        ${orders.vnd} as "vnd", ${orders.usd} as "usd", ${itemsText} as "items",
        ${orders.shippingPartner} as "shippingPartner", ${orders.amsMasterAirWaybill} as "masterAirWaybill",
        ${orders.amsCartonLabel} as "cartonLabel", ${orders.dateCreated} as "dateCreated"`,
      from: FROM,
      where: orderListWhere(filter),
      orderBy: sortKeys(sort),
    },
    onBatch,
    pagesOf(sort, options),
  );

/**
 * GET /orders/deliveryTimeReport: the Delivered orders of the filter with their milestones. Rows:
 * orderNumber, barcode, accountName, dateCreated, firstScan, departure, delivered.
 */
const forEachDeliveredBatch: ReportBatches = (db, filter, sort, onBatch, options) =>
  forEachBatch(
    db,
    {
      columns: sql`${orders.orderNumber} as "orderNumber", ${orders.barcode} as "barcode",
        ${accounts.name} as "accountName", ${orders.dateCreated} as "dateCreated",
        ${FIRST_SCAN} as "firstScan", ${DEPARTURE} as "departure", ${DELIVERY} as "delivered"`,
      from: FROM,
      where: and(orderListWhere(filter), eq(orders.status, OrderStatus.Delivered)),
      orderBy: sortKeys(sort),
    },
    onBatch,
    pagesOf(sort, options),
  );

export const orderReportsRepository = { forEachOrderBatch, forEachDeliveredBatch };
