/**
 * The xlsx files the upload journeys choose, written with ExcelJS into a temporary folder of this run, and the
 * reading back of a workbook the app let the browser download.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ExcelJS from 'exceljs';

export type SheetCell = string | number | boolean | null;

let folder: string | null = null;
const workbooksFolder = () => {
  if (folder === null) {
    const created = mkdtempSync(join(tmpdir(), 'parcelops-e2e-'));
    // The worker's files are needed only while its journeys run.
    process.on('exit', () => rmSync(created, { recursive: true, force: true }));
    folder = created;
  }
  return folder;
};

/** Writes one worksheet, the header row first, and returns the file's path for setInputFiles. */
export async function writeWorkbook(fileName: string, rows: readonly (readonly SheetCell[])[]) {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Sheet1');
  for (const row of rows) sheet.addRow([...row]);
  const file = join(workbooksFolder(), fileName.endsWith('.xlsx') ? fileName : `${fileName}.xlsx`);
  await workbook.xlsx.writeFile(file);
  return file;
}

/** The first worksheet's rows as plain values (header row included), for checking a downloaded workbook. */
export async function readWorkbook(file: string): Promise<SheetCell[][]> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(file);
  const sheet = workbook.worksheets[0];
  if (!sheet) return [];
  const rows: SheetCell[][] = [];
  sheet.eachRow((row) => {
    // ExcelJS rows are 1-based: values[0] is always empty.
    const values = (row.values as ExcelJS.CellValue[]).slice(1);
    rows.push(values.map((value) => (value === undefined ? null : (value as SheetCell))));
  });
  return rows;
}
