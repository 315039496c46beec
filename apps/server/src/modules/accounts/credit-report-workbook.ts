/**
 * The credit usage report's workbook (spec §2 Accounts, §7): a bold header row, the ledger entries oldest
 * first, then a total per credit unit. It only lays out the rows (lib/excel/sheet-writer.ts writes them);
 * credit-report.service.ts decides what goes in.
 */
import type { CreditEntryKind } from '@parcelops/shared';
import { type SheetColumn, type SheetRow, writeSheet } from '../../lib/excel/sheet-writer.ts';
import { zoned } from '../../lib/excel/workbook-dates.ts';
import type { CreditLedgerEntry } from './credit-ledger.repository.ts';

export const CREDIT_KIND_LABELS: Record<CreditEntryKind, string> = {
  topup: 'Topup',
  order_charge: 'Order charge',
  refund: 'Refund',
  reweigh: 'Re-weigh',
};

const CREDIT_REPORT_COLUMNS: readonly SheetColumn[] = [
  { header: zoned('Date'), width: 20 },
  { header: 'Kind', width: 14 },
  { header: 'Amount', width: 16 },
  { header: 'Balance after', width: 16 },
  { header: 'Unit', width: 7 },
  { header: 'Order number', width: 24 },
  { header: 'Note', width: 48 },
];

export const CREDIT_REPORT_HEADERS = CREDIT_REPORT_COLUMNS.map((column) => column.header);

/** A ledger row as the report prints it. */
export interface CreditReportEntry extends CreditLedgerEntry {
  /** Null when the entry has no order, or its order was deleted since (the note still names it). */
  orderNumber: string | null;
}

const moneyFormat = (unit: string) => (unit === 'VND' ? '#,##0' : '#,##0.00');

/** Sums money in cents so a long column adds up exactly. */
const addMoney = (a: number, b: number) => Math.round(a * 100 + b * 100) / 100;

/** The report workbook: a bold header row, the entries oldest first, then a total row per unit. */
export function creditReportWorkbook(entries: readonly CreditReportEntry[]): Promise<Buffer> {
  const rows: SheetRow[] = [];
  const totals = new Map<string, number>();
  for (const entry of entries) {
    const money = moneyFormat(entry.unit);
    rows.push({
      cells: [
        entry.dateCreated,
        CREDIT_KIND_LABELS[entry.kind] ?? entry.kind,
        entry.amount,
        entry.balanceAfter,
        entry.unit,
        entry.orderNumber,
        entry.note,
      ],
      numFmts: ['yyyy-mm-dd hh:mm:ss', undefined, money, money],
    });
    totals.set(entry.unit, addMoney(totals.get(entry.unit) ?? 0, entry.amount));
  }
  // An account's unit changes only at a zero balance, so a range holds one unit but for that rare case.
  if (totals.size === 0) totals.set('', 0);
  for (const [unit, total] of totals) {
    rows.push({
      cells: ['Total', null, total, null, unit || null, null, null],
      numFmts: [undefined, undefined, moneyFormat(unit)],
      bold: true,
    });
  }
  return writeSheet('Credit usage', CREDIT_REPORT_COLUMNS, rows);
}
