/**
 * Reads the first worksheet of an xlsx with ExcelJS's streaming reader (the workbook is never held in memory
 * as a whole), finds the columns by their header in any order and letter case, and hands back each data row
 * as a record keyed by column. Blank rows are skipped; the sheet's own row numbers are kept for messages.
 */
import { Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import { AppError } from '../app-error.ts';
import { cellText, type PlainCell, plainCell } from './cell-value.ts';
import { assertReadableWorkbook, UPLOAD_LIMITS } from './workbook-guard.ts';

export interface ColumnSpec {
  key: string;
  /** Accepted header texts; compared case-insensitively, ignoring spaces, dashes and underscores. */
  headers: readonly string[];
  required?: boolean;
}

export interface SheetRow {
  /** The row's number in the sheet (the header is usually row 1). */
  row: number;
  cells: Record<string, PlainCell>;
}

const normalise = (text: string) => text.toLowerCase().replace(/[\s_\-()]/g, '');

interface HeaderMap {
  positions: Map<string, number>;
  /** The header text the file itself uses for each column, for messages people recognise. */
  titles: Map<string, string>;
}

function mapHeader(values: PlainCell[], columns: readonly ColumnSpec[]): HeaderMap {
  const positions = new Map<string, number>();
  const titles = new Map<string, string>();
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
    throw AppError.badRequest(
      `The sheet has no column ${names}. The first row must hold the column headers of the template.`,
    );
  }
  return { positions, titles };
}

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
  await assertReadableWorkbook(file);
  let parsed: { rows: SheetRow[]; header: HeaderMap | null };
  try {
    parsed = await collectRows(streamedRows(file), columns, maxRows);
  } catch (error) {
    if (error instanceof AppError) throw error;
    // The streaming reader now and then fails on a sound file (seen under heavy load); the file is at most
    // 10 MB and expands to at most 200 MB (checked above), so reading it whole once more is safe.
    try {
      parsed = await collectRows(loadedRows(file), columns, maxRows);
    } catch (retryError) {
      if (retryError instanceof AppError) throw retryError;
      const unreadable = AppError.badRequest(
        'The Excel file could not be read. Please upload the provided template.',
      );
      // Kept for the log: the reader's own words are what tell a broken file from a bug of ours.
      unreadable.cause = error;
      throw unreadable;
    }
  }
  const { rows, header } = parsed;
  if (!header) {
    throw AppError.badRequest(
      'The workbook is empty. The first row must hold the column headers of the template.',
    );
  }
  if (rows.length === 0) throw AppError.badRequest('The sheet has headers but no rows.');
  const { titles } = header;
  return { rows, titleOf: (key) => titles.get(key) ?? key };
}

/** A template: the header row and one example row, as the uploads expect them. */
export async function buildTemplate(
  sheetName: string,
  columns: readonly { headers: readonly string[]; example: string | number }[],
): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet(sheetName);
  sheet.addRow(columns.map((column) => column.headers[0]));
  sheet.addRow(columns.map((column) => column.example));
  sheet.getRow(1).font = { bold: true };
  sheet.columns.forEach((column) => {
    column.width = 18;
  });
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

interface RawRow {
  number: number;
  values: ExcelJS.CellValue[];
}

/** The first worksheet's rows through ExcelJS's streaming reader (the workbook is never held whole). */
async function* streamedRows(file: Buffer): AsyncGenerator<RawRow> {
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(Readable.from(file), {
    sharedStrings: 'cache',
    hyperlinks: 'ignore',
    styles: 'ignore',
    worksheets: 'emit',
    entries: 'emit',
  });
  for await (const worksheet of reader) {
    for await (const row of worksheet)
      yield { number: row.number, values: row.values as ExcelJS.CellValue[] };
    return; // Only the first worksheet holds data.
  }
}

/** The same rows from the workbook loaded whole, for the retry. */
async function* loadedRows(file: Buffer): AsyncGenerator<RawRow> {
  const workbook = new ExcelJS.Workbook();
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
      throw AppError.badRequest(
        `The sheet has more than ${maxRows.toLocaleString('en-US')} rows. Please split it into smaller files.`,
      );
    }
    const cells: Record<string, PlainCell> = {};
    for (const [key, index] of header.positions) cells[key] = values[index] ?? null;
    rows.push({ row: row.number, cells });
  }
  return { rows, header };
}
