/**
 * One order's lines in the credit ledger (its charge, a refund, each re-weigh), oldest first, for the order view:
 * after a re-weigh the admin sees the row it wrote. Reads only; every write stays in credit-ledger.ts.
 * Callers (orders) decide who may see the order before asking.
 */
import type { CreditUnit } from '@parcelops/shared';
import { asc, eq } from 'drizzle-orm';
import type { Executor } from '../../db/database.ts';
import { type CreditEntryKind, creditLedger } from './credit-ledger.table.ts';

export interface OrderCreditEntry {
  kind: CreditEntryKind;
  /** Positive added to the balance (a refund), negative took from it (a charge). */
  amount: number;
  balance_after: number;
  unit: CreditUnit;
  note: string | null;
  date_created: string;
}

export async function orderCreditEntries(db: Executor, orderSid: string): Promise<OrderCreditEntry[]> {
  const rows = await db
    .select({
      kind: creditLedger.kind,
      amount: creditLedger.amount,
      balanceAfter: creditLedger.balanceAfter,
      unit: creditLedger.unit,
      note: creditLedger.note,
      dateCreated: creditLedger.dateCreated,
    })
    .from(creditLedger)
    // credit_ledger_order_idx serves this; seq is the order the balance moved in.
    .where(eq(creditLedger.orderSid, orderSid))
    .orderBy(asc(creditLedger.seq));
  return rows.map((row) => ({
    kind: row.kind,
    amount: Number(row.amount),
    balance_after: Number(row.balanceAfter),
    unit: row.unit,
    note: row.note,
    date_created: row.dateCreated.toISOString(),
  }));
}
