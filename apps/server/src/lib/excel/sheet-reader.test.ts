import ExcelJS from 'exceljs';
import JSZip from 'jszip';
import { describe, expect, it } from 'vitest';
import { emptyWorkbook, readXlsx, xlsx } from '../../../test/workbooks.ts';
import { AppError } from '../app-error.ts';
import { buildTemplate, type ColumnSpec, readSheet, readSheetWithTitles } from './sheet-reader.ts';
import { UPLOAD_LIMITS } from './workbook-guard.ts';

const COLUMNS: ColumnSpec[] = [
  { key: 'sku', headers: ['skuNumber', 'Sku'], required: true },
  { key: 'weight', headers: ['weight', 'weight (gram)'], required: true },
  { key: 'note', headers: ['note'], required: false },
];

/** A workbook built cell by cell, for values the row helper cannot express. */
async function workbook(build: (sheet: ExcelJS.Worksheet, book: ExcelJS.Workbook) => void): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  build(book.addWorksheet('Data'), book);
  return Buffer.from(await book.xlsx.writeBuffer());
}

/** What readSheet refuses the file with: the status and msg of its AppError. */
async function refusal(promise: Promise<unknown>): Promise<{ status: number; msg: string }> {
  const error = await promise.then(
    () => {
      throw new Error('readSheet accepted the file');
    },
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(AppError);
  return { status: (error as AppError).status, msg: (error as AppError).message };
}

describe('readSheet: the header row', () => {
  it('finds the columns in any order and letter case, ignoring unknown columns', async () => {
    const file = await xlsx([
      ['Comment', 'WEIGHT', 'note', 'SKUNUMBER'],
      ['ignored', 500, 'fragile', 'A-1'],
    ]);
    expect(await readSheet(file, COLUMNS)).toEqual([
      { row: 2, cells: { weight: 500, note: 'fragile', sku: 'A-1' } },
    ]);
  });

  it('takes any alias, ignoring spaces, dashes, underscores and brackets', async () => {
    const file = await xlsx([
      ['  sku ', 'Weight (Gram)', 'NO_TE'],
      ['A-1', 250, 'x'],
    ]);
    expect(await readSheet(file, COLUMNS)).toEqual([
      { row: 2, cells: { sku: 'A-1', weight: 250, note: 'x' } },
    ]);
    const dashed = await xlsx([
      ['sku-number', 'weight-gram'],
      ['B-2', 10],
    ]);
    expect(await readSheet(dashed, COLUMNS)).toEqual([{ row: 2, cells: { sku: 'B-2', weight: 10 } }]);
  });

  it('leaves out an optional column the sheet does not have', async () => {
    const rows = await readSheet(
      await xlsx([
        ['sku', 'weight'],
        ['A-1', 1],
      ]),
      COLUMNS,
    );
    expect(rows).toEqual([{ row: 2, cells: { sku: 'A-1', weight: 1 } }]);
    expect(rows[0]?.cells).not.toHaveProperty('note');
  });

  it('reads the first of two columns with the same header', async () => {
    const rows = await readSheet(
      await xlsx([
        ['sku', 'weight', 'Weight'],
        ['A-1', 1, 2],
      ]),
      COLUMNS,
    );
    expect(rows).toEqual([{ row: 2, cells: { sku: 'A-1', weight: 1 } }]);
  });

  it("keeps the file's own header text of each column, for messages", async () => {
    const sheet = await readSheetWithTitles(
      await xlsx([
        [' Sku ', 'Weight (Gram)'],
        ['A-1', 1],
      ]),
      COLUMNS,
    );
    expect(sheet.rows).toEqual([{ row: 2, cells: { sku: 'A-1', weight: 1 } }]);
    expect(sheet.titleOf('sku')).toBe('Sku');
    expect(sheet.titleOf('weight')).toBe('Weight (Gram)');
    expect(sheet.titleOf('note')).toBe('note');
  });

  it('names every missing required column', async () => {
    expect(
      await refusal(
        readSheet(
          await xlsx([
            ['note', 'price'],
            ['x', 1],
          ]),
          COLUMNS,
        ),
      ),
    ).toEqual({
      status: 400,
      msg: 'The sheet has no column skuNumber, weight. The first row must hold the column headers of the template.',
    });
  });

  it('takes the first non-blank row as the header', async () => {
    const file = await workbook((sheet) => {
      sheet.getRow(3).values = ['sku', 'weight'];
      sheet.getRow(4).values = ['A-1', 5];
    });
    expect(await readSheet(file, COLUMNS)).toEqual([{ row: 4, cells: { sku: 'A-1', weight: 5 } }]);
  });

  it('reads a header written as rich text', async () => {
    const file = await workbook((sheet) => {
      sheet.getCell('A1').value = { richText: [{ text: 'S', font: { bold: true } }, { text: 'ku' }] };
      sheet.getCell('B1').value = 'weight';
      sheet.getRow(2).values = ['A-1', 7];
    });
    expect(await readSheet(file, COLUMNS)).toEqual([{ row: 2, cells: { sku: 'A-1', weight: 7 } }]);
  });
});

describe('readSheet: the data rows', () => {
  it("skips blank rows and keeps each row's own number", async () => {
    const file = await workbook((sheet) => {
      sheet.getRow(1).values = ['sku', 'weight', 'note'];
      sheet.getRow(2).values = ['A-1', 1];
      sheet.getRow(3).values = ['   ', '', null];
      sheet.getRow(6).values = ['A-2', 2, 'after a gap'];
      sheet.getRow(9).values = [null, 3];
    });
    expect(await readSheet(file, COLUMNS)).toEqual([
      { row: 2, cells: { sku: 'A-1', weight: 1, note: null } },
      { row: 6, cells: { sku: 'A-2', weight: 2, note: 'after a gap' } },
      { row: 9, cells: { sku: null, weight: 3, note: null } },
    ]);
  });

  it('gives plain values for rich text, formulas, shared formulas, hyperlinks, booleans and dates', async () => {
    const file = await workbook((sheet) => {
      sheet.getRow(1).values = ['sku', 'weight', 'note'];
      sheet.getCell('A2').value = { richText: [{ text: 'RICH-' }, { text: '1', font: { italic: true } }] };
      sheet.getCell('B2').value = { formula: '200*2', result: 400 };
      sheet.getCell('C2').value = { text: 'see site', hyperlink: 'https://example.com' };
      sheet.getCell('A3').value = { formula: 'CONCATENATE("F-","2")', result: 'F-2' };
      sheet.getCell('B3').value = { sharedFormula: 'B2', result: 400 };
      sheet.getCell('C3').value = true;
      sheet.getCell('A4').value = 'D-3';
      sheet.getCell('B4').value = 12.5;
      sheet.getCell('C4').value = new Date(Date.UTC(2026, 0, 15));
    });
    const rows = await readSheet(file, COLUMNS);
    expect(rows).toEqual([
      { row: 2, cells: { sku: 'RICH-1', weight: 400, note: 'see site' } },
      { row: 3, cells: { sku: 'F-2', weight: 400, note: true } },
      // Styles are not read, so a date arrives as its Excel serial number (days since 1899-12-30).
      { row: 4, cells: { sku: 'D-3', weight: 12.5, note: 46037 } },
    ]);
  });

  it('gives null for a formula cell without a cached result', async () => {
    const file = await workbook((sheet) => {
      sheet.getRow(1).values = ['sku', 'weight'];
      sheet.getCell('A2').value = 'A-1';
      sheet.getCell('B2').value = { formula: 'SUM(C1:C9)' } as ExcelJS.CellFormulaValue;
    });
    expect(await readSheet(file, COLUMNS)).toEqual([{ row: 2, cells: { sku: 'A-1', weight: null } }]);
  });

  it('reads only the first worksheet', async () => {
    const file = await workbook((sheet, book) => {
      sheet.addRow(['sku', 'weight']);
      sheet.addRow(['FIRST', 1]);
      const second = book.addWorksheet('Second');
      second.addRow(['sku', 'weight']);
      second.addRow(['SECOND', 2]);
    });
    expect(await readSheet(file, COLUMNS)).toEqual([{ row: 2, cells: { sku: 'FIRST', weight: 1 } }]);
  });
});

describe('readSheet: limits and refusals', () => {
  const sheetOf = (count: number) =>
    xlsx([['sku', 'weight'], ...Array.from({ length: count }, (_, index) => [`S-${index}`, index + 1])]);

  it('reads exactly maxRows data rows', async () => {
    const rows = await readSheet(await sheetOf(50), COLUMNS, 50);
    expect(rows).toHaveLength(50);
    expect(rows.at(-1)).toEqual({ row: 51, cells: { sku: 'S-49', weight: 50 } });
  });

  it('refuses one row more than maxRows', async () => {
    expect(await refusal(readSheet(await sheetOf(51), COLUMNS, 50))).toEqual({
      status: 400,
      msg: 'The sheet has more than 50 rows. Please split it into smaller files.',
    });
  });

  it('does not count blank rows against the limit', async () => {
    const file = await workbook((sheet) => {
      sheet.getRow(1).values = ['sku', 'weight'];
      for (let index = 0; index < 3; index++) sheet.getRow(2 + index * 10).values = [`S-${index}`, index + 1];
    });
    expect(await readSheet(file, COLUMNS, 3)).toHaveLength(3);
  });

  it('defaults to 100,000 rows', () => {
    expect(UPLOAD_LIMITS.rows).toBe(100_000);
    expect(UPLOAD_LIMITS.fileBytes).toBe(10 * 1024 * 1024);
  });

  it('refuses an empty workbook and a header-only sheet', async () => {
    expect(await refusal(readSheet(await emptyWorkbook(), COLUMNS))).toEqual({
      status: 400,
      msg: 'The workbook is empty. The first row must hold the column headers of the template.',
    });
    expect(await refusal(readSheet(await xlsx([['sku', 'weight'], [], ['  ']]), COLUMNS))).toEqual({
      status: 400,
      msg: 'The sheet has headers but no rows.',
    });
  });

  it('refuses files that are not xlsx workbooks', async () => {
    const notAWorkbook = new JSZip();
    notAWorkbook.file('hello.txt', 'hello');
    const files = [
      Buffer.from('%PDF-1.4\n%%EOF'),
      Buffer.from('sku,weight\nA-1,1\n'),
      Buffer.alloc(0),
      Buffer.from('PK\u0003\u0004 but truncated'),
      await notAWorkbook.generateAsync({ type: 'nodebuffer' }),
    ];
    for (const file of files) {
      expect(await refusal(readSheet(file, COLUMNS))).toEqual({
        status: 400,
        msg: 'The file is not an Excel workbook (.xlsx). Please upload the provided template.',
      });
    }
  });

  it('refuses a zip bomb by what its entries declare, before inflating them', async () => {
    const zip = new JSZip();
    zip.file('xl/workbook.xml', '<workbook/>');
    zip.file('xl/sharedStrings.xml', Buffer.alloc(UPLOAD_LIMITS.expandedBytes + 1024 * 1024, 'a'));
    const bomb = await zip.generateAsync({
      type: 'nodebuffer',
      compression: 'DEFLATE',
      compressionOptions: { level: 9 },
    });
    expect(await refusal(readSheet(bomb, COLUMNS))).toEqual({
      status: 400,
      msg: 'The workbook expands to 201 MB, over the 200 MB limit.',
    });
  });

  it('refuses a zip bomb whose entries understate their size, at the limit', async () => {
    const base = await JSZip.loadAsync(
      await xlsx([
        ['sku', 'weight'],
        ['A-1', 1],
      ]),
    );
    base.file(
      'xl/sharedStrings.xml',
      Buffer.concat([
        Buffer.from(
          '<?xml version="1.0"?><sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">',
        ),
        Buffer.from('<si><t>sku</t></si><si><t>weight</t></si><si><t>A-1</t></si><si><t>'),
        Buffer.alloc(UPLOAD_LIMITS.expandedBytes + 10 * 1024 * 1024, 'a'),
        Buffer.from('</t></si></sst>'),
      ]),
    );
    const bomb = await base.generateAsync({
      type: 'nodebuffer',
      compression: 'DEFLATE',
      compressionOptions: { level: 9 },
    });
    // Both the local header and the central directory claim the strings expand to 100 bytes.
    const target = Buffer.from('xl/sharedStrings.xml');
    let forged = 0;
    for (let at = 0; at < bomb.length - 46; at++) {
      const signature = bomb.readUInt32LE(at);
      if (signature === 0x04034b50 && bomb.subarray(at + 30, at + 30 + target.length).equals(target)) {
        bomb.writeUInt32LE(100, at + 22);
        forged++;
      } else if (signature === 0x02014b50 && bomb.subarray(at + 46, at + 46 + target.length).equals(target)) {
        bomb.writeUInt32LE(100, at + 24);
        forged++;
      }
    }
    expect(forged).toBe(2);
    const { status, msg } = await refusal(readSheet(bomb, COLUMNS));
    expect(status).toBe(400);
    // The shared strings' own bound (upload-bounds.test.ts) now stops this one, sooner than the total.
    expect(msg).toMatch(/^The text of the workbook expands to more than 50 MB, over the 50 MB limit\./);
  });
});

describe('buildTemplate', () => {
  it('writes the first header of each column and the example row, and reads back as one row', async () => {
    const columns = [
      { key: 'sku', headers: ['skuNumber', 'Sku'], example: 'SKU-1' },
      { key: 'weight', headers: ['weight'], example: 500 },
    ];
    const file = await buildTemplate('Template', columns);
    expect(await readXlsx(file)).toEqual([
      ['skuNumber', 'weight'],
      ['SKU-1', 500],
    ]);
    expect(await readSheet(file, columns)).toEqual([{ row: 2, cells: { sku: 'SKU-1', weight: 500 } }]);
  });
});
