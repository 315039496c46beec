/** The batch_orders queries: what the list, the view and the batch's job read and write. */
import { type BatchRowProblem, englishOf, type Text } from '@parcelops/shared';
import { and, desc, eq, gte, ilike, inArray, isNotNull, lt, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/database.ts';
import { newSid } from '../../lib/ids.ts';
import { escapeLike } from '../../lib/sql.ts';
import { accounts } from '../accounts/accounts.table.ts';
import { orders } from '../orders/orders.table.ts';
import { type BatchOrderRow, type BatchQuote, batchOrders } from './batch-orders.table.ts';

export type NewBatchOrderRow = typeof batchOrders.$inferInsert;

/** A batch as lists and the view show it: everything but the file and the problems, with the account's name. */
export type BatchSummaryRow = Omit<BatchOrderRow, 'file' | 'problems' | 'placingAttempt'> & {
  accountName: string;
  fileKept: boolean;
};

export interface BatchFilter {
  accountSid?: string;
  from?: Date;
  toBefore?: Date;
  /** Part of the batch's name, any letter case. */
  text?: string;
}

const summaryColumns = {
  sid: batchOrders.sid,
  name: batchOrders.name,
  accountSid: batchOrders.accountSid,
  accountName: accounts.name,
  status: batchOrders.status,
  reason: batchOrders.reason,
  reasonKey: batchOrders.reasonKey,
  reasonParams: batchOrders.reasonParams,
  fileName: batchOrders.fileName,
  fileKept: sql<boolean>`${batchOrders.file} is not null`,
  rows: batchOrders.rows,
  orders: batchOrders.orders,
  totalCharge: batchOrders.totalCharge,
  problemCount: batchOrders.problemCount,
  placed: batchOrders.placed,
  createdByUserSid: batchOrders.createdByUserSid,
  createdByApiKeySid: batchOrders.createdByApiKeySid,
  dateCreated: batchOrders.dateCreated,
  startedAt: batchOrders.startedAt,
  finishedAt: batchOrders.finishedAt,
  checkOnly: batchOrders.checkOnly,
  quote: batchOrders.quote,
  runs: batchOrders.runs,
};

function whereOf(filter: BatchFilter): SQL | undefined {
  return and(
    filter.accountSid ? eq(batchOrders.accountSid, filter.accountSid) : undefined,
    filter.from ? gte(batchOrders.dateCreated, filter.from) : undefined,
    filter.toBefore ? lt(batchOrders.dateCreated, filter.toBefore) : undefined,
    filter.text ? ilike(batchOrders.name, `%${escapeLike(filter.text)}%`) : undefined,
  );
}

/**
 * A file's bytes as base64 text the database decodes. On PGlite a bytea parameter of a few megabytes took
 * 2-3 s to bind (0.2-0.3 s as base64), holding its one connection; reads come back as base64 for the same
 * reason (0.4 s against 0.05 s).
 */
const fileValue = (file: Buffer) => sql`decode(${file.toString('base64')}, 'base64')`;

export const batchOrdersRepository = {
  async insert(db: Executor, row: NewBatchOrderRow): Promise<void> {
    const { file, ...rest } = row;
    await db.insert(batchOrders).values({ ...rest, file: file ? fileValue(file) : null });
  },

  async find(db: Executor, sid: string): Promise<BatchSummaryRow | undefined> {
    const [row] = await db
      .select(summaryColumns)
      .from(batchOrders)
      .innerJoin(accounts, eq(accounts.sid, batchOrders.accountSid))
      .where(eq(batchOrders.sid, sid));
    return row;
  },

  /** The first `limit` bad rows of a failed batch (the view lists them; the error sheet reads them all). */
  async problems(db: Executor, sid: string, limit?: number): Promise<BatchRowProblem[]> {
    const listed =
      limit === undefined
        ? sql<BatchRowProblem[] | null>`${batchOrders.problems}`
        : sql<BatchRowProblem[] | null>`(select jsonb_agg(p) from (
            select p from jsonb_array_elements(${batchOrders.problems}) with ordinality as e(p, n)
            order by n limit ${limit}) as first)`;
    const [row] = await db.select({ problems: listed }).from(batchOrders).where(eq(batchOrders.sid, sid));
    return row?.problems ?? [];
  },

  async file(db: Executor, sid: string): Promise<{ file: Buffer | null; fileName: string } | undefined> {
    const [row] = await db
      .select({
        file: sql<string | null>`encode(${batchOrders.file}, 'base64')`,
        fileName: batchOrders.fileName,
      })
      .from(batchOrders)
      .where(eq(batchOrders.sid, sid));
    return (
      row && { file: row.file === null ? null : Buffer.from(row.file, 'base64'), fileName: row.fileName }
    );
  },

  /**
   * Makes a new placing attempt the batch's own (batch-placement.ts) while it is in progress: the token its
   * chunks show (ownsPlacing), or undefined for a batch that is no longer in progress. Waits for a chunk of an
   * earlier attempt that is being written, which then is that attempt's last.
   */
  async claimPlacing(db: Executor, sid: string): Promise<string | undefined> {
    const attempt = newSid();
    const [row] = await db
      .update(batchOrders)
      .set({ placingAttempt: attempt, placed: 0 })
      .where(and(eq(batchOrders.sid, sid), eq(batchOrders.status, 'in-progress')))
      .returning({ sid: batchOrders.sid });
    return row ? attempt : undefined;
  },

  /**
   * Whether `attempt` still owns the batch, in progress (with `null`: whether it is in progress, whoever owns
   * it); the row is locked (shared for a chunk, for update for the commit that ends the batch) until the
   * transaction ends, so a new claim waits for it.
   */
  async ownsPlacing(
    db: Executor,
    sid: string,
    attempt: string | null,
    mode: 'share' | 'update',
  ): Promise<boolean> {
    const [row] = await db
      .select({ sid: batchOrders.sid })
      .from(batchOrders)
      .where(
        and(
          eq(batchOrders.sid, sid),
          eq(batchOrders.status, 'in-progress'),
          attempt === null ? undefined : eq(batchOrders.placingAttempt, attempt),
        ),
      )
      .for(mode);
    return row !== undefined;
  },

  /** Counts a committed chunk's orders into the batch's progress, in the chunk's transaction. */
  async countPlaced(db: Executor, sid: string, orders: number): Promise<void> {
    await db
      .update(batchOrders)
      .set({ placed: sql`${batchOrders.placed} + ${orders}` })
      .where(eq(batchOrders.sid, sid));
  },

  /** The batch's row locked for "Run again": its status, whose it is, and whether its file is still kept. */
  async lockForRun(
    db: Executor,
    sid: string,
  ): Promise<
    (Pick<BatchOrderRow, 'status' | 'accountSid' | 'checkOnly'> & { hasFile: boolean }) | undefined
  > {
    const [row] = await db
      .select({
        status: batchOrders.status,
        accountSid: batchOrders.accountSid,
        checkOnly: batchOrders.checkOnly,
        hasFile: isNotNull(batchOrders.file).mapWith(Boolean),
      })
      .from(batchOrders)
      .where(eq(batchOrders.sid, sid))
      .for('update');
    return row;
  },

  /**
   * "Run again": in progress once more, to be placed (no longer a check), one more run, and nothing left of the
   * last run's outcome (reason, problems, quote, times).
   */
  async restart(db: Executor, sid: string): Promise<void> {
    await db
      .update(batchOrders)
      .set({
        status: 'in-progress',
        checkOnly: false,
        runs: sql`${batchOrders.runs} + 1`,
        reason: null,
        reasonKey: null,
        reasonParams: null,
        problems: null,
        problemCount: 0,
        quote: null,
        startedAt: null,
        finishedAt: null,
      })
      .where(eq(batchOrders.sid, sid));
  },

  /** A check found every row good: initiated with its quote, the file kept for placing. */
  async markChecked(db: Executor, sid: string, quote: BatchQuote): Promise<void> {
    await db
      .update(batchOrders)
      .set({ status: 'initiated', quote, finishedAt: sql`now()` })
      .where(and(eq(batchOrders.sid, sid), eq(batchOrders.status, 'in-progress')));
  },

  /**
   * Which of `orderNumbers` the account has used already (a check names them as placing would refuse them).
   * The orders table is read here, as the list joins accounts: one read, no rule of the orders domain. Orders
   * staged by another batch still in progress count: they hold their numbers until it ends.
   */
  async takenOrderNumbers(
    db: Executor,
    accountSid: string,
    orderNumbers: string[],
    batchSid: string,
  ): Promise<Set<string>> {
    if (orderNumbers.length === 0) return new Set();
    const rows = await db
      .select({ orderNumber: orders.orderNumber })
      .from(orders)
      .where(
        and(
          eq(orders.accountSid, accountSid),
          inArray(orders.orderNumber, orderNumbers),
          // The batch's own orders staged by an attempt that crashed are removed before it places again.
          sql`${orders.batchSid} is distinct from ${batchSid}`,
        ),
      );
    return new Set(rows.map((row) => row.orderNumber));
  },

  async markStarted(db: Executor, sid: string): Promise<void> {
    await db
      .update(batchOrders)
      .set({ startedAt: sql`coalesce(${batchOrders.startedAt}, now())` })
      .where(eq(batchOrders.sid, sid));
  },

  /**
   * Failed, with why: `reason` as a catalogue text, stored as its English (or `english`, when the reason says
   * more than the text does) with its key and params.
   */
  async markFailed(
    db: Executor,
    sid: string,
    reason: Text,
    problems: readonly BatchRowProblem[],
    english: string = englishOf(reason),
  ): Promise<void> {
    await db
      .update(batchOrders)
      .set({
        status: 'failed',
        reason: english,
        reasonKey: reason.key,
        reasonParams: reason.params ?? null,
        problems: problems.length > 0 ? [...problems] : null,
        problemCount: problems.length,
        // Its staged orders were removed before it failed.
        placed: 0,
        finishedAt: sql`now()`,
      })
      .where(and(eq(batchOrders.sid, sid), eq(batchOrders.status, 'in-progress')));
  },

  /** Done: the orders are the record now, so the file goes. */
  async markSucceeded(db: Executor, sid: string, placed: number, totalCharge: number): Promise<void> {
    await db
      .update(batchOrders)
      .set({
        status: 'success',
        reason: null,
        reasonKey: null,
        reasonParams: null,
        orders: placed,
        placed,
        totalCharge: totalCharge.toFixed(2),
        file: null,
        finishedAt: sql`now()`,
      })
      .where(eq(batchOrders.sid, sid));
  },

  /**
   * Takes the account's batch-quota lock until the transaction ends: the count and the sum below, and the
   * insert or restart after them, happen one creator at a time per account, on every server process.
   */
  async lockQuota(db: Executor, accountSid: string): Promise<void> {
    await db.execute(sql`select pg_advisory_xact_lock(hashtext(${`batch-quota:${accountSid}`})::bigint)`);
  },

  /** What the account's batches hold against its quotas: batches in progress and bytes of stored files. */
  async quotaUse(db: Executor, accountSid: string): Promise<{ inProgress: number; storedBytes: number }> {
    const [row] = await db
      .select({
        inProgress: sql<number>`count(*) filter (where ${batchOrders.status} = 'in-progress')::int`,
        storedBytes: sql<number>`coalesce(sum(octet_length(${batchOrders.file})), 0)::bigint`.mapWith(Number),
      })
      .from(batchOrders)
      .where(eq(batchOrders.accountSid, accountSid));
    return { inProgress: Number(row?.inProgress ?? 0), storedBytes: Number(row?.storedBytes ?? 0) };
  },

  /**
   * The daily clean-up: drops the file of every finished batch (failed, or checked and never placed) that
   * finished more than `keepDays` days ago; a succeeded batch dropped its file when it succeeded. Answers how
   * many files went.
   */
  async dropOldFiles(db: Executor, keepDays: number): Promise<number> {
    const dropped = await db
      .update(batchOrders)
      .set({ file: null })
      .where(
        and(
          isNotNull(batchOrders.file),
          inArray(batchOrders.status, ['failed', 'initiated']),
          lt(batchOrders.finishedAt, sql`now() - ${keepDays}::int * interval '1 day'`),
        ),
      )
      .returning({ sid: batchOrders.sid });
    return dropped.length;
  },

  async list(
    db: Executor,
    filter: BatchFilter,
    page: number,
    pageSize: number,
  ): Promise<{ rows: BatchSummaryRow[]; total: number }> {
    const where = whereOf(filter);
    const rows = await db
      .select(summaryColumns)
      .from(batchOrders)
      .innerJoin(accounts, eq(accounts.sid, batchOrders.accountSid))
      .where(where)
      .orderBy(desc(batchOrders.dateCreated), desc(batchOrders.sid))
      .limit(pageSize)
      .offset(Math.min(page * pageSize, Number.MAX_SAFE_INTEGER));
    const [counted] = await db.select({ total: sql<number>`count(*)::int` }).from(batchOrders).where(where);
    return { rows, total: counted?.total ?? 0 };
  },
};
