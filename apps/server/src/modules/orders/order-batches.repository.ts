/**
 * A batch order's orders, for its labels and its report (modules/batch-orders reaches them through
 * order-lookups.service.ts): pages in sid order through orders_batch_sid_idx, and the batch's figures.
 */
import { and, asc, eq, gt, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/database.ts';
import { type OrderWithItems, orderWithNamesQuery, withItems } from './orders.repository.ts';
import { orders } from './orders.table.ts';

type NamedRow = Awaited<ReturnType<typeof orderWithNamesQuery>>[number];

/** An order row with its account's name and address and its batch's name, as OrderWithItems has them. */
const withNames = (row: NamedRow) => ({
  ...row.order,
  accountName: row.accountName,
  accountAddress: row.accountAddress ?? null,
  batchName: row.batchName,
});

export interface BatchFigures {
  orders: number;
  /** Chargeable weight of every order, grams. */
  weight: number;
  vnd: number;
  byStatus: { status: number; count: number }[];
}

export const orderBatchesRepository = {
  /** Up to `limit` of the batch's orders after `afterSid`, by sid, each with its items and account. */
  async page(
    db: Executor,
    batchSid: string,
    afterSid: string | null,
    limit: number,
  ): Promise<OrderWithItems[]> {
    const rows = await orderWithNamesQuery(
      db,
      and(eq(orders.batchSid, batchSid), afterSid ? gt(orders.sid, afterSid) : undefined),
    )
      .orderBy(asc(orders.sid))
      .limit(limit);
    if (rows.length === 0) return [];
    return withItems(db, rows.map(withNames));
  },

  /** The orders of `sids` with their names and items, in one statement each, in the order of `sids`. */
  async bySids(db: Executor, sids: readonly string[]): Promise<OrderWithItems[]> {
    if (sids.length === 0) return [];
    const rows = await orderWithNamesQuery(db, inArray(orders.sid, [...sids]));
    const place = new Map(sids.map((sid, index) => [sid, index]));
    rows.sort((a, b) => (place.get(a.order.sid) ?? 0) - (place.get(b.order.sid) ?? 0));
    return withItems(db, rows.map(withNames));
  },

  async figures(db: Executor, batchSid: string): Promise<BatchFigures> {
    const rows = await db
      .select({
        status: orders.status,
        count: sql<number>`count(*)::int`,
        weight: sql<string>`coalesce(sum(${orders.weight}), 0)`,
        vnd: sql<string>`coalesce(sum(${orders.vnd}), 0)`,
      })
      .from(orders)
      .where(eq(orders.batchSid, batchSid))
      .groupBy(orders.status)
      .orderBy(asc(orders.status));
    return {
      orders: rows.reduce((sum, row) => sum + row.count, 0),
      weight: rows.reduce((sum, row) => sum + Number(row.weight), 0),
      vnd: rows.reduce((sum, row) => sum + Number(row.vnd), 0),
      byStatus: rows.map((row) => ({ status: row.status, count: row.count })),
    };
  },
};
