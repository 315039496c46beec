/**
 * Writes a whole workbook into memory (the credit usage report, the orders export, the uploads' results, the
 * scan report, the templates, a price table's export): one sheet, a bold header row (kept in view unless told
 * otherwise), then the rows, every one through the formula rule (safe-cell.ts) like any other xlsx the
 * product writes. It is StreamedWorkbook collected into a buffer, or, for a template, ExcelJS's in-memory
 * workbook (`keepEmptyText`).
 */
import type { Worksheet } from 'exceljs';
import ExcelJS from 'exceljs';
import { addSafeRow } from './safe-cell.ts';
import {
  addHeaderedSheet,
  type SheetColumn,
  type SheetOptions,
  type StreamedWorkbook,
} from './stream-writer.ts';
import { bufferWorkbook } from './streamed-file.ts';

export type { SheetColumn };

export interface WriteSheetOptions extends SheetOptions {
  /**
   * Keep empty text ('') as empty text cells, as templates mean their empty examples: the workbook is then
   * built by ExcelJS's in-memory writer (text in the shared strings table), since the streamed one writes
   * empty text as a cell without value.
   */
  keepEmptyText?: boolean;
}

export type SheetCell = string | number | Date | null;

export interface SheetRow {
  cells: readonly SheetCell[];
  /** Number formats by column index (dates, money) for the cells that are not text. */
  numFmts?: readonly (string | undefined)[];
  bold?: boolean;
}

/** A column of a sheet with one row per record. */
export interface RecordColumn<T> extends SheetColumn {
  value: (record: T) => SheetCell;
}

export async function writeSheet(
  sheetName: string,
  columns: readonly SheetColumn[],
  rows: Iterable<SheetRow>,
  options: WriteSheetOptions = {},
): Promise<Buffer> {
  // Formats go on the data cells only, so a header never takes a number format.
  const headers = columns.map(({ header, width }) => ({ header, width }));
  if (options.keepEmptyText) {
    const workbook = new ExcelJS.Workbook();
    // A template's column formats stay on its columns, for what people type into them (barcodes as text).
    addRows(addHeaderedSheet(workbook, sheetName, columns, options), rows);
    return Buffer.from(await workbook.xlsx.writeBuffer());
  }
  return bufferWorkbook(async (book) => addRows(book.addSheet(sheetName, headers, options), rows));
}

function addRows(sheet: Worksheet, rows: Iterable<SheetRow>): void {
  for (const { cells, numFmts = [], bold } of rows) {
    const row = addSafeRow(sheet, cells);
    if (bold) row.font = { bold: true };
    numFmts.forEach((numFmt, index) => {
      const cell = row.getCell(index + 1);
      // Text keeps the format the formula rule gave it (or none).
      if (numFmt && typeof cell.value !== 'string') cell.numFmt = numFmt;
    });
    row.commit();
  }
}

/** One row per record, each column reading its cell (and keeping its number format). */
function recordRows<T>(columns: readonly RecordColumn<T>[], records: Iterable<T>): Iterable<SheetRow> {
  const numFmts = columns.map((column) => column.numFmt);
  return Array.from(records, (record) => ({ cells: columns.map((column) => column.value(record)), numFmts }));
}

/** A sheet of one row per record, each column reading its cell (and keeping its number format). */
export function writeRecords<T>(
  sheetName: string,
  columns: readonly RecordColumn<T>[],
  records: Iterable<T>,
): Promise<Buffer> {
  return writeSheet(sheetName, columns, recordRows(columns, records));
}

/**
 * A sheet of one row per record in a workbook written bit by bit (streamed-file.ts): adds the sheet and
 * answers the function that adds records to it; the caller awaits `file.room()` between batches.
 */
export function recordSheet<T>(
  file: StreamedWorkbook,
  sheetName: string,
  columns: readonly RecordColumn<T>[],
): (records: Iterable<T>) => void {
  const sheet = file.addSheet(
    sheetName,
    columns.map(({ header, width }) => ({ header, width })),
  );
  return (records) => addRows(sheet, recordRows(columns, records));
}
