import type { Address } from '@parcelops/shared';
import { and, asc, eq, inArray, isNotNull, type SQL, sql } from 'drizzle-orm';
import { placeholders } from '../../db/bind.ts';
import type { Executor } from '../../db/database.ts';
import { StatementCache, StatementTexts } from '../../db/prepared.ts';
import { accounts } from '../accounts/accounts.table.ts';
import { itemsOfSelectedOrder } from './order-items-json.ts';
import {
  batchNameOf,
  countQuery,
  countsWhereOf,
  listColumns,
  type OrderFilter,
  type OrderListSort,
  orderByOf,
  whereOf,
} from './order-list-sql.ts';
import { orderCounts, orderHistory, orderItems, orders, trackingEvents } from './orders.table.ts';
import { shownOrder } from './staged-orders.ts';

export type OrderRow = typeof orders.$inferSelect;
export type NewOrderRow = typeof orders.$inferInsert;
export type OrderItemRow = typeof orderItems.$inferSelect;
export type NewOrderItemRow = typeof orderItems.$inferInsert;
export type TrackingEventRow = typeof trackingEvents.$inferSelect;
export type OrderHistoryRow = typeof orderHistory.$inferSelect;

/** An order as lists show it: every column but the items, with the account's and the batch's names. */
export type OrderListRow = Omit<
  OrderRow,
  'dateUpdated' | 'missingHsCode' | 'amsPriorStatus' | 'amsPriorReason' | 'itemsVersion'
> & {
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

/** `found` (orders as the caller shaped them), each with its items by position, read in one statement. */
export async function withItems<Found extends { sid: string }>(
  db: Executor,
  found: Found[],
): Promise<(Found & { items: OrderItemRow[] })[]> {
  const itemsOf = await itemsByOrder(
    db,
    found.map((order) => order.sid),
  );
  return found.map((order) => ({ ...order, items: itemsOf.get(order.sid) ?? [] }));
}

/** The hot reads' statements, built once per shape; the scan's writes, written once (db/prepared.ts). */
const statements = new StatementCache();
const texts = new StatementTexts();

/** An order with its account's name and address and its batch's name (no items). */
const withNamesColumns = {
  order: orders,
  accountName: accounts.name,
  accountAddress: accounts.address,
  batchName: batchNameOf,
};

/** The orders `where` finds, each with its account's name and address and its batch's name (no items). */
export function orderWithNamesQuery(db: Executor, where: SQL | undefined) {
  return db
    .select(withNamesColumns)
    .from(orders)
    .innerJoin(accounts, eq(accounts.sid, orders.accountSid))
    .where(where);
}

/**
 * The order (with its account's name and address) that `where` finds (built with the placeholder its key
 * names), and its items by position, in one statement; undefined when there is none. The order view, labels
 * and the scan read it.
 */
export async function findOrderWithItems(
  db: Executor,
  key: string,
  where: SQL,
  values: Record<string, unknown>,
): Promise<OrderWithItems | undefined> {
  const [row] = await statements.run(
    db,
    key,
    () =>
      db
        .select({ ...withNamesColumns, items: itemsOfSelectedOrder })
        .from(orders)
        .innerJoin(accounts, eq(accounts.sid, orders.accountSid))
        .where(and(where, shownOrder)),
    values,
  );
  if (!row) return undefined;
  return {
    ...row.order,
    accountName: row.accountName,
    accountAddress: row.accountAddress ?? null,
    batchName: row.batchName,
    items: row.items,
  };
}

export const ordersRepository = {
  /**
   * The order with its items (by position) and its account's name and address, or undefined.
   * Labels, reports and the order view all start here.
   */
  findWithItems(db: Executor, sid: string): Promise<OrderWithItems | undefined> {
    return findOrderWithItems(db, 'order by sid', eq(orders.sid, sql.placeholder('sid')), { sid });
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
    const [row] = await db
      .select()
      .from(orders)
      .where(and(eq(orders.barcode, barcode), shownOrder));
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
    // Written once per number of orders (a scan's one, an upload's thousand), db/prepared.ts.
    // The time as ISO text, as Drizzle writes a timestamp column's value (pg and PGlite alike).
    const values: Record<string, unknown> = { status, reason, dateUpdated: new Date().toISOString() };
    sids.forEach((sid, index) => {
      values[`sid${index}`] = sid;
    });
    await texts.run(
      db,
      `set status of ${sids.length}`,
      () =>
        db
          .update(orders)
          .set({
            status: sql`${sql.placeholder('status')}`,
            reason: sql`${sql.placeholder('reason')}`,
            dateUpdated: sql`${sql.placeholder('dateUpdated')}`,
          })
          .where(
            inArray(
              orders.sid,
              sids.map((_, index) => sql.placeholder(`sid${index}`)),
            ),
          ),
      values,
    );
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
    // Built once per shape (which filters, which way the text matches, sort, first page or not): the
    // conditions below hold placeholders, and each call only brings its values (db/prepared.ts).
    const { bind, values, names } = placeholders();
    const where = whereOf(filter, bind);
    // The total rides along on every row (one round trip, computed once): see ordersService.list.
    const total = sql<number>`(${countQuery(db, filter, bind)})`.mapWith(Number);
    const limit = bind('limit', pageSize);
    // A page far past the end is empty however far: capped, the offset stays a bigint PostgreSQL reads
    // (page 10^15 of 500,000 overflowed it, a 500) and an exact number in JavaScript.
    const offset = page === 0 ? 0 : bind('offset', Math.min(page * pageSize, Number.MAX_SAFE_INTEGER));
    const counted = countsWhereOf(filter) === null ? 'counted' : 'summed';
    const key = ['list', counted, sort.sort, sort.direction, ...names].join(' ');
    return statements.run(
      db,
      key,
      () => {
        const rows = db
          .select({ ...listColumns, total })
          .from(orders)
          .innerJoin(accounts, eq(accounts.sid, orders.accountSid));
        if (page === 0)
          return rows
            .where(where)
            .orderBy(...newestFirst)
            .limit(limit);
        const pageSids = db
          .select({ sid: orders.sid })
          .from(orders)
          .where(where)
          .orderBy(...newestFirst)
          .limit(limit)
          .offset(offset);
        return rows.where(inArray(orders.sid, pageSids)).orderBy(...newestFirst);
      },
      values,
    );
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

  async updateItem(db: Executor, itemSid: string, changes: Partial<NewOrderItemRow>): Promise<void> {
    await db.update(orderItems).set(changes).where(eq(orderItems.sid, itemSid));
  },

  /**
   * Moves the order's items_version on by one, only if it is still `expected` (checked and bumped in one
   * statement, so two edits that read the same version cannot both pass); false when it had moved on.
   */
  async bumpItemsVersion(db: Executor, orderSid: string, expected: number): Promise<boolean> {
    const rows = await db
      .update(orders)
      .set({ itemsVersion: sql`${orders.itemsVersion} + 1`, dateUpdated: new Date() })
      .where(and(eq(orders.sid, orderSid), eq(orders.itemsVersion, expected)))
      .returning({ sid: orders.sid });
    return rows.length > 0;
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
export {
  batchNameOf,
  type OrderListSort,
  orderByOf as orderListOrderBy,
  orderTextCondition,
  whereOf as orderListWhere,
} from './order-list-sql.ts';
