/**
 * One order's lines in the credit ledger (its charge, a refund, each re-weigh), oldest first, for the order view:
 * after a re-weigh the admin sees the row it wrote. Reads only; every write stays in credit-ledger.ts.
 * Callers (orders) decide who may see the order before asking. Also what the order has cost so far, which
 * orders refund on deletion and settle on a re-weigh.
 */
import type { CreditUnit, OrderCreditEntry } from '@parcelops/shared';
import type { Executor } from '../../db/database.ts';
import { creditLedgerRepository } from './credit-ledger.repository.ts';

export async function orderCreditEntries(db: Executor, orderSid: string): Promise<OrderCreditEntry[]> {
  const rows = await creditLedgerRepository.orderEntries(db, orderSid);
  return rows.map((row) => ({
    kind: row.kind,
    amount: Number(row.amount),
    balance_after: Number(row.balanceAfter),
    unit: row.unit,
    note: row.note,
    note_text: row.noteText ?? null,
    date_created: row.dateCreated.toISOString(),
  }));
}

/**
 * What the order has cost on credit so far, per unit: the sum of its ledger rows (charge, re-weighs, refunds),
 * negative when money was taken. Empty when the order was never charged.
 */
export async function orderCreditTotals(
  db: Executor,
  accountSid: string,
  orderSid: string,
): Promise<Map<CreditUnit, number>> {
  const rows = await creditLedgerRepository.orderTotals(db, accountSid, orderSid);
  return new Map(rows.map((row) => [row.unit, Number(row.total)]));
}
