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
   * Only credit-ledger.ts calls this, with the account row locked: one multi-row statement (the caller keeps
   * it to 1,000 rows). Identity values are drawn in the order of `rows`, so seq follows the changes.
   */
  async insertMany(db: Executor, rows: readonly NewCreditLedgerRow[]): Promise<void> {
    if (rows.length === 0) return;
    await db.insert(creditLedger).values(
      rows.map((row) => ({
        ...row,
        // The moment of the change, under the lock (not the transaction's start, as now() would be), so the
        // dates of an account's entries follow their seq; evaluated per row, so they rise along the rows.
        dateCreated: sql`clock_timestamp()`,
      })),
    );
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
