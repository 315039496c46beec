/**
 * The spreadsheet uploads' one entry point: reads the first worksheet of an xlsx in a worker thread
 * (parse-pool.ts runs sheet-parser.ts there), finds the columns by their header in any order and letter case,
 * and hands back each data row as a record keyed by column. Also builds the templates from the same columns.
 */
import { type ParseOptions, parseInWorker } from './parse-pool.ts';
import type { ColumnSpec, SheetRow } from './sheet-parser.ts';
import { writeSheet } from './sheet-writer.ts';
import { UPLOAD_LIMITS } from './workbook-guard.ts';

export type { ParseOptions } from './parse-pool.ts';
export type { ColumnSpec, SheetRow } from './sheet-parser.ts';

export interface Sheet {
  rows: SheetRow[];
  /** The file's own header for a column key (the key itself when the column is absent). */
  titleOf(key: string): string;
}

/** `options.signal`: aborted when the client has gone (uploadAbandoned), which ends the read at once. */
export async function readSheet(
  file: Buffer,
  columns: readonly ColumnSpec[],
  maxRows: number = UPLOAD_LIMITS.rows,
  options: ParseOptions = {},
): Promise<SheetRow[]> {
  return (await readSheetWithTitles(file, columns, maxRows, options)).rows;
}

export async function readSheetWithTitles(
  file: Buffer,
  columns: readonly ColumnSpec[],
  maxRows: number = UPLOAD_LIMITS.rows,
  options: ParseOptions = {},
): Promise<Sheet> {
  const { rows, titles } = await parseInWorker(
    {
      file,
      // Only what the parser needs, so the job is plain data whatever else the callers' column lists hold.
      columns: columns.map(({ key, headers, required, position }) => ({
        key,
        headers: [...headers],
        required,
        position,
      })),
      maxRows,
    },
    options,
  );
  return { rows, titleOf: (key) => titles.get(key) ?? key };
}

/**
 * A template: the header row and one example row, as the uploads expect them (sheet-writer.ts writes it). An
 * example left empty ('') stays an empty text cell.
 */
export function buildTemplate(
  sheetName: string,
  columns: readonly { headers: readonly string[]; example: string | number }[],
): Promise<Buffer> {
  return writeSheet(
    sheetName,
    columns.map((column) => ({ header: column.headers[0] as string, width: 18 })),
    [{ cells: columns.map((column) => column.example) }],
    { freezeHeader: false, keepEmptyText: true },
  );
}
