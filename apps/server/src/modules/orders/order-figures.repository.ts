/**
 * The dashboard's figures over orders (modules/dashboard reaches them through orders.service.ts): counts per
 * day and status from order_counts, spend per day, hub scans per day. One statement each, every one served by
 * an index; reads only.
 */
import type { CreditUnit } from '@parcelops/shared';
import { and, asc, eq, gte, lt, lte, sql } from 'drizzle-orm';
import type { Executor } from '../../db/database.ts';
import { selectRows } from '../../db/raw-rows.ts';
import { orderCounts, orders, trackingEvents } from './orders.table.ts';

export interface DayRange {
  /** First and last UTC day, both included (YYYY-MM-DD). */
  from: string;
  to: string;
}

/** What db.execute answers, with node-postgres and PGlite alike: the rows as the driver parsed them. */
type SpendRow = { day: string; amount: string | null };

export const orderFiguresRepository = {
  /**
   * Orders per day and status, summed over accounts (or one account) and the missing-HS flag. One account
   * reads its primary key (account_sid, day, ...); every account reads order_counts_day_idx. Groups that net
   * to zero (every order of them moved on or was deleted) are left out.
   */
  ordersPerDay(
    db: Executor,
    range: DayRange,
    accountSid?: string,
  ): Promise<{ day: string; status: number; count: number }[]> {
    const day = sql<string>`to_char(${orderCounts.day}, 'YYYY-MM-DD')`;
    return db
      .select({ day, status: orderCounts.status, count: sql<number>`sum(${orderCounts.count})::int` })
      .from(orderCounts)
      .where(
        and(
          accountSid ? eq(orderCounts.accountSid, accountSid) : undefined,
          gte(orderCounts.day, range.from),
          lte(orderCounts.day, range.to),
        ),
      )
      .groupBy(orderCounts.day, orderCounts.status)
      .having(sql`sum(${orderCounts.count}) > 0`)
      .orderBy(asc(orderCounts.day), asc(orderCounts.status));
  },

  /**
   * What one account's orders created on each UTC day from `from` cost, in the given unit; days without orders
   * are left out. One range read of orders_account_date_idx (account_sid, date_created) per day: the window's
   * own rows and nothing of a million older ones. (Grouping the window's rows by their day instead sorted them
   * all, spilling to disk on a million-order account: the planner cannot tell that an expression of the
   * timestamp has only `days` values.) Days step by 24 hours from a UTC midnight, whatever the session's zone.
   */
  async spendPerDay(
    db: Executor,
    accountSid: string,
    unit: CreditUnit,
    from: Date,
    days: number,
  ): Promise<{ day: string; amount: number }[]> {
    const price = unit === 'VND' ? orders.vnd : orders.usd;
    const last = new Date(from.getTime() + (days - 1) * 86_400_000);
    const rows = await selectRows<SpendRow>(
      db,
      sql`
      SELECT to_char(d.day AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS day,
        (SELECT sum(${price}) FROM ${orders}
         WHERE ${orders.accountSid} = ${accountSid}
           AND ${orders.dateCreated} >= d.day AND ${orders.dateCreated} < d.day + interval '24 hours') AS amount
      FROM generate_series(
        ${from.toISOString()}::timestamptz, ${last.toISOString()}::timestamptz, interval '24 hours'
      ) AS d(day)
      ORDER BY d.day`,
    );
    return rows
      .filter((row) => row.amount !== null)
      .map((row) => ({ day: row.day, amount: Number(row.amount) }));
  },

  /**
   * Parcels received per UTC day and hub: the hub scans' events (tracking_events_hub_scans_idx, a partial
   * index on their time) in the window, the hub read back from the event's text. One account joins its orders.
   */
  async scansPerDay(
    db: Executor,
    from: Date,
    toBefore: Date,
    accountSid?: string,
  ): Promise<{ day: string; hub: string; count: number }[]> {
    const day = sql<string>`to_char(${trackingEvents.eventTime} AT TIME ZONE 'UTC', 'YYYY-MM-DD')`;
    const hub = sql<string>`substring(${trackingEvents.description} from 'Received at (.*) hub')`;
    const window = and(
      sql`${trackingEvents.description} LIKE 'Received at % hub'`,
      gte(trackingEvents.eventTime, from),
      lt(trackingEvents.eventTime, toBefore),
    );
    const query = db.select({ day, hub, count: sql<number>`count(*)::int` }).from(trackingEvents).$dynamic();
    const scoped = accountSid
      ? query
          .innerJoin(orders, eq(orders.sid, trackingEvents.orderSid))
          .where(and(window, eq(orders.accountSid, accountSid)))
      : query.where(window);
    return scoped.groupBy(day, hub).orderBy(day, hub);
  },
};
