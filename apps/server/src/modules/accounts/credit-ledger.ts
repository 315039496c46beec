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
import type { Database, Transaction } from '../../db/database.ts';
import { AppError, asText, type ErrorText } from '../../lib/app-error.ts';
import { chunks } from '../../lib/chunks.ts';
import { newSid } from '../../lib/ids.ts';
import { nextTurn } from '../../lib/turns.ts';
import { type AccountRow, accountsRepository } from './accounts.repository.ts';
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
  const plan = planChanges(account, changes, describeShortfall, policy);
  const { unit, balanceBefore, applied, short } = plan;
  if (policy === 'all' && short.length > 0)
    return { unit, balanceBefore, balanceAfter: balanceBefore, applied: [], short };
  for (const part of chunks(plan.rows, CHUNK)) await creditLedgerRepository.insertMany(tx, part);
  if (plan.rows.length > 0)
    await accountsRepository.setCreditBalance(tx, accountSid, plan.balanceAfter.toFixed(2));
  return { unit, balanceBefore, balanceAfter: plan.balanceAfter, applied, short };
}

interface ChangesPlan {
  unit: CreditUnit;
  balanceBefore: number;
  balanceAfter: number;
  applied: number[];
  short: CreditShortfall[];
  rows: NewCreditLedgerRow[];
}

/**
 * The ledger rows `changes` make from the account's balance, with the same arithmetic and message per change
 * as recordCreditChange: amounts rounded to the account's unit, balances summed in cents.
 */
function planChanges(
  account: Pick<AccountRow, 'sid' | 'creditUnit' | 'creditBalance'>,
  changes: readonly CreditEntry[],
  describeShortfall: DescribeShortfall,
  policy: ShortfallPolicy,
  batchSid: string | null = null,
): ChangesPlan {
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
      accountSid: account.sid,
      kind: change.kind,
      amount: amount.toFixed(2),
      balanceAfter: after.toFixed(2),
      unit,
      orderSid: change.orderSid ?? null,
      note: change.note ? englishOf(change.note) : null,
      noteText: change.note ?? null,
      createdBy: change.createdBy ?? null,
      batchSid,
    });
  });
  return { unit, balanceBefore, balanceAfter: balance, applied, short, rows };
}

/** Charges written ahead for a batch order (stageCreditChanges), and what its last commit checks. */
export interface StagedCredit {
  accountSid: string;
  batchSid: string;
  unit: CreditUnit;
  balanceBefore: number;
  balanceAfter: number;
  /** When the balance was read, under the account's lock: a change after it writes a later ledger row. */
  since: string;
}

/** Ledger rows written ahead per transaction: each takes PGlite's one connection for a few hundred ms. */
const STAGE_CHUNK = 2_000;

/**
 * A batch order's charges written ahead of the commit that places its orders, so that commit is short: the rows
 * carry the batch's sid and stay hidden while it is in progress (the credit report leaves them out), and the
 * balance does not move. Their balances run from the balance read now; commitStagedCredit moves the balance if
 * nothing else moved it meanwhile, and writes them again otherwise. `owns` is asked in each transaction
 * whether the caller still owns the batch. Nothing is written when the balance cannot cover every change.
 */
export async function stageCreditChanges(
  db: Database,
  accountSid: string,
  batchSid: string,
  changes: readonly CreditEntry[],
  describeShortfall: DescribeShortfall,
  owns: (tx: Transaction) => Promise<boolean>,
): Promise<StagedCredit | 'short' | 'superseded'> {
  const { account, since } = await db.transaction(async (tx) => {
    const locked = await accountsRepository.lockForCredit(tx, accountSid);
    if (!locked) throw AppError.notFound(text('accounts.notFound'));
    return { account: locked, since: await creditLedgerRepository.now(tx) };
  });
  // The rows are made a slice at a time, each slice's balances running on from the last one's, so neither the
  // making nor the writing holds the event loop or the connection for long.
  let balance = account;
  let unit: CreditUnit = account.creditUnit;
  for (const part of chunks(changes, STAGE_CHUNK)) {
    const plan = planChanges(balance, part, describeShortfall, 'all', batchSid);
    if (plan.short.length > 0) {
      // Nothing of a batch the balance cannot cover is kept.
      await removeStagedCredit(db, batchSid);
      return 'short';
    }
    const written = await db.transaction(async (tx) => {
      if (!(await owns(tx))) return false;
      await creditLedgerRepository.insertMany(tx, plan.rows);
      return true;
    });
    if (!written) return 'superseded';
    balance = { ...balance, creditBalance: plan.balanceAfter.toFixed(2) };
    unit = plan.unit;
    await nextTurn();
  }
  return {
    accountSid,
    batchSid,
    unit,
    balanceBefore: Number(account.creditBalance),
    balanceAfter: Number(balance.creditBalance),
    since,
  };
}

/**
 * In the commit that places the batch: moves the balance by the charges written ahead, whose rows the batch's
 * success shows. When something else changed the balance since they were written (their running balances
 * would be wrong), they are written again here from the balance now, as recordCreditChanges would. Returns
 * whether the balance covered them.
 */
export async function commitStagedCredit(
  tx: Transaction,
  staged: StagedCredit,
  changes: readonly CreditEntry[],
  describeShortfall: DescribeShortfall,
): Promise<boolean> {
  const account = await accountsRepository.lockForCredit(tx, staged.accountSid);
  if (!account) throw AppError.notFound(text('accounts.notFound'));
  const untouched =
    account.creditUnit === staged.unit &&
    Number(account.creditBalance) === staged.balanceBefore &&
    !(await creditLedgerRepository.movedSince(tx, staged.accountSid, staged.since, staged.batchSid));
  if (untouched) {
    await accountsRepository.setCreditBalance(tx, staged.accountSid, staged.balanceAfter.toFixed(2));
    return true;
  }
  while ((await creditLedgerRepository.removeStaged(tx, staged.batchSid, STAGE_CHUNK)) === STAGE_CHUNK);
  const result = await recordCreditChanges(tx, staged.accountSid, changes, describeShortfall, 'all');
  return result.short.length === 0;
}

/** Removes the charges written ahead for a batch still in progress, a chunk per statement between turns. */
export async function removeStagedCredit(db: Database | Transaction, batchSid: string): Promise<void> {
  while ((await creditLedgerRepository.removeStaged(db, batchSid, STAGE_CHUNK)) === STAGE_CHUNK)
    await nextTurn();
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
