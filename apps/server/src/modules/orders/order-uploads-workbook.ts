/**
 * The workbooks the hub's barcode uploads answer (Order_details.xlsx and the status upload's result): a bold
 * header row, then one row per barcode of the upload. Written with ExcelJS's streaming writer; text that a
 * spreadsheet could take for a formula is kept as text (lib/excel/safe-cell.ts).
 */
import { PassThrough } from 'node:stream';
import ExcelJS from 'exceljs';
import { guardRow, safeCellValue } from '../../lib/excel/safe-cell.ts';

export type CellData = string | number | Date | null;

export interface SheetColumn<Row> {
  header: string;
  width: number;
  value: (row: Row) => CellData;
  numFmt?: string;
}

export async function writeWorkbook<Row>(
  sheetName: string,
  columns: readonly SheetColumn<Row>[],
  rows: Iterable<Row>,
): Promise<Buffer> {
  const sink = new PassThrough();
  const chunks: Buffer[] = [];
  sink.on('data', (chunk: Buffer) => chunks.push(chunk));
  const finished = new Promise<void>((resolve, reject) => {
    sink.on('end', resolve);
    sink.on('error', reject);
  });
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream: sink,
    useStyles: true,
    useSharedStrings: false,
  });
  const sheet = workbook.addWorksheet(sheetName, { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = columns.map((column) => ({ width: column.width }));
  const header = sheet.addRow(columns.map((column) => column.header));
  header.font = { bold: true };
  header.commit();
  for (const data of rows) {
    const row = guardRow(sheet.addRow(columns.map((column) => safeCellValue(column.value(data)))));
    columns.forEach((column, index) => {
      const cell = row.getCell(index + 1);
      if (column.numFmt && typeof cell.value !== 'string') cell.numFmt = column.numFmt;
    });
    row.commit();
  }
  sheet.commit();
  await workbook.commit();
  await finished;
  return Buffer.concat(chunks);
}
