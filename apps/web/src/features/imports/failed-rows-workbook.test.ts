import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { failedRowsWorkbook } from './failed-rows-workbook.ts';

// jsdom's Blob has no arrayBuffer(), which every browser's has: read it the older way here.
if (!Blob.prototype.arrayBuffer) {
  Blob.prototype.arrayBuffer = function arrayBuffer(this: Blob) {
    return new Promise<ArrayBuffer>((resolve, reject) => {
      const reader = new FileReader();
      reader.onload = () => resolve(reader.result as ArrayBuffer);
      reader.onerror = () => reject(reader.error);
      reader.readAsArrayBuffer(this);
    });
  };
}

async function workbookOf(build: (sheet: ExcelJS.Worksheet) => void): Promise<Blob> {
  const workbook = new ExcelJS.Workbook();
  build(workbook.addWorksheet('My orders'));
  workbook.addWorksheet('Notes').addRow(['not read']);
  return new Blob([await workbook.xlsx.writeBuffer()]);
}

async function rowsOf(blob: Blob): Promise<{ name: string; rows: unknown[][]; formats: string[] }> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(await blob.arrayBuffer());
  const sheet = workbook.worksheets[0] as ExcelJS.Worksheet;
  const rows: unknown[][] = [];
  const formats: string[] = [];
  sheet.eachRow((row) => {
    rows.push((row.values as unknown[]).slice(1));
    row.eachCell((cell) => {
      if (cell.numFmt) formats.push(cell.numFmt);
    });
  });
  return { name: sheet.name, rows, formats };
}

describe('failedRowsWorkbook', () => {
  it("gives back the chosen rows under the file's header, as typed, with an Error column", async () => {
    const shipped = new Date(Date.UTC(2026, 10, 20));
    const file = await workbookOf((sheet) => {
      sheet.addRow([]);
      sheet.addRow(['Order Number', 'City', 'Qty', 'Shipped']);
      sheet.addRow(['A-1', 'Seattle', 1, shipped]);
      sheet.addRow(['A-2', '', 'two', shipped]);
      sheet.addRow(['A-3', 'Portland', { formula: 'C3+1', result: 2 }, null]);
      sheet.getCell('D3').numFmt = 'dd/mm/yyyy';
      sheet.getCell('D4').numFmt = 'dd/mm/yyyy';
    });
    const out = await failedRowsWorkbook(
      file,
      new Map([
        [5, 'Qty: must be a whole number'],
        [4, 'City: City is required; Qty: Quantity must be a number'],
      ]),
      'Error',
    );
    const { name, rows, formats } = await rowsOf(out);
    expect(name).toBe('My orders');
    expect(rows).toEqual([
      ['Order Number', 'City', 'Qty', 'Shipped', 'Error'],
      ['A-2', '', 'two', shipped, 'City: City is required; Qty: Quantity must be a number'],
      // A formula comes back as the value the seller saw.
      ['A-3', 'Portland', 2, undefined, 'Qty: must be a whole number'],
    ]);
    expect(formats).toContain('dd/mm/yyyy');
  });

  it('writes over the Error column of a sheet it made, in either language, rather than adding one', async () => {
    const file = await workbookOf((sheet) => {
      sheet.addRow(['orderNumber', 'city', 'Lỗi']);
      sheet.addRow(['B-1', '', 'city: old words']);
    });
    const out = await failedRowsWorkbook(file, new Map([[2, 'city: City is required']]), 'Error');
    expect((await rowsOf(out)).rows).toEqual([
      ['orderNumber', 'city', 'Error'],
      ['B-1', '', 'city: City is required'],
    ]);
  });
});
