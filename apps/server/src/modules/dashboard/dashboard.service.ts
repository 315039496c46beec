/**
 * The home page's figures for the caller: orders per UTC day and status over the last days (every account for
 * staff, their own for an account user and their API keys), and, when the reply covers one account, what its
 * orders cost per day; and the parcels scanned in at each hub per day. It owns no table: the figures come from
 * orders (order-lookups.service.ts) and the account's unit from accounts.
 */
import { type Dashboard, type DashboardQuery, roundMoney, text } from '@parcelops/shared';
import type { Database } from '../../db/database.ts';
import { type Actor, accountScope } from '../../lib/account-scope.ts';
import { AppError } from '../../lib/app-error.ts';
import { accountCreditUnit } from '../accounts/accounts.service.ts';
import { ordersPerDay, scansPerDay, spendPerDay } from '../orders/order-lookups.service.ts';

const DAY_MS = 86_400_000;
const dayOf = (instant: Date) => instant.toISOString().slice(0, 10);

export class DashboardService {
  constructor(
    private readonly db: Database,
    /** Today comes from here, so tests can fix it. */
    private readonly now: () => Date = () => new Date(),
  ) {}

  async get(actor: Actor, query: DashboardQuery): Promise<Dashboard> {
    const accountSid = accountScope(actor, query.account_sid);
    const today = Math.floor(this.now().getTime() / DAY_MS) * DAY_MS;
    const from = new Date(today - (query.days - 1) * DAY_MS);
    const range = { from: dayOf(from), to: dayOf(new Date(today)) };

    const unit = accountSid ? await accountCreditUnit(this.db, accountSid) : undefined;
    if (accountSid && !unit) throw AppError.notFound(text('accounts.notFound'));

    const perDay = await ordersPerDay(this.db, range, accountSid);
    // Spend is the orders' own price (vnd or usd, as re-weighs leave it) on the day each was created, so it
    // covers accounts that do not use credit too; deleted orders drop out, as their charge was refunded.
    const spend =
      accountSid && unit
        ? {
            unit,
            perDay: (await spendPerDay(this.db, accountSid, unit, from, query.days)).map((row) => ({
              day: row.day,
              amount: roundMoney(row.amount, unit),
            })),
          }
        : null;
    const scans = await scansPerDay(this.db, from, new Date(today + DAY_MS), accountSid);
    return { ...range, ordersPerDay: perDay, spend, scansPerDay: scans };
  }
}
