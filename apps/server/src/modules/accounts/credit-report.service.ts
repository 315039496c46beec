/**
 * The credit usage report (spec §2 Accounts, §7): an account's credit ledger between two days as an xlsx. Days
 * are whole UTC days, as every date filter of the API.
 */
import { type CreditReportQuery, clampToStorable, text } from '@parcelops/shared';
import type { Database } from '../../db/database.ts';
import { type Actor, ADMINS_ONLY, assertOwns } from '../../lib/account-scope.ts';
import { AppError, fieldError } from '../../lib/app-error.ts';
import { accountsRepository } from './accounts.repository.ts';
import { type CreditLedgerEntry, creditLedgerRepository } from './credit-ledger.repository.ts';
import { type CreditReportEntry, creditReportWorkbook } from './credit-report-workbook.ts';

/**
 * The order numbers of these orders, by sid; orders deleted since are left out. Orders hand it in through the
 * composition root (services.ts): the ledger keeps only the order's sid, and accounts, the lower domain, never
 * reads orders itself.
 */
export type OrderNumbersOf = (orderSids: readonly string[]) => Promise<ReadonlyMap<string, string>>;

const DAY_MS = 24 * 60 * 60 * 1000;

/** A YYYY-MM-DD day as its UTC midnight, or null when it is not a real day (2026-02-30). */
export function parseDay(text: string): Date | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day
    ? date
    : null;
}

export const formatDay = (date: Date) => date.toISOString().slice(0, 10);

/** Spec §9: the range defaults from one month ago to today (31 March goes back to the end of February). */
export function defaultRange(now: Date): { from: string; to: string } {
  const year = now.getUTCFullYear();
  const month = now.getUTCMonth();
  const lastDayOfPreviousMonth = new Date(Date.UTC(year, month, 0)).getUTCDate();
  const from = new Date(Date.UTC(year, month - 1, Math.min(now.getUTCDate(), lastDayOfPreviousMonth)));
  return { from: formatDay(from), to: formatDay(now) };
}

export class CreditReportService {
  constructor(
    private readonly db: Database,
    private readonly orderNumbersOf: OrderNumbersOf,
    private readonly now: () => Date = () => new Date(),
  ) {}

  /**
   * Admins may read any account's report; account users (and their API keys) their own only. The range is
   * inclusive of both days.
   */
  async report(
    actor: Actor,
    accountSid: string,
    query: CreditReportQuery,
  ): Promise<{ fileName: string; file: Buffer }> {
    assertOwns(actor, accountSid, ADMINS_ONLY);
    const defaults = defaultRange(this.now());
    const fromText = query.from_date ?? defaults.from;
    const toText = query.to_date ?? defaults.to;
    const from = parseDay(fromText);
    const to = parseDay(toText);
    if (!from) throw fieldError('from_date', text('validation.notADate', { value: fromText }));
    if (!to) throw fieldError('to_date', text('validation.notADate', { value: toText }));
    if (from > to) throw fieldError('from_date', text('accounts.fromAfterTo'));

    const account = await accountsRepository.findBySid(this.db, accountSid);
    if (!account) throw AppError.notFound(text('accounts.notFound'));
    const entries = await creditLedgerRepository.entries(
      this.db,
      accountSid,
      from,
      // 9999-12-31 is a fine "to"; the day after it is not an instant PostgreSQL reads.
      clampToStorable(new Date(to.getTime() + DAY_MS)),
    );
    return {
      fileName: `credit_usages_${account.name}_${fromText}_${toText}.xlsx`,
      file: await creditReportWorkbook(await this.withOrderNumbers(entries)),
    };
  }

  private async withOrderNumbers(entries: readonly CreditLedgerEntry[]): Promise<CreditReportEntry[]> {
    const orderSids = [...new Set(entries.flatMap((entry) => (entry.orderSid ? [entry.orderSid] : [])))];
    const numbers = orderSids.length > 0 ? await this.orderNumbersOf(orderSids) : new Map<string, string>();
    return entries.map((entry) => ({
      ...entry,
      orderNumber: (entry.orderSid && numbers.get(entry.orderSid)) || null,
    }));
  }
}
