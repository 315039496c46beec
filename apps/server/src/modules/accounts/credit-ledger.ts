/**
 * Every change of an account's credit balance goes through here: the account row is locked, each new balance
 * is checked, ledger rows record the changes with the balance after each, and the balance is updated, all in
 * the caller's transaction. So the balance always equals the ledger's sum, also under concurrent orders.
 * Thousands of changes (a batch of orders) take one lock, one insert per 10,000 rows and one balance update:
 * locking and updating the row once per change makes each change slower than the last, as every update
 * leaves another version of the row for the transaction to walk.
 */
import {
  type CreditEntryKind,
  type CreditUnit,
  ErrorCode,
  englishOf,
  roundMoney,
  type Text,
  text,
} from '@parcelops/shared';
import type { Transaction } from '../../db/database.ts';
import { AppError, asText, type ErrorText } from '../../lib/app-error.ts';
import { chunks } from '../../lib/chunks.ts';
import { newSid } from '../../lib/ids.ts';
import { accountsRepository } from './accounts.repository.ts';
import { creditLedgerRepository, type NewCreditLedgerRow } from './credit-ledger.repository.ts';

/** Ledger rows per statement (one JSON parameter each: credit-ledger.repository.ts). */
const CHUNK = 10_000;

export interface CreditChange {
  accountSid: string;
  kind: CreditEntryKind;
  /** Positive adds to the balance, negative takes from it; rounded to the account's unit. */
  amount: number;
  orderSid?: string | null;
  /** Why the balance changed, kept in English and as a catalogue text (shown in the chosen language). */
  note?: Text | null;
  createdBy?: string | null;
}

/** One of several changes to one account's balance (recordCreditChanges). */
export type CreditEntry = Omit<CreditChange, 'accountSid' | 'amount'> & {
  /**
   * As CreditChange's, or the amount in each unit when the caller cannot know the account's unit before the
   * row is locked (an order's price): the locked row's unit picks one.
   */
  amount: number | Readonly<Record<CreditUnit, number>>;
};

/**
 * What happens when a change would take the balance below zero:
 * - `all` (default): nothing is written unless every change fits; the report names each change that does
 *   not, walking the others as if it were left out;
 * - `until-short`: the changes are applied in order up to the first that does not fit; that one and every
 *   later one are reported (against the balance left), so what is applied is a prefix of the changes.
 */
export type ShortfallPolicy = 'all' | 'until-short';

/** A change that was not applied: the balance it met, its rounded amount and the message describing it. */
export interface CreditShortfall {
  /** The change's position in the call. */
  index: number;
  balance: number;
  amount: number;
  /** English, as `text` says it. */
  message: string;
  text: Text;
}

export interface CreditChangesResult {
  unit: CreditUnit;
  /** The balance before the call and after it (the same when nothing was applied). */
  balanceBefore: number;
  balanceAfter: number;
  /** Positions of the changes written, in order. */
  applied: number[];
  short: CreditShortfall[];
}

export interface CreditChangeResult {
  balanceBefore: number;
  balanceAfter: number;
  unit: CreditUnit;
}

/**
 * Thrown when a change would take the balance below zero; `balance` and `amount` are in the account's unit.
 * Every shortfall, an order's or an admin's negative topup, answers the same 422 INSUFFICIENT_CREDIT.
 */
export class InsufficientCreditError extends AppError {
  constructor(
    readonly balance: number,
    readonly amount: number,
    readonly unit: CreditUnit,
    message: ErrorText,
  ) {
    super(ErrorCode.INSUFFICIENT_CREDIT, 422, message);
  }
}

/** Made once: toLocaleString with options builds a formatter on every call (a batch formats thousands). */
const MONEY_FORMATS: Record<CreditUnit, Intl.NumberFormat> = {
  VND: new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 }),
  USD: new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 }),
};

export function formatMoney(amount: number, unit: CreditUnit): string {
  return `${MONEY_FORMATS[unit].format(amount)} ${unit}`;
}

type DescribeShortfall = (balance: string, amount: string) => ErrorText;

const defaultShortfall: DescribeShortfall = (balance, amount) =>
  text('accounts.creditShortfall', { balance, amount });

/**
 * Applies `changes` to the account's balance in order, under one lock, with the same arithmetic and message
 * per change as recordCreditChange: amounts rounded to the account's unit, balances summed in cents. A change
 * that does not fit is reported, never thrown (`policy` says what else is written); only an unknown account
 * throws. Ledger rows keep the order of the changes, and so does their seq.
 */
export async function recordCreditChanges(
  tx: Transaction,
  accountSid: string,
  changes: readonly CreditEntry[],
  describeShortfall: DescribeShortfall = defaultShortfall,
  policy: ShortfallPolicy = 'all',
): Promise<CreditChangesResult> {
  const account = await accountsRepository.lockForCredit(tx, accountSid);
  if (!account) throw AppError.notFound(text('accounts.notFound'));
  const unit = account.creditUnit;
  const balanceBefore = Number(account.creditBalance);
  let balance = balanceBefore;
  let stopped = false;
  const applied: number[] = [];
  const short: CreditShortfall[] = [];
  const rows: NewCreditLedgerRow[] = [];
  changes.forEach((change, index) => {
    const amount = roundMoney(typeof change.amount === 'number' ? change.amount : change.amount[unit], unit);
    // Sums in cents, so repeated additions never drift.
    const after = Math.round(balance * 100 + amount * 100) / 100;
    if (after < 0 || stopped) {
      const words = asText(
        describeShortfall(formatMoney(balance, unit), formatMoney(Math.abs(amount), unit)),
      );
      short.push({ index, balance, amount, message: englishOf(words), text: words });
      if (policy === 'until-short') stopped = true;
      return;
    }
    balance = after;
    applied.push(index);
    rows.push({
      sid: newSid(),
      accountSid,
      kind: change.kind,
      amount: amount.toFixed(2),
      balanceAfter: after.toFixed(2),
      unit,
      orderSid: change.orderSid ?? null,
      note: change.note ? englishOf(change.note) : null,
      noteText: change.note ?? null,
      createdBy: change.createdBy ?? null,
    });
  });
  if (policy === 'all' && short.length > 0)
    return { unit, balanceBefore, balanceAfter: balanceBefore, applied: [], short };
  for (const part of chunks(rows, CHUNK)) await creditLedgerRepository.insertMany(tx, part);
  if (rows.length > 0) await accountsRepository.setCreditBalance(tx, accountSid, balance.toFixed(2));
  return { unit, balanceBefore, balanceAfter: balance, applied, short };
}

/** One change: recordCreditChanges with one entry, throwing InsufficientCreditError when it does not fit. */
export async function recordCreditChange(
  tx: Transaction,
  change: CreditChange,
  describeShortfall: DescribeShortfall = defaultShortfall,
): Promise<CreditChangeResult> {
  const { accountSid, ...entry } = change;
  const result = await recordCreditChanges(tx, accountSid, [entry], describeShortfall);
  const short = result.short[0];
  if (short) throw new InsufficientCreditError(short.balance, short.amount, result.unit, short.text);
  return { balanceBefore: result.balanceBefore, balanceAfter: result.balanceAfter, unit: result.unit };
}
