import { and, asc, eq, gte, inArray, lt, sql } from 'drizzle-orm';
import type { Executor } from '../../db/database.ts';
import { creditLedger } from './credit-ledger.table.ts';

export type NewCreditLedgerRow = Omit<typeof creditLedger.$inferInsert, 'dateCreated'>;

/** A ledger row as the credit usage report reads it; money as numbers. */
export type CreditLedgerEntry = Pick<
  typeof creditLedger.$inferSelect,
  'dateCreated' | 'kind' | 'unit' | 'orderSid' | 'note'
> & { amount: number; balanceAfter: number };

/** Not a charge written ahead for a batch order still in progress (migration 0026, order_is_staged). */
const shownEntry = sql`not order_is_staged(${creditLedger.batchSid})`;

export const creditLedgerRepository = {
  /**
   * Only credit-ledger.ts calls this, with the account row locked. The rows go as one JSON parameter read by
   * jsonb_to_recordset, not a parameter per value: on PGlite binding 10 parameters a row cost more than
   * writing the row (a 50,000-order batch's charges took seconds). Inserted in the order of `rows`, so seq, an
   * identity drawn as rows are written, follows the changes.
   */
  async insertMany(db: Executor, rows: readonly NewCreditLedgerRow[]): Promise<void> {
    if (rows.length === 0) return;
    const json = JSON.stringify(rows.map((row, place) => ({ ...row, place })));
    await db.execute(sql`
      insert into ${creditLedger} (sid, account_sid, kind, amount, balance_after, unit, order_sid, note,
        note_text, created_by, batch_sid, date_created)
      select r."sid", r."accountSid", r."kind", r."amount", r."balanceAfter", r."unit", r."orderSid", r."note",
        r."noteText", r."createdBy", r."batchSid",
        -- The moment of the change, under the lock (not the transaction's start, as now() would be), so the
        -- dates of an account's entries follow their seq; evaluated per row, so they rise along the rows.
        clock_timestamp()
      from jsonb_to_recordset(${json}::jsonb) as r("place" int, "sid" text, "accountSid" text, "kind" text,
        "amount" numeric, "balanceAfter" numeric, "unit" text, "orderSid" text, "note" text, "noteText" jsonb,
        "createdBy" text, "batchSid" text)
      order by r."place"`);
  },

  /** The database's clock now (not the transaction's start), to the microsecond, as PostgreSQL writes it. */
  async now(db: Executor): Promise<string> {
    const [row] = await db.select({ now: sql<string>`clock_timestamp()::text` }).from(sql`(select 1) as one`);
    if (!row) throw new Error('The database did not say what time it is.');
    return row.now;
  },

  /**
   * Whether the account's balance moved (a ledger row other than the batch's own charges) after `since`, a
   * moment read under the account's lock: a change after it wrote its row later, under the same lock.
   */
  async movedSince(db: Executor, accountSid: string, since: string, batchSid: string): Promise<boolean> {
    const [row] = await db
      .select({ sid: creditLedger.sid })
      .from(creditLedger)
      .where(
        and(
          eq(creditLedger.accountSid, accountSid),
          sql`${creditLedger.dateCreated} > ${since}::timestamptz`,
          sql`${creditLedger.batchSid} is distinct from ${batchSid}`,
        ),
      )
      .limit(1);
    return row !== undefined;
  },

  /**
   * Up to `limit` of the charges written ahead for a batch still in progress (its failure, a new attempt);
   * how many went.
   */
  async removeStaged(db: Executor, batchSid: string, limit: number): Promise<number> {
    const some = db
      .select({ sid: creditLedger.sid })
      .from(creditLedger)
      .where(and(eq(creditLedger.batchSid, batchSid), sql`order_is_staged(${creditLedger.batchSid})`))
      .limit(limit);
    const gone = await db
      .delete(creditLedger)
      .where(inArray(creditLedger.sid, some))
      .returning({ sid: creditLedger.sid });
    return gone.length;
  },

  /** One order's rows, in the order the balance moved (credit_ledger_order_idx serves it). */
  orderEntries(db: Executor, orderSid: string) {
    return db
      .select({
        kind: creditLedger.kind,
        amount: creditLedger.amount,
        balanceAfter: creditLedger.balanceAfter,
        unit: creditLedger.unit,
        note: creditLedger.note,
        noteText: creditLedger.noteText,
        dateCreated: creditLedger.dateCreated,
      })
      .from(creditLedger)
      .where(eq(creditLedger.orderSid, orderSid))
      .orderBy(asc(creditLedger.seq));
  },

  /** The sum of one order's rows per unit (its charge and re-weighs, less refunds): money as text. */
  orderTotals(db: Executor, accountSid: string, orderSid: string) {
    return db
      .select({ unit: creditLedger.unit, total: sql<string>`sum(${creditLedger.amount})` })
      .from(creditLedger)
      .where(and(eq(creditLedger.accountSid, accountSid), eq(creditLedger.orderSid, orderSid)))
      .groupBy(creditLedger.unit);
  },

  /**
   * The account's rows with from <= date_created < toBefore, in the order the balance moved (seq), so each
   * row's balance after is the previous one's plus its amount.
   */
  async entries(db: Executor, accountSid: string, from: Date, toBefore: Date): Promise<CreditLedgerEntry[]> {
    const rows = await db
      .select({
        dateCreated: creditLedger.dateCreated,
        kind: creditLedger.kind,
        amount: creditLedger.amount,
        balanceAfter: creditLedger.balanceAfter,
        unit: creditLedger.unit,
        orderSid: creditLedger.orderSid,
        note: creditLedger.note,
      })
      .from(creditLedger)
      .where(
        and(
          eq(creditLedger.accountSid, accountSid),
          gte(creditLedger.dateCreated, from),
          lt(creditLedger.dateCreated, toBefore),
          shownEntry,
        ),
      )
      .orderBy(asc(creditLedger.seq));
    return rows.map((row) => ({
      ...row,
      amount: Number(row.amount),
      balanceAfter: Number(row.balanceAfter),
    }));
  },
};
