import { and, asc, eq, gte, lt, sql } from 'drizzle-orm';
import type { Executor } from '../../db/database.ts';
import { creditLedger } from './credit-ledger.table.ts';

export type NewCreditLedgerRow = Omit<typeof creditLedger.$inferInsert, 'dateCreated'>;

/** A ledger row as the credit usage report reads it; money as numbers. */
export type CreditLedgerEntry = Pick<
  typeof creditLedger.$inferSelect,
  'dateCreated' | 'kind' | 'unit' | 'orderSid' | 'note'
> & { amount: number; balanceAfter: number };

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
        note_text, created_by, date_created)
      select r."sid", r."accountSid", r."kind", r."amount", r."balanceAfter", r."unit", r."orderSid", r."note",
        r."noteText", r."createdBy",
        -- The moment of the change, under the lock (not the transaction's start, as now() would be), so the
        -- dates of an account's entries follow their seq; evaluated per row, so they rise along the rows.
        clock_timestamp()
      from jsonb_to_recordset(${json}::jsonb) as r("place" int, "sid" text, "accountSid" text, "kind" text,
        "amount" numeric, "balanceAfter" numeric, "unit" text, "orderSid" text, "note" text, "noteText" jsonb,
        "createdBy" text)
      order by r."place"`);
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
