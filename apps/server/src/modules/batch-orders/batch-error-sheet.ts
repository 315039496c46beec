/**
 * A failed batch's file given back (what users of batch tools ask for most): the seller's rows as they sent
 * them, under their own headers, with an "Error" column saying what is wrong with each bad row, so they fix
 * the cells and upload the sheet again. Read as a stream and written by the streaming writer, a slice of rows
 * at a time, so only a slice is held. Only the template's columns come back (the file was read by them); blank
 * rows are left out.
 */
import { BATCH_MAX_ROWS, type BatchRowProblem } from '@parcelops/shared';
import { cellText } from '../../lib/excel/cell-value.ts';
import { openSheet } from '../../lib/excel/sheet-reader.ts';
import { bufferWorkbook } from '../../lib/excel/streamed-file.ts';
import { ORDER_IMPORT_COLUMNS } from '../imports/import-columns.ts';

export const ERROR_COLUMN = 'Error';

export async function batchErrorSheet(file: Buffer, problems: readonly BatchRowProblem[]): Promise<Buffer> {
  const sheet = await openSheet(file, ORDER_IMPORT_COLUMNS, BATCH_MAX_ROWS);
  const errors = new Map<number, string[]>();
  for (const problem of problems) {
    const said = problem.column ? `${problem.column}: ${problem.msg}` : problem.msg;
    const own = errors.get(problem.row);
    if (own) own.push(said);
    else errors.set(problem.row, [said]);
  }
  const keys = ORDER_IMPORT_COLUMNS.map((column) => column.key);
  try {
    return await bufferWorkbook(async (workbook) => {
      const out = workbook.addSheet('Orders', [
        ...keys.map((key) => ({ header: sheet.titleOf(key), width: 16 })),
        { header: ERROR_COLUMN, width: 60 },
      ]);
      for await (const part of sheet.slices) {
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
  } finally {
    await sheet.close();
  }
}
