/**
 * The formula rule for every xlsx the product writes: a cell whose text begins with = + - @, a tab or a
 * carriage return stays text. ExcelJS writes a JavaScript string as a string cell (t="s"/"inlineStr"),
 * never as <f>, so the file itself holds no formula; the risk is a spreadsheet re-reading the text when a
 * user edits the cell or saves the sheet as CSV. We therefore (1) never hand ExcelJS anything but plain
 * values, so no {formula} object can reach a cell, and (2) give such text the Text number format ('@'),
 * under which Excel, LibreOffice and Sheets keep an edited cell as text. The text itself is kept exactly:
 * no apostrophe is prefixed, because phone numbers ("+84 ...") and notes ("- fragile") are real data
 * that must read back unchanged (decisions: "Formula rule for xlsx").
 */
import type { Cell, CellValue, Row, Worksheet } from 'exceljs';
import { DATE_TIME_FORMAT } from './workbook-dates.ts';

/** The characters that make a spreadsheet read typed text as a formula or a control sequence. */
const FORMULA_START = /^[=+\-@\t\r]/;

export const TEXT_FORMAT = '@';

/** Whether text would be taken for a formula if typed into a spreadsheet. */
export const looksLikeFormula = (text: string): boolean => FORMULA_START.test(text);

/** A plain value a cell may hold; anything else is written as its text. */
export type SafeValue = string | number | boolean | Date | null | undefined;

/** The value as plain data: never a formula, hyperlink or rich-text object; other objects become text. */
export function safeCellValue(value: unknown): string | number | boolean | Date | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string' || typeof value === 'boolean') return value;
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : value;
  if (typeof value === 'bigint') return Number(value);
  return String(value);
}

/** Sets a cell's value by the rule; formula-looking text gets the Text format. */
export function setSafeCell(cell: Cell, value: unknown): void {
  const safe = safeCellValue(value);
  cell.value = safe as CellValue;
  if (typeof safe === 'string' && looksLikeFormula(safe)) cell.numFmt = TEXT_FORMAT;
}

/**
 * Applies the rule to a row already holding plain values (e.g. after `sheet.addRow`); call before setting
 * other number formats only for non-text cells, and before `row.commit()` on a streaming writer.
 */
export function guardRow(row: Row): Row {
  row.eachCell({ includeEmpty: false }, (cell) => {
    if (typeof cell.value === 'string' && looksLikeFormula(cell.value)) cell.numFmt = TEXT_FORMAT;
    // An instant stays a date cell that shows its time (workbook-dates.ts), even where a column gives no format.
    else if (cell.value instanceof Date && !cell.numFmt) cell.numFmt = DATE_TIME_FORMAT;
  });
  return row;
}

/** Adds a row of values by the rule: the one way writers here should add data rows. */
export function addSafeRow(sheet: Worksheet, values: readonly unknown[]): Row {
  return guardRow(sheet.addRow(values.map(safeCellValue)));
}
