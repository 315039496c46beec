/** What an order has cost on credit, read from the ledger (the record, not today's use_credit flag). */
import { type CreditUnit, text } from '@parcelops/shared';
import type { Transaction } from '../../db/database.ts';
import { AppError } from '../../lib/app-error.ts';
import { orderCreditTotals } from '../accounts/order-ledger.ts';
import type { OrderRow } from './orders.repository.ts';

/**
 * What the order has cost on credit so far, in the account's current unit, or null when it was never charged.
 * Money charged in another unit cannot be settled in this one, so that is refused.
 */
export async function chargedSoFar(
  tx: Transaction,
  order: Pick<OrderRow, 'sid' | 'accountSid'>,
  unit: CreditUnit,
): Promise<number | null> {
  const charged = await orderCreditTotals(tx, order.accountSid, order.sid);
  if (charged.size === 0) return null;
  for (const [other, total] of charged) {
    if (other !== unit && total !== 0)
      throw AppError.conflict(text('orders.creditUnitChanged', { charged: other, unit }));
  }
  return -(charged.get(unit) ?? 0);
}
