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
 * What the worker posts while it reads: the header's titles once found, then the rows in slices, each of them
 * once the main thread asked for more (MORE_ROWS), so a file is read no faster than its rows are used and only
 * a slice or two is ever in flight. Then the reply.
 */
export type ParseMessage = HeaderFound | RowSlice | ParseReply;

export interface HeaderFound {
  /** The header text the file itself uses for each column found. */
  header: Map<string, string>;
}

/** The end of a read: every row was sent, a refusal for the uploader, or a failure of ours (a 500). */
export type ParseReply =
  | { ok: true }
  | { ok: false; refusal: string; text: SheetText; cause?: string }
  | { ok: false; failure: string };

/**
 * A slice of the rows. Receiving a message is copying it in, on the main thread: the rows of a 100,000-row
 * sheet in one message held the event loop for half a second.
 */
export interface RowSlice {
  rows: SheetRow[];
}

/** Rows per RowSlice: a few ms to receive, and what a consumer's chunk needs. */
export const ROWS_PER_SLICE = 1_000;

/**
 * What the main thread answers the header and each slice with, once it wants the next: the worker waits for it,
 * which is the read's back-pressure.
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

/**
 * The sheet's data rows, one at a time as the streaming reader parses them: `onHeader` hears the header's
 * titles before the first row. A refusal (no worksheet, a missing column, too many rows, no data rows) is
 * thrown where it is found, so a consumer may have had rows before it.
 */
export async function* sheetRows(
  file: Buffer,
  columns: readonly ColumnSpec[],
  maxRows: number,
  onHeader: (titles: Map<string, string>) => void | Promise<void>,
): AsyncGenerator<SheetRow, void, undefined> {
  const sheet = streamableSheet(file, await assertReadableWorkbook(file));
  let header: HeaderMap | null = null;
  let count = 0;
  for await (const raw of rawRows(file, sheet)) {
    // ExcelJS rows are 1-based arrays: values[1] is column A.
    const values = raw.values.slice(1).map(plainCell);
    if (values.every((value) => cellText(value) === '')) continue;
    if (!header) {
      header = mapHeader(values, columns);
      await onHeader(header.titles);
      continue;
    }
    if (count >= maxRows) {
      throw new SheetRefusal('sheets.tooManyRows', { max: maxRows.toLocaleString('en-US') });
    }
    count++;
    const cells: Record<string, PlainCell> = {};
    for (const [key, index] of header.positions) cells[key] = values[index] ?? null;
    yield { row: raw.number, cells };
  }
  if (!header) throw new SheetRefusal('sheets.empty');
  if (count === 0) throw new SheetRefusal('sheets.noRows');
}

/** The whole sheet at once (sheetRows collected): for small files and the tests that compare the two. */
export async function parseSheet(
  file: Buffer,
  columns: readonly ColumnSpec[],
  maxRows: number,
): Promise<ParsedSheet> {
  let titles = new Map<string, string>();
  const rows: SheetRow[] = [];
  for await (const row of sheetRows(file, columns, maxRows, (found) => {
    titles = found;
  }))
    rows.push(row);
  return { rows, titles };
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

/**
 * The raw rows through the streaming reader. It now and then fails on a sound file (seen under heavy load); the
 * file is at most 10 MB and passed the guard's bounds, so the rest is then read from the workbook loaded whole,
 * from the row after the last one handed over (row numbers only grow).
 */
async function* rawRows(file: Buffer, sheet: Buffer | undefined): AsyncGenerator<RawRow> {
  let last = 0;
  try {
    for await (const row of streamedRows(sheet)) {
      last = row.number;
      yield row;
    }
    return;
  } catch (error) {
    try {
      for await (const row of loadedRows(file)) if (row.number > last) yield row;
    } catch {
      // The reader's own words go to the log: they are what tell a broken file from a bug of ours.
      throw new SheetRefusal('sheets.unreadable', undefined, { cause: error });
    }
  }
}
