/**
 * Writes a whole workbook into memory (the credit usage report, the orders export): one sheet, a bold header
 * row kept in view, then the rows. It is StreamedWorkbook collected into a buffer, so every row goes through
 * the formula rule (safe-cell.ts) like any other xlsx the product writes.
 */
import { buffer } from 'node:stream/consumers';
import { addSafeRow } from './safe-cell.ts';
import { type SheetColumn, StreamedWorkbook } from './stream-writer.ts';

export type { SheetColumn };

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
): Promise<Buffer> {
  const book = new StreamedWorkbook();
  const write = async () => {
    // Formats go on the data cells only, so a header never takes a number format.
    const sheet = book.addSheet(
      sheetName,
      columns.map(({ header, width }) => ({ header, width })),
    );
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
    await book.finish();
  };
  const [file] = await Promise.all([buffer(book.stream), write()]);
  return file;
}

/** A sheet of one row per record, each column reading its cell (and keeping its number format). */
export function writeRecords<T>(
  sheetName: string,
  columns: readonly RecordColumn<T>[],
  records: Iterable<T>,
): Promise<Buffer> {
  const numFmts = columns.map((column) => column.numFmt);
  const rows = Array.from(records, (record) => ({
    cells: columns.map((column) => column.value(record)),
    numFmts,
  }));
  return writeSheet(sheetName, columns, rows);
}
