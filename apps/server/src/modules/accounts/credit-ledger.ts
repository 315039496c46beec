/**
 * Every change of an account's credit balance goes through here: the account row is locked, the new balance
 * is checked, a ledger row records the change with the balance after it, and the balance is updated, all in
 * the caller's transaction. So the balance always equals the ledger's sum, also under concurrent orders.
 */
import { type CreditUnit, roundMoney } from '@parcelops/shared';
import { eq } from 'drizzle-orm';
import type { Transaction } from '../../db/database.ts';
import { AppError } from '../../lib/app-error.ts';
import { newSid } from '../../lib/ids.ts';
import { accountsRepository } from './accounts.repository.ts';
import { accounts } from './accounts.table.ts';
import { type CreditEntryKind, creditLedger } from './credit-ledger.table.ts';

export interface CreditChange {
  accountSid: string;
  kind: CreditEntryKind;
  /** Positive adds to the balance, negative takes from it; rounded to the account's unit. */
  amount: number;
  orderSid?: string | null;
  note?: string | null;
  createdBy?: string | null;
}

export interface CreditChangeResult {
  balanceBefore: number;
  balanceAfter: number;
  unit: CreditUnit;
}

/** Thrown when a change would take the balance below zero; `balance` and `amount` are in the account's unit. */
export class InsufficientCreditError extends AppError {
  constructor(
    readonly balance: number,
    readonly amount: number,
    readonly unit: CreditUnit,
    message: string,
  ) {
    super('VALIDATION_FAILED', 400, message);
  }
}

export function formatMoney(amount: number, unit: CreditUnit): string {
  return unit === 'VND'
    ? `${amount.toLocaleString('en-US', { maximumFractionDigits: 0 })} VND`
    : `${amount.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })} USD`;
}

export async function recordCreditChange(
  tx: Transaction,
  change: CreditChange,
  describeShortfall: (balance: string, amount: string) => string = (balance, amount) =>
    `The credit balance (${balance}) cannot cover ${amount}.`,
): Promise<CreditChangeResult> {
  const account = await accountsRepository.lockForCredit(tx, change.accountSid);
  if (!account) throw AppError.notFound('Account not found.');
  const unit = account.creditUnit as CreditUnit;
  const amount = roundMoney(change.amount, unit);
  const balanceBefore = Number(account.creditBalance);
  // Sums in cents, so repeated additions never drift.
  const balanceAfter = Math.round(balanceBefore * 100 + amount * 100) / 100;
  if (balanceAfter < 0) {
    throw new InsufficientCreditError(
      balanceBefore,
      amount,
      unit,
      describeShortfall(formatMoney(balanceBefore, unit), formatMoney(Math.abs(amount), unit)),
    );
  }
  await tx.insert(creditLedger).values({
    sid: newSid(),
    accountSid: change.accountSid,
    kind: change.kind,
    amount: amount.toFixed(2),
    balanceAfter: balanceAfter.toFixed(2),
    unit,
    orderSid: change.orderSid ?? null,
    note: change.note ?? null,
    createdBy: change.createdBy ?? null,
  });
  await tx
    .update(accounts)
    .set({ creditBalance: balanceAfter.toFixed(2) })
    .where(eq(accounts.sid, change.accountSid));
  return { balanceBefore, balanceAfter, unit };
}
