/**
 * The spreadsheet uploads' one entry point: reads the first worksheet of an xlsx in a worker thread
 * (parse-pool.ts runs sheet-parser.ts there), finds the columns by their header in any order and letter case,
 * and hands back each data row as a record keyed by column. Also builds the templates from the same columns.
 */
import ExcelJS from 'exceljs';
import { parseInWorker } from './parse-pool.ts';
import { addSafeRow } from './safe-cell.ts';
import type { ColumnSpec, SheetRow } from './sheet-parser.ts';
import { UPLOAD_LIMITS } from './workbook-guard.ts';

export type { ColumnSpec, SheetRow } from './sheet-parser.ts';

export interface Sheet {
  rows: SheetRow[];
  /** The file's own header for a column key (the key itself when the column is absent). */
  titleOf(key: string): string;
}

export async function readSheet(
  file: Buffer,
  columns: readonly ColumnSpec[],
  maxRows: number = UPLOAD_LIMITS.rows,
): Promise<SheetRow[]> {
  return (await readSheetWithTitles(file, columns, maxRows)).rows;
}

export async function readSheetWithTitles(
  file: Buffer,
  columns: readonly ColumnSpec[],
  maxRows: number = UPLOAD_LIMITS.rows,
): Promise<Sheet> {
  const { rows, titles } = await parseInWorker({
    file,
    // Only what the parser needs, so the job is plain data whatever else the callers' column lists hold.
    columns: columns.map(({ key, headers, required, position }) => ({
      key,
      headers: [...headers],
      required,
      position,
    })),
    maxRows,
  });
  return { rows, titleOf: (key) => titles.get(key) ?? key };
}

/** A template: the header row and one example row, as the uploads expect them. */
export async function buildTemplate(
  sheetName: string,
  columns: readonly { headers: readonly string[]; example: string | number }[],
): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet(sheetName);
  addSafeRow(
    sheet,
    columns.map((column) => column.headers[0]),
  );
  addSafeRow(
    sheet,
    columns.map((column) => column.example),
  );
  sheet.getRow(1).font = { bold: true };
  sheet.columns.forEach((column) => {
    column.width = 18;
  });
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
