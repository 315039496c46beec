/** Builds real xlsx files and multipart bodies for upload tests. */
import ExcelJS from 'exceljs';

export async function xlsx(rows: unknown[][], sheetName = 'Sheet1'): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet(sheetName);
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/** An xlsx with no worksheet rows at all. */
export async function emptyWorkbook(): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  workbook.addWorksheet('Empty');
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

export function multipart(
  fields: Record<string, string>,
  file?: { buffer: Buffer; name?: string },
): FormData {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.append(key, value);
  if (file) form.append('file', new Blob([file.buffer]), file.name ?? 'upload.xlsx');
  return form;
}

/** Reads the first sheet of an xlsx reply back into rows of plain values. */
export async function readXlsx(body: Buffer): Promise<unknown[][]> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(body as unknown as ArrayBuffer);
  const sheet = workbook.worksheets[0];
  const rows: unknown[][] = [];
  sheet?.eachRow((row) => {
    rows.push((row.values as unknown[]).slice(1));
  });
  return rows;
}
