/**
 * The credit usage report (spec §2 Accounts, §7): an account's credit ledger between two days as an xlsx,
 * oldest first, with a total per credit unit. Days are whole UTC days, as every date filter of the API.
 */
import { PassThrough } from 'node:stream';
import { Messages, Role } from '@parcelops/shared';
import { and, asc, eq, gte, lt } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import type { Database, Executor } from '../../db/database.ts';
import { AppError, fieldError } from '../../lib/app-error.ts';
import type { Actor } from '../../plugins/access.ts';
import { orders } from '../orders/orders.table.ts';
import { accountsRepository } from './accounts.repository.ts';
import { type CreditEntryKind, creditLedger } from './credit-ledger.table.ts';

export const CREDIT_KIND_LABELS: Record<CreditEntryKind, string> = {
  topup: 'Topup',
  order_charge: 'Order charge',
  refund: 'Refund',
  reweigh: 'Re-weigh',
};

export const CREDIT_REPORT_HEADERS = [
  'Date',
  'Kind',
  'Amount',
  'Balance after',
  'Unit',
  'Order number',
  'Note',
] as const;

export interface CreditReportEntry {
  dateCreated: Date;
  kind: CreditEntryKind;
  amount: number;
  balanceAfter: number;
  unit: string;
  orderSid: string | null;
  /** Null when the entry has no order, or its order was deleted since (the note still names it). */
  orderNumber: string | null;
  note: string | null;
}

export const creditReportRepository = {
  /** The account's ledger rows with from <= date_created < toBefore, oldest first, with their order numbers. */
  async entries(db: Executor, accountSid: string, from: Date, toBefore: Date): Promise<CreditReportEntry[]> {
    const rows = await db
      .select({
        dateCreated: creditLedger.dateCreated,
        kind: creditLedger.kind,
        amount: creditLedger.amount,
        balanceAfter: creditLedger.balanceAfter,
        unit: creditLedger.unit,
        orderSid: creditLedger.orderSid,
        orderNumber: orders.orderNumber,
        note: creditLedger.note,
      })
      .from(creditLedger)
      .leftJoin(orders, eq(orders.sid, creditLedger.orderSid))
      .where(
        and(
          eq(creditLedger.accountSid, accountSid),
          gte(creditLedger.dateCreated, from),
          lt(creditLedger.dateCreated, toBefore),
        ),
      )
      .orderBy(asc(creditLedger.dateCreated), asc(creditLedger.sid));
    return rows.map((row) => ({
      ...row,
      amount: Number(row.amount),
      balanceAfter: Number(row.balanceAfter),
    }));
  },
};

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

const moneyFormat = (unit: string) => (unit === 'VND' ? '#,##0' : '#,##0.00');

/** Sums money in cents so a long column adds up exactly. */
const addMoney = (a: number, b: number) => Math.round(a * 100 + b * 100) / 100;

/** The report workbook: a bold header row, the entries oldest first, then a total row per unit. */
export async function creditReportWorkbook(entries: readonly CreditReportEntry[]): Promise<Buffer> {
  const sink = new PassThrough();
  const chunks: Buffer[] = [];
  sink.on('data', (chunk: Buffer) => chunks.push(chunk));
  const finished = new Promise<void>((resolve, reject) => {
    sink.on('end', resolve);
    sink.on('error', reject);
  });
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream: sink,
    useStyles: true,
    useSharedStrings: false,
  });
  const sheet = workbook.addWorksheet('Credit usage', { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = [
    { key: 'date', width: 20 },
    { key: 'kind', width: 14 },
    { key: 'amount', width: 16 },
    { key: 'balance', width: 16 },
    { key: 'unit', width: 7 },
    { key: 'order', width: 24 },
    { key: 'note', width: 48 },
  ];
  const header = sheet.addRow([...CREDIT_REPORT_HEADERS]);
  header.font = { bold: true };
  header.commit();

  const totals = new Map<string, number>();
  for (const entry of entries) {
    const row = sheet.addRow([
      entry.dateCreated,
      CREDIT_KIND_LABELS[entry.kind] ?? entry.kind,
      entry.amount,
      entry.balanceAfter,
      entry.unit,
      entry.orderNumber,
      entry.note,
    ]);
    row.getCell(1).numFmt = 'yyyy-mm-dd hh:mm:ss';
    row.getCell(3).numFmt = moneyFormat(entry.unit);
    row.getCell(4).numFmt = moneyFormat(entry.unit);
    row.commit();
    totals.set(entry.unit, addMoney(totals.get(entry.unit) ?? 0, entry.amount));
  }
  // An account's unit changes only at a zero balance, so a range holds one unit but for that rare case.
  if (totals.size === 0) totals.set('', 0);
  for (const [unit, total] of totals) {
    const row = sheet.addRow(['Total', null, total, null, unit || null, null, null]);
    row.font = { bold: true };
    row.getCell(3).numFmt = moneyFormat(unit);
    row.commit();
  }
  sheet.commit();
  await workbook.commit();
  await finished;
  return Buffer.concat(chunks);
}

export interface CreditReportQuery {
  from_date?: string;
  to_date?: string;
}

export class CreditReportService {
  constructor(
    private readonly db: Database,
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
    if (actor.role !== Role.admin && actor.accountSid !== accountSid)
      throw AppError.forbidden(Messages.noAccess);
    const defaults = defaultRange(this.now());
    const fromText = query.from_date ?? defaults.from;
    const toText = query.to_date ?? defaults.to;
    const from = parseDay(fromText);
    const to = parseDay(toText);
    if (!from) throw fieldError('from_date', `${fromText} is not a date (use YYYY-MM-DD)`);
    if (!to) throw fieldError('to_date', `${toText} is not a date (use YYYY-MM-DD)`);
    if (from > to) throw fieldError('from_date', 'The from date must not be after the to date.');

    const account = await accountsRepository.findBySid(this.db, accountSid);
    if (!account) throw AppError.notFound('Account not found.');
    const entries = await creditReportRepository.entries(
      this.db,
      accountSid,
      from,
      new Date(to.getTime() + DAY_MS),
    );
    return {
      fileName: `credit_usages_${account.name}_${fromText}_${toText}.xlsx`,
      file: await creditReportWorkbook(entries),
    };
  }
}
