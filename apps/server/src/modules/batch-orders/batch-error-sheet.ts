/**
 * A failed batch's file given back (what users of batch tools ask for most): the seller's rows as they sent
 * them, under their own headers, with an "Error" column saying what is wrong with each bad row, so they fix
 * the cells and upload the sheet again. Written by the streaming writer, a slice of rows at a time. Only the
 * template's columns come back (the file was read by them); blank rows are left out.
 */
import { BATCH_MAX_ROWS, type BatchRowProblem } from '@parcelops/shared';
import { chunks } from '../../lib/chunks.ts';
import { cellText } from '../../lib/excel/cell-value.ts';
import { readSheetWithTitles } from '../../lib/excel/sheet-reader.ts';
import { bufferWorkbook } from '../../lib/excel/streamed-file.ts';
import { ORDER_IMPORT_COLUMNS } from '../imports/import-columns.ts';

const ROWS_PER_TURN = 1_000;

export const ERROR_COLUMN = 'Error';

export async function batchErrorSheet(file: Buffer, problems: readonly BatchRowProblem[]): Promise<Buffer> {
  const sheet = await readSheetWithTitles(file, ORDER_IMPORT_COLUMNS, BATCH_MAX_ROWS);
  const errors = new Map<number, string[]>();
  for (const problem of problems) {
    const said = problem.column ? `${problem.column}: ${problem.msg}` : problem.msg;
    const own = errors.get(problem.row);
    if (own) own.push(said);
    else errors.set(problem.row, [said]);
  }
  const keys = ORDER_IMPORT_COLUMNS.map((column) => column.key);
  return bufferWorkbook(async (workbook) => {
    const out = workbook.addSheet('Orders', [
      ...keys.map((key) => ({ header: sheet.titleOf(key), width: 16 })),
      { header: ERROR_COLUMN, width: 60 },
    ]);
    for (const part of chunks(sheet.rows, ROWS_PER_TURN)) {
      for (const { row, cells } of part) {
        const values = keys.map((key) => {
          const cell = cells[key];
          return typeof cell === 'number'
            ? cell
            : cell === undefined || cell === null
              ? null
              : cellText(cell);
        });
        workbook.addRow(out, [...values, errors.get(row)?.join('; ') ?? null]);
      }
      await workbook.room();
    }
  });
}
