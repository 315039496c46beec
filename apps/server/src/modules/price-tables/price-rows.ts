/** Turns the rows of an uploaded price sheet into a sorted price table, or names every bad row and column. */
import { PRICE_TABLE_COLUMNS, type PriceRow, text } from '@parcelops/shared';
import { cellText, type PlainCell } from '../../lib/excel/cell-value.ts';
import type { SheetRow } from '../../lib/excel/sheet-reader.ts';
import { type SheetProblem, sheetProblemsError } from '../../lib/sheet-problems.ts';

export const PRICE_COLUMNS = PRICE_TABLE_COLUMNS.map((column) => ({ ...column, required: true }));

function numberIn(cell: PlainCell): number | null {
  if (typeof cell === 'number') return cell;
  const text = cellText(cell).replace(/,/g, '');
  if (text === '' || !/^[-+]?\d*\.?\d+$/.test(text)) return null;
  return Number(text);
}

export function priceRowsFrom(rows: SheetRow[]): PriceRow[] {
  const problems: SheetProblem[] = [];
  const firstRowOfWeight = new Map<number, number>();
  const prices: PriceRow[] = [];
  for (const { row, cells } of rows) {
    const weight = numberIn(cells.weight ?? null);
    const vnd = numberIn(cells.vnd ?? null);
    const usd = numberIn(cells.usd ?? null);
    let valid = true;
    if (weight === null || !Number.isInteger(weight) || weight <= 0) {
      problems.push({ row, column: 'weight', message: text('pricing.weightNotWhole') });
      valid = false;
    } else if (firstRowOfWeight.has(weight)) {
      problems.push({
        row,
        column: 'weight',
        message: text('pricing.weightRepeated', { weight, row: firstRowOfWeight.get(weight) ?? row }),
      });
      valid = false;
    } else {
      firstRowOfWeight.set(weight, row);
    }
    for (const [column, value] of [
      ['vnd', vnd],
      ['usd', usd],
    ] as const) {
      if (value === null || !Number.isFinite(value) || value < 0) {
        problems.push({ row, column, message: text('pricing.priceNotNumber') });
        valid = false;
      }
    }
    if (valid && weight !== null && vnd !== null && usd !== null) {
      prices.push({ weight, vnd: Math.round(vnd), usd: Math.round(usd * 100) / 100 });
    }
  }
  if (problems.length > 0) throw sheetProblemsError(problems);
  // Distinct weights sorted ascending are strictly increasing, which priceFor() needs.
  return prices.sort((a, b) => a.weight - b.weight);
}
