/**
 * The spreadsheet uploads' one entry point: reads the first worksheet of an xlsx in a worker thread
 * (parse-pool.ts runs sheet-parser.ts there), finds the columns by their header in any order and letter case,
 * and hands back each data row as a record keyed by column: all at once (readSheet) for the small uploads, or
 * a slice at a time as they are parsed (openSheet) for the orders' intake, whose files run to 100,000 rows.
 * Also builds the templates from the same columns.
 */
import { type ParseOptions, parseInWorker, streamInWorker } from './parse-pool.ts';
import type { ColumnSpec, SheetRow } from './sheet-parser.ts';
import { writeSheet } from './sheet-writer.ts';
import { UPLOAD_LIMITS } from './workbook-guard.ts';

export type { ParseOptions, SheetStream } from './parse-pool.ts';
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
  const { rows, titles } = await parseInWorker(parseJob(file, columns, maxRows), options);
  return { rows, titleOf: titleLookup(titles) };
}

/** A sheet whose rows come a slice at a time (parse-pool.ts's SheetStream), with the file's own headers. */
export interface OpenSheet {
  titleOf(key: string): string;
  slices: AsyncGenerator<SheetRow[], void, undefined>;
  close(): Promise<void>;
}

/**
 * Starts reading the sheet, answering once its header is read: its rows come as `slices`, each parsed only when
 * the previous one is taken, so memory holds a slice or two whatever the file's size. A refusal found after
 * the header (too many rows, no data rows, an unreadable part) is thrown by `slices`.
 */
export async function openSheet(
  file: Buffer,
  columns: readonly ColumnSpec[],
  maxRows: number = UPLOAD_LIMITS.rows,
  options: ParseOptions = {},
): Promise<OpenSheet> {
  const stream = await streamInWorker(parseJob(file, columns, maxRows), options);
  return { titleOf: titleLookup(stream.titles), slices: stream.slices, close: stream.close };
}

const titleLookup = (titles: Map<string, string>) => (key: string) => titles.get(key) ?? key;

function parseJob(file: Buffer, columns: readonly ColumnSpec[], maxRows: number) {
  return {
    file,
    // Only what the parser needs, so the job is plain data whatever else the callers' column lists hold.
    columns: columns.map(({ key, headers, required, position }) => ({
      key,
      headers: [...headers],
      required,
      position,
    })),
    maxRows,
  };
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
