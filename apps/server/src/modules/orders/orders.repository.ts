import type { Address } from '@parcelops/shared';
import { and, asc, desc, eq, gte, inArray, isNotNull, lt, or, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/database.ts';
import { foldedContains, foldedStartsWith, searchDigits } from '../../lib/sql.ts';
import { accounts } from '../accounts/accounts.table.ts';
import { batchOrders } from '../batch-orders/batch-orders.table.ts';
import { orderCounts, orderHistory, orderItems, orders, trackingEvents } from './orders.table.ts';

export type OrderRow = typeof orders.$inferSelect;
export type NewOrderRow = typeof orders.$inferInsert;
export type OrderItemRow = typeof orderItems.$inferSelect;
export type NewOrderItemRow = typeof orderItems.$inferInsert;
export type TrackingEventRow = typeof trackingEvents.$inferSelect;
export type OrderHistoryRow = typeof orderHistory.$inferSelect;

/** An order as lists show it: every column but the items, with the account's and the batch's names. */
export type OrderListRow = Omit<OrderRow, 'dateUpdated' | 'missingHsCode'> & {
  accountName: string;
  batchName: string | null;
};
/** One order with everything about it: its items (in the order given) and its account's name and address. */
export type OrderWithItems = OrderRow & {
  accountName: string;
  batchName: string | null;
  accountAddress: Address | null;
  items: OrderItemRow[];
};

/** The orders list and statistic filters, already checked and scoped by the service. */
export interface OrderFilter {
  accountSid?: string;
  status?: number;
  /** date_created >= from */
  from?: Date;
  /** date_created < toBefore (the service turns an inclusive day into the next midnight) */
  toBefore?: Date;
  text?: string;
  missingHsCode?: boolean;
  amsMasterAirWaybill?: string;
  amsCartonLabel?: string;
  amsSid?: string;
  batchSid?: string;
}

/**
 * The name of the batch that placed the order, beside its sid: a read of the batch room's table by key, as the
 * account's name is (ARCHITECTURE.md, exceptions). Computed for the rows answered only.
 */
export const batchNameOf = sql<
  string | null
>`(select ${batchOrders.name} from ${batchOrders} where ${batchOrders.sid} = ${orders.batchSid})`;

/** The items of these orders (by position), grouped by order: one statement for a page of orders. */
export async function itemsByOrder(
  db: Executor,
  orderSids: readonly string[],
): Promise<Map<string, OrderItemRow[]>> {
  const grouped = new Map<string, OrderItemRow[]>();
  if (orderSids.length === 0) return grouped;
  const items = await db
    .select()
    .from(orderItems)
    .where(inArray(orderItems.orderSid, [...orderSids]))
    .orderBy(asc(orderItems.orderSid), asc(orderItems.position));
  for (const item of items) {
    const list = grouped.get(item.orderSid);
    if (list) list.push(item);
    else grouped.set(item.orderSid, [item]);
  }
  return grouped;
}

const listColumns = {
  sid: orders.sid,
  orderNumber: orders.orderNumber,
  accountSid: orders.accountSid,
  accountName: accounts.name,
  status: orders.status,
  reason: orders.reason,
  name: orders.name,
  phone: orders.phone,
  address1: orders.address1,
  address2: orders.address2,
  city: orders.city,
  state: orders.state,
  country: orders.country,
  postalCode: orders.postalCode,
  weight: orders.weight,
  width: orders.width,
  length: orders.length,
  height: orders.height,
  vnd: orders.vnd,
  usd: orders.usd,
  barcode: orders.barcode,
  shippingPartner: orders.shippingPartner,
  sellerInformation: orders.sellerInformation,
  amsSid: orders.amsSid,
  amsCartonLabel: orders.amsCartonLabel,
  amsMasterAirWaybill: orders.amsMasterAirWaybill,
  amsAutomatedManifestSystemId: orders.amsAutomatedManifestSystemId,
  amsDetails: orders.amsDetails,
  batchSid: orders.batchSid,
  batchName: batchNameOf,
  dateCreated: orders.dateCreated,
};

/** Our own barcodes: 'PO' and ten digits (barcode.ts). */
const BARCODE_SHAPE = /^PO\d{10}$/i;

/** What a phone number typed into the box looks like: digits (three or more) and the usual separators. */
const PHONE_SHAPE = /^\+?[\d\s().-]+$/;
const MIN_PHONE_DIGITS = 3;

/**
 * The text box matches what stays cheap on millions of rows, each through its own index and all without accents
 * or letter case (lib/sql.ts): the exact barcode and an order-number prefix; then, for what looks like a phone
 * number, part of the recipient's phone (its digits only, so any spacing matches), and for anything else that is
 * not barcode-shaped, part of the customer's name.
 */
export function orderTextCondition(text: string): SQL {
  const byNumber = foldedStartsWith(orders.orderNumber, text);
  if (BARCODE_SHAPE.test(text)) {
    return or(eq(orders.barcode, text.toUpperCase()), byNumber) as SQL;
  }
  const digits = text.replace(/\D/g, '');
  if (PHONE_SHAPE.test(text) && digits.length >= MIN_PHONE_DIGITS) {
    return or(
      eq(orders.barcode, text),
      byNumber,
      sql`${searchDigits(orders.phone)} like ${`%${digits}%`}`,
    ) as SQL;
  }
  return or(eq(orders.barcode, text), byNumber, foldedContains(orders.name, text)) as SQL;
}

function whereOf(filter: OrderFilter): SQL | undefined {
  return and(
    filter.accountSid ? eq(orders.accountSid, filter.accountSid) : undefined,
    filter.status === undefined ? undefined : eq(orders.status, filter.status),
    filter.from ? gte(orders.dateCreated, filter.from) : undefined,
    filter.toBefore ? lt(orders.dateCreated, filter.toBefore) : undefined,
    filter.text ? orderTextCondition(filter.text) : undefined,
    filter.missingHsCode ? eq(orders.missingHsCode, true) : undefined,
    filter.amsMasterAirWaybill ? eq(orders.amsMasterAirWaybill, filter.amsMasterAirWaybill) : undefined,
    filter.amsCartonLabel ? eq(orders.amsCartonLabel, filter.amsCartonLabel) : undefined,
    filter.amsSid ? eq(orders.amsSid, filter.amsSid) : undefined,
    filter.batchSid ? eq(orders.batchSid, filter.batchSid) : undefined,
  );
}

const DAY_MS = 86_400_000;
const isWholeUtcDay = (instant: Date | undefined) =>
  instant === undefined || instant.getTime() % DAY_MS === 0;
const utcDay = (instant: Date) => instant.toISOString().slice(0, 10);

/**
 * The same filter over order_counts, or null when it asks what the counts cannot answer: text, manifests, or
 * a range that does not start and end on UTC midnights (the screens always send whole days).
 */
function countsWhereOf(filter: OrderFilter): SQL | undefined | null {
  if (filter.text || filter.amsMasterAirWaybill || filter.amsCartonLabel || filter.amsSid || filter.batchSid)
    return null;
  if (!isWholeUtcDay(filter.from) || !isWholeUtcDay(filter.toBefore)) return null;
  return and(
    filter.accountSid ? eq(orderCounts.accountSid, filter.accountSid) : undefined,
    filter.status === undefined ? undefined : eq(orderCounts.status, filter.status),
    filter.from ? gte(orderCounts.day, utcDay(filter.from)) : undefined,
    filter.toBefore ? lt(orderCounts.day, utcDay(filter.toBefore)) : undefined,
    filter.missingHsCode ? eq(orderCounts.missingHsCode, true) : undefined,
  );
}

function countQuery(db: Executor, filter: OrderFilter) {
  const counted = countsWhereOf(filter);
  return counted === null
    ? db.select({ count: sql<number>`count(*)::int` }).from(orders).where(whereOf(filter))
    : db
        .select({ count: sql<number>`coalesce(sum(${orderCounts.count}), 0)::int` })
        .from(orderCounts)
        .where(counted);
}

/** The list's order (GET /orders `sort` and `direction`). */
export interface OrderListSort {
  sort: 'date_created' | 'orderNumber' | 'status';
  direction: 'asc' | 'desc';
}

const SORT_COLUMNS = {
  date_created: orders.dateCreated,
  orderNumber: orders.orderNumber,
  status: orders.status,
} as const;

function orderByOf({ sort, direction }: OrderListSort): SQL[] {
  const by = direction === 'asc' ? asc : desc;
  const column = SORT_COLUMNS[sort];
  // Within one status (or number) the newest come first, as on the default list.
  if (sort === 'date_created') return [by(column), by(orders.sid)];
  return [by(column), desc(orders.dateCreated), desc(orders.sid)];
}

export const ordersRepository = {
  /**
   * The order with its items (by position) and its account's name and address, or undefined.
   * Labels, reports and the order view all start here.
   */
  async findWithItems(db: Executor, sid: string): Promise<OrderWithItems | undefined> {
    const [row] = await db
      .select({
        order: orders,
        accountName: accounts.name,
        accountAddress: accounts.address,
        batchName: batchNameOf,
      })
      .from(orders)
      .innerJoin(accounts, eq(accounts.sid, orders.accountSid))
      .where(eq(orders.sid, sid));
    if (!row) return undefined;
    const items = await db
      .select()
      .from(orderItems)
      .where(eq(orderItems.orderSid, sid))
      .orderBy(asc(orderItems.position));
    return {
      ...row.order,
      accountName: row.accountName,
      accountAddress: row.accountAddress ?? null,
      batchName: row.batchName,
      items,
    };
  },

  async findBySid(db: Executor, sid: string): Promise<OrderRow | undefined> {
    const [row] = await db.select().from(orders).where(eq(orders.sid, sid));
    return row;
  },

  /** Reads the order and locks its row until the transaction ends, so changes to one order queue up. */
  async lockBySid(db: Executor, sid: string): Promise<OrderRow | undefined> {
    const [row] = await db.select().from(orders).where(eq(orders.sid, sid)).for('update');
    return row;
  },

  async findByBarcode(db: Executor, barcode: string): Promise<OrderRow | undefined> {
    const [row] = await db.select().from(orders).where(eq(orders.barcode, barcode));
    return row;
  },

  async barcodeExists(db: Executor, barcode: string): Promise<boolean> {
    const [row] = await db.select({ sid: orders.sid }).from(orders).where(eq(orders.barcode, barcode));
    return Boolean(row);
  },

  /** Which of `orderNumbers` the account has used already, in one query. */
  async takenOrderNumbers(db: Executor, accountSid: string, orderNumbers: string[]): Promise<Set<string>> {
    if (orderNumbers.length === 0) return new Set();
    const rows = await db
      .select({ orderNumber: orders.orderNumber })
      .from(orders)
      .where(and(eq(orders.accountSid, accountSid), inArray(orders.orderNumber, orderNumbers)));
    return new Set(rows.map((row) => row.orderNumber));
  },

  /** Order numbers by sid, for the given sids that still exist. */
  async orderNumbers(db: Executor, sids: string[]): Promise<Map<string, string>> {
    if (sids.length === 0) return new Map();
    const rows = await db
      .select({ sid: orders.sid, orderNumber: orders.orderNumber })
      .from(orders)
      .where(inArray(orders.sid, sids));
    return new Map(rows.map((row) => [row.sid, row.orderNumber]));
  },

  async hasOrders(db: Executor, accountSid: string): Promise<boolean> {
    const [row] = await db
      .select({ sid: orders.sid })
      .from(orders)
      .where(eq(orders.accountSid, accountSid))
      .limit(1);
    return Boolean(row);
  },

  /**
   * Inserts the orders in one statement, skipping any whose barcode is taken (another order's, drawn by chance),
   * and answers the sids it inserted; the caller draws those barcodes again. Any other conflict (an order
   * number) still fails the statement.
   */
  async insertMany(db: Executor, rows: NewOrderRow[]): Promise<Set<string>> {
    if (rows.length === 0) return new Set();
    const inserted = await db
      .insert(orders)
      .values(rows)
      .onConflictDoNothing({ target: orders.barcode })
      .returning({ sid: orders.sid });
    return new Set(inserted.map((row) => row.sid));
  },

  async insertItems(db: Executor, rows: NewOrderItemRow[]): Promise<void> {
    if (rows.length > 0) await db.insert(orderItems).values(rows);
  },

  /**
   * Of these orders, those whose account has an order status hook, with what a webhook event names and how
   * many status changes (tracking events) each has had. Called after the funnel wrote its events.
   */
  async hookSubjects(
    db: Executor,
    orderSids: readonly string[],
  ): Promise<
    { orderSid: string; accountSid: string; orderNumber: string; barcode: string; sequence: number }[]
  > {
    if (orderSids.length === 0) return [];
    const rows = await db
      .select({
        orderSid: orders.sid,
        accountSid: orders.accountSid,
        orderNumber: orders.orderNumber,
        barcode: orders.barcode,
        sequence: sql<number>`(select count(*)::int from ${trackingEvents} where ${trackingEvents.orderSid} = ${orders.sid})`,
      })
      .from(orders)
      .innerJoin(accounts, eq(accounts.sid, orders.accountSid))
      .where(and(inArray(orders.sid, [...orderSids]), isNotNull(accounts.orderStatusHook)));
    return rows.map((row) => ({ ...row, sequence: Number(row.sequence) }));
  },

  async insertTrackingEvents(db: Executor, rows: (typeof trackingEvents.$inferInsert)[]): Promise<void> {
    if (rows.length > 0) await db.insert(trackingEvents).values(rows);
  },

  async update(db: Executor, sid: string, changes: Partial<NewOrderRow>): Promise<void> {
    await db
      .update(orders)
      .set({ ...changes, dateUpdated: new Date() })
      .where(eq(orders.sid, sid));
  },

  /** One statement for many orders, so the order_counts trigger upserts its groups once, in key order. */
  async setStatus(
    db: Executor,
    sids: readonly string[],
    status: number,
    reason: string | null,
  ): Promise<void> {
    if (sids.length === 0) return;
    await db
      .update(orders)
      .set({ status, reason, dateUpdated: new Date() })
      .where(inArray(orders.sid, [...sids]));
  },

  async delete(db: Executor, sid: string): Promise<void> {
    await db.delete(orders).where(eq(orders.sid, sid));
  },

  /**
   * One page of the list, newest first, without items, each row carrying the total the filter matches: only
   * the list's columns, for pages of 500,000. Past the first page, the page's sids are found first, from the
   * ordered indexes alone where the filters allow, and only those rows are read: a deep page skips thousands
   * of index entries rather than thousands of orders.
   */
  list(
    db: Executor,
    filter: OrderFilter,
    page: number,
    pageSize: number,
    sort: OrderListSort = { sort: 'date_created', direction: 'desc' },
  ): Promise<(OrderListRow & { total: number })[]> {
    // The name keeps the default's meaning; the sid breaks ties so pages never overlap.
    const newestFirst = orderByOf(sort);
    // The total rides along on every row (one round trip, computed once): see ordersService.list.
    const total = sql<number>`(${countQuery(db, filter)})`.mapWith(Number);
    const rows = db
      .select({ ...listColumns, total })
      .from(orders)
      .innerJoin(accounts, eq(accounts.sid, orders.accountSid));
    if (page === 0)
      return rows
        .where(whereOf(filter))
        .orderBy(...newestFirst)
        .limit(pageSize);
    const pageSids = db
      .select({ sid: orders.sid })
      .from(orders)
      .where(whereOf(filter))
      .orderBy(...newestFirst)
      .limit(pageSize)
      // A page far past the end is empty however far: capped, the offset stays a bigint PostgreSQL reads
      // (page 10^15 of 500,000 overflowed it, a 500) and an exact number in JavaScript.
      .offset(Math.min(page * pageSize, Number.MAX_SAFE_INTEGER));
    return rows.where(inArray(orders.sid, pageSids)).orderBy(...newestFirst);
  },

  /** How many orders match: summed from order_counts where it can answer, else counted. */
  async count(db: Executor, filter: OrderFilter): Promise<number> {
    const [row] = await countQuery(db, filter);
    return Number(row?.count ?? 0);
  },

  /** The statuses that have matching orders, with how many: from order_counts where it can answer. */
  async countByStatus(db: Executor, filter: OrderFilter): Promise<{ status: number; count: number }[]> {
    const counted = countsWhereOf(filter);
    const rows =
      counted === null
        ? await db
            .select({ status: orders.status, count: sql<number>`count(*)::int` })
            .from(orders)
            .where(whereOf(filter))
            .groupBy(orders.status)
            .orderBy(asc(orders.status))
        : await db
            .select({ status: orderCounts.status, count: sql<number>`sum(${orderCounts.count})::int` })
            .from(orderCounts)
            .where(counted)
            .groupBy(orderCounts.status)
            .having(sql`sum(${orderCounts.count}) > 0`)
            .orderBy(asc(orderCounts.status));
    return rows.map((row) => ({ status: row.status, count: Number(row.count) }));
  },

  async findItem(db: Executor, itemSid: string): Promise<OrderItemRow | undefined> {
    const [row] = await db.select().from(orderItems).where(eq(orderItems.sid, itemSid));
    return row;
  },

  async setItemHsCode(db: Executor, itemSid: string, hsCode: string): Promise<void> {
    await db.update(orderItems).set({ hsCode }).where(eq(orderItems.sid, itemSid));
  },

  async insertHistory(db: Executor, rows: (typeof orderHistory.$inferInsert)[]): Promise<void> {
    if (rows.length > 0) await db.insert(orderHistory).values(rows);
  },

  /** The order's history rows (re-weighs, edits, its deletion), oldest first; they outlive the order. */
  history(db: Executor, orderSid: string): Promise<OrderHistoryRow[]> {
    return db
      .select()
      .from(orderHistory)
      .where(eq(orderHistory.orderSid, orderSid))
      .orderBy(asc(orderHistory.at), asc(orderHistory.sid));
  },

  /** The order's events, oldest first. */
  trackingEvents(db: Executor, orderSid: string): Promise<TrackingEventRow[]> {
    return db
      .select()
      .from(trackingEvents)
      .where(eq(trackingEvents.orderSid, orderSid))
      .orderBy(asc(trackingEvents.eventTime), asc(trackingEvents.sid));
  },
};

/** The list's WHERE and ORDER BY, for the reports (order-reports.repository.ts), which read the same rows. */
export { orderByOf as orderListOrderBy, whereOf as orderListWhere };
