/**
 * Reads the first worksheet of an xlsx (run inside the parsing worker, see parse-pool.ts): the guard's checks,
 * then ExcelJS's streaming reader over that sheet alone, re-packed so it never writes a temp file
 * (streamable-sheet.ts; the workbook is never held in memory as a whole), then the columns found by
 * their header in any order and letter case. Each data row comes back as a record keyed by column, in plain
 * values that cross the thread boundary as they are. Blank rows are skipped; the sheet's own row numbers are
 * kept for messages. Problems for the uploader are thrown as SheetRefusal.
 */
import { Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import { cellText, type PlainCell, plainCell } from './cell-value.ts';
import { SheetRefusal, type SheetText } from './sheet-refusal.ts';
import { streamableSheet } from './streamable-sheet.ts';
import { assertReadableWorkbook } from './workbook-guard.ts';

export interface ColumnSpec {
  key: string;
  /** Accepted header texts; compared case-insensitively, ignoring spaces, dashes and underscores. */
  headers: readonly string[];
  required?: boolean;
  /** Read from this column (0-based) whatever its header says, for one-column files such as barcode lists. */
  position?: number;
}

export interface SheetRow {
  /** The row's number in the sheet (the header is usually row 1). */
  row: number;
  cells: Record<string, PlainCell>;
}

export interface ParsedSheet {
  rows: SheetRow[];
  /** The header text the file itself uses for each column found, for messages people recognise. */
  titles: Map<string, string>;
}

/** What the worker is asked to read. */
export interface ParseJob {
  file: Uint8Array;
  columns: ColumnSpec[];
  maxRows: number;
}

/**
 * What the worker answers: the sheet (its rows first, in slices, then the titles), a refusal for the uploader,
 * or a failure of ours (a 500).
 */
export type ParseReply =
  | { ok: true; titles: Map<string, string> }
  | { ok: false; refusal: string; text: SheetText; cause?: string }
  | { ok: false; failure: string };

/**
 * A slice of the rows, sent before the reply, one at a time (MORE_ROWS). Receiving a message is copying it in,
 * on the main thread: the rows of a 100,000-row sheet in one message held the event loop for half a second.
 */
export interface RowSlice {
  rows: SheetRow[];
}

/** Rows per RowSlice: a few ms to receive. */
export const ROWS_PER_SLICE = 2_000;

/**
 * What the main thread answers a RowSlice with, a turn of its event loop after receiving it: a port hands over
 * every message waiting at once, so slices sent back to back were received as one.
 */
export const MORE_ROWS = 'more-rows';

const normalise = (text: string) => text.toLowerCase().replace(/[\s_\-()]/g, '');

interface HeaderMap {
  positions: Map<string, number>;
  titles: Map<string, string>;
}

function mapHeader(values: PlainCell[], columns: readonly ColumnSpec[]): HeaderMap {
  const positions = new Map<string, number>();
  const titles = new Map<string, string>();
  for (const column of columns) {
    if (column.position === undefined) continue;
    positions.set(column.key, column.position);
    titles.set(column.key, cellText(values[column.position] ?? null) || column.key);
  }
  values.forEach((value, index) => {
    const header = normalise(cellText(value));
    if (!header) return;
    const column = columns.find((candidate) => candidate.headers.some((name) => normalise(name) === header));
    if (column && !positions.has(column.key)) {
      positions.set(column.key, index);
      titles.set(column.key, cellText(value));
    }
  });
  const missing = columns.filter((column) => column.required !== false && !positions.has(column.key));
  if (missing.length > 0) {
    const names = missing.map((column) => column.headers[0]).join(', ');
    throw new SheetRefusal('sheets.noColumn', { names });
  }
  return { positions, titles };
}

export async function parseSheet(
  file: Buffer,
  columns: readonly ColumnSpec[],
  maxRows: number,
): Promise<ParsedSheet> {
  const sheet = streamableSheet(file, await assertReadableWorkbook(file));
  let parsed: { rows: SheetRow[]; header: HeaderMap | null };
  try {
    parsed = await collectRows(streamedRows(sheet), columns, maxRows);
  } catch (error) {
    if (error instanceof SheetRefusal) throw error;
    // The streaming reader now and then fails on a sound file (seen under heavy load); the file is at most
    // 10 MB and passed the guard's bounds, so reading it whole once more is safe.
    try {
      parsed = await collectRows(loadedRows(file), columns, maxRows);
    } catch (retryError) {
      if (retryError instanceof SheetRefusal) throw retryError;
      // The reader's own words go to the log: they are what tell a broken file from a bug of ours.
      throw new SheetRefusal('sheets.unreadable', undefined, { cause: error });
    }
  }
  const { rows, header } = parsed;
  if (!header) {
    throw new SheetRefusal('sheets.empty');
  }
  if (rows.length === 0) throw new SheetRefusal('sheets.noRows');
  return { rows, titles: header.titles };
}

interface RawRow {
  number: number;
  values: ExcelJS.CellValue[];
}

/** The worksheet's rows through ExcelJS's streaming reader (none when the workbook has no worksheet). */
async function* streamedRows(sheet: Buffer | undefined): AsyncGenerator<RawRow> {
  if (!sheet) return;
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(Readable.from(sheet), {
    sharedStrings: 'cache',
    hyperlinks: 'ignore',
    styles: 'ignore',
    worksheets: 'emit',
    entries: 'emit',
  });
  for await (const worksheet of reader) {
    for await (const row of worksheet)
      yield { number: row.number, values: row.values as ExcelJS.CellValue[] };
    return; // There is no other.
  }
}

/** The same rows from the workbook loaded whole, for the retry. */
async function* loadedRows(file: Buffer): AsyncGenerator<RawRow> {
  const workbook = new ExcelJS.Workbook();
  // ExcelJS reads a Buffer (its docs say so) but its types only name ArrayBuffer, which Buffer is not to TS.
  await workbook.xlsx.load(file as unknown as ArrayBuffer);
  const sheet = workbook.worksheets[0];
  if (!sheet) return;
  const rows: RawRow[] = [];
  sheet.eachRow((row) => {
    rows.push({ number: row.number, values: row.values as ExcelJS.CellValue[] });
  });
  yield* rows;
}

async function collectRows(source: AsyncIterable<RawRow>, columns: readonly ColumnSpec[], maxRows: number) {
  const rows: SheetRow[] = [];
  let header: HeaderMap | null = null;
  for await (const row of source) {
    // ExcelJS rows are 1-based arrays: values[1] is column A.
    const values = row.values.slice(1).map(plainCell);
    if (values.every((value) => cellText(value) === '')) continue;
    if (!header) {
      header = mapHeader(values, columns);
      continue;
    }
    if (rows.length >= maxRows) {
      throw new SheetRefusal('sheets.tooManyRows', { max: maxRows.toLocaleString('en-US') });
    }
    const cells: Record<string, PlainCell> = {};
    for (const [key, index] of header.positions) cells[key] = values[index] ?? null;
    rows.push({ row: row.number, cells });
  }
  return { rows, header };
}
