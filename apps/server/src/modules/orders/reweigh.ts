/**
 * One re-weigh (product decisions, Credit): a new chargeable weight re-prices the order from the account's
 * current table, and an order paid on credit is charged or refunded the difference, in the caller's
 * transaction, leaving an order history row that names who did it. The weight edit (an admin's, or an
 * operator's at the hub) uses it, and so will the hub's AMS weight update.
 */
import { ErrorCode, text } from '@parcelops/shared';
import type { Transaction } from '../../db/database.ts';
import { AppError, fieldError } from '../../lib/app-error.ts';
import { findAccount } from '../accounts/accounts.service.ts';
import {
  type CreditChangeResult,
  formatMoney,
  InsufficientCreditError,
  recordCreditChange,
} from '../accounts/credit-ledger.ts';
import { loadPriceRows } from './draft-context.ts';
import { chargedSoFar } from './order-credit.ts';
import { isProblem, priceIn, priceOf } from './order-drafts.ts';
import { recordOrderHistory } from './order-history.ts';
import { type OrderRow, ordersRepository } from './orders.repository.ts';
import type { ChangedBy } from './status-change.ts';

interface Change<T> {
  before: T;
  after: T;
}

export interface Reweighed {
  weight: Change<number>;
  vnd: Change<number>;
  usd: Change<number>;
  /** The ledger change, `amount` positive for a refund; null when the order is not on credit or costs the same. */
  credit: (CreditChangeResult & { amount: number }) | null;
}

/**
 * Re-weighs `order` (read and locked by the caller, which also decides whether its status allows it) to
 * `grams`, writes the new weight and price, settles the difference on credit and records the re-weigh as `by`'s
 * ('reweighed': old and new weight, the credit difference charged (+) or refunded (-) in the account's unit,
 * null when the order is not on credit). The same weight changes nothing, not even a price from a table
 * changed since, and records nothing.
 */
export async function reweigh(
  tx: Transaction,
  order: OrderRow,
  grams: number,
  options: { by: ChangedBy },
): Promise<Reweighed> {
  const before = { weight: order.weight, vnd: Number(order.vnd), usd: Number(order.usd) };
  // Every weight change comes here: none may leave a parcel of 0 g (issue 21), whatever its caller checked.
  if (grams <= 0) throw fieldError('weight', text('orderWeight.zeroReweigh'));
  if (grams === order.weight) {
    const same = <T>(value: T) => ({ before: value, after: value });
    return { weight: same(before.weight), vnd: same(before.vnd), usd: same(before.usd), credit: null };
  }
  const account = await findAccount(tx, order.accountSid);
  if (!account) throw AppError.notFound(text('accounts.notFound'));
  const price = priceOf(account, await loadPriceRows(tx, account), grams);
  if (isProblem(price)) throw AppError.badRequest(price.text ?? price.message);

  const unit = account.creditUnit;
  const charged = await chargedSoFar(tx, order, unit);
  const difference = charged === null ? 0 : priceIn(price, unit) - charged;
  let credit: Reweighed['credit'] = null;
  if (difference !== 0) {
    // A shortfall throws the ledger's InsufficientCreditError: 422 INSUFFICIENT_CREDIT, in the re-weigh's words.
    const result = await recordCreditChange(
      tx,
      {
        accountSid: account.sid,
        kind: 'reweigh',
        amount: -difference,
        orderSid: order.sid,
        note: text('accounts.ledger.reweigh', {
          orderNumber: order.orderNumber,
          from: order.weight,
          to: grams,
        }),
        createdBy: options.by.userSid,
      },
      (balance, cost) => `The credit balance (${balance}) cannot cover the new weight (${cost} more).`,
    ).catch((error: unknown) => {
      if (!(error instanceof InsufficientCreditError)) throw error;
      throw new AppError(
        ErrorCode.INSUFFICIENT_CREDIT,
        422,
        text('orders.reweighCreditShort', {
          balance: formatMoney(error.balance, error.unit),
          cost: formatMoney(Math.abs(error.amount), error.unit),
        }),
      );
    });
    credit = { ...result, amount: Math.round((result.balanceAfter - result.balanceBefore) * 100) / 100 };
  }
  await ordersRepository.update(tx, order.sid, {
    weight: grams,
    vnd: price.vnd.toFixed(2),
    usd: price.usd.toFixed(2),
  });
  const details = {
    old_weight: order.weight,
    new_weight: grams,
    difference: charged === null ? null : Math.round(difference * 100) / 100,
    unit: charged === null ? null : unit,
  };
  await recordOrderHistory(tx, [{ order, action: 'reweighed', details }], options.by);
  return {
    weight: { before: before.weight, after: grams },
    vnd: { before: before.vnd, after: price.vnd },
    usd: { before: before.usd, after: price.usd },
    credit,
  };
}
