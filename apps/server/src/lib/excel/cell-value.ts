/** Turns what ExcelJS gives for a cell (number, text, rich text, formula, hyperlink, date...) into plain data. */
import type { CellValue } from 'exceljs';

export type PlainCell = string | number | boolean | null;

export function plainCell(value: CellValue | undefined): PlainCell {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') return value;
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'object') {
    if ('richText' in value) return value.richText.map((part) => part.text).join('');
    if ('formula' in value || 'sharedFormula' in value)
      return plainCell((value as { result?: CellValue }).result);
    if ('hyperlink' in value && 'text' in value) return plainCell(value.text as CellValue);
    if ('error' in value) return null;
  }
  return String(value);
}

/** A cell as text, trimmed; numbers keep their digits as written by Excel. */
export function cellText(value: PlainCell): string {
  if (value === null) return '';
  return String(value).trim();
}
