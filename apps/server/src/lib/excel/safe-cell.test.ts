/**
 * The formula rule (safe-cell.ts), and that each xlsx writer the product has keeps hostile text as text:
 * read back, the cell is a string holding exactly what was written, formatted as Text, and the sheet's XML
 * has no formula element. The order reports and the scan report check theirs in their own tests.
 */
import ExcelJS from 'exceljs';
import JSZip from 'jszip';
import { describe, expect, it } from 'vitest';
import { loadWorkbook } from '../../../test/workbooks.ts';
import {
  type CreditReportEntry,
  creditReportWorkbook,
} from '../../modules/accounts/credit-report-workbook.ts';
import type { OrderListItem } from '../../modules/orders/orders.service.ts';
import { ordersWorkbook } from '../../modules/orders/orders-bulk-workbook.ts';
import { addSafeRow, looksLikeFormula, safeCellValue, TEXT_FORMAT } from './safe-cell.ts';
import { writeRecords, writeSheet } from './sheet-writer.ts';
import { StreamedWorkbook } from './stream-writer.ts';

const HOSTILE = ['=1+1', '+84 90 000 0000', '-2+3', '@SUM(A1)', '\tTab', '=HYPERLINK("http://evil","x")'];

async function load(file: Buffer) {
  const workbook = await loadWorkbook(file);
  const zip = await JSZip.loadAsync(file);
  const xml = (
    await Promise.all(
      Object.keys(zip.files)
        .filter((name) => name.startsWith('xl/worksheets/'))
        .map((name) => zip.file(name)?.async('string') ?? ''),
    )
  ).join('');
  return { workbook, xml };
}

/** Every hostile text in the file is a string cell with the Text format, and no formula was written. */
async function expectText(file: Buffer, texts: readonly string[]) {
  const { workbook, xml } = await load(file);
  expect(xml).not.toMatch(/<f[ >]/);
  const found = new Map<string, ExcelJS.Cell>();
  for (const sheet of workbook.worksheets)
    sheet.eachRow((row) =>
      row.eachCell((cell) => {
        if (typeof cell.value === 'string') found.set(cell.value, cell);
      }),
    );
  for (const text of texts) {
    const cell = found.get(text);
    expect(cell, `${JSON.stringify(text)} is in the file as written`).toBeDefined();
    expect(cell?.type).toBe(ExcelJS.ValueType.String);
    expect(cell?.numFmt).toBe(TEXT_FORMAT);
  }
}

describe('the formula rule', () => {
  it('knows the characters that start a formula', () => {
    for (const text of ['=', '+1', '-1', '@x', '\tx', '\rx']) expect(looksLikeFormula(text)).toBe(true);
    for (const text of ['', 'a=1', ' =1', '1+1', 'PO0000000001']) expect(looksLikeFormula(text)).toBe(false);
  });

  it('hands ExcelJS plain values only: a formula object becomes its text', () => {
    expect(safeCellValue({ formula: 'SUM(A1:A2)' })).toBe('[object Object]');
    expect(safeCellValue(undefined)).toBeNull();
    expect(safeCellValue(Number.NaN)).toBeNull();
    expect(safeCellValue(12n)).toBe(12);
    expect(safeCellValue('=1+1')).toBe('=1+1');
    const date = new Date('2026-01-01T00:00:00Z');
    expect(safeCellValue(date)).toBe(date);
  });

  it('keeps the text exactly, as a Text-formatted string cell, through an in-memory workbook', async () => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Sheet');
    addSafeRow(sheet, [...HOSTILE, 'plain', 42]);
    const file = Buffer.from(await workbook.xlsx.writeBuffer());
    await expectText(file, HOSTILE);
    const row = (await load(file)).workbook.worksheets[0]?.getRow(1);
    expect(row?.getCell(HOSTILE.length + 1).numFmt).toBeUndefined();
    expect(row?.getCell(HOSTILE.length + 2).value).toBe(42);
  });
});

describe('every writer keeps hostile text as text', () => {
  it('the streamed writer (order reports), headers included', async () => {
    const book = new StreamedWorkbook();
    const sheet = book.addSheet('Sheet', [{ header: '=HEADER()', width: 10 }]);
    for (const text of HOSTILE) book.addRow(sheet, [text]);
    const [file] = await Promise.all([
      new Promise<Buffer>((resolve) => {
        const chunks: Buffer[] = [];
        book.stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        book.stream.on('end', () => resolve(Buffer.concat(chunks)));
      }),
      book.finish(),
    ]);
    await expectText(file, [...HOSTILE, '=HEADER()']);
  });

  it('writeSheet (credit usage report, orders export)', async () => {
    await expectText(await writeSheet('Sheet', [{ header: 'A', width: 10 }], [{ cells: HOSTILE }]), HOSTILE);
  });

  it('the orders export (POST /orders/export)', async () => {
    const order = {
      orderNumber: '=1+1',
      name: '@SUM(A1)',
      phone: '+84 90',
      date_created: new Date().toISOString(),
    };
    await expectText(await ordersWorkbook([order as unknown as OrderListItem]), [
      '=1+1',
      '@SUM(A1)',
      '+84 90',
    ]);
  });

  it('the credit usage report', async () => {
    const entry = {
      dateCreated: new Date(),
      kind: 'topup',
      amount: 10,
      balanceAfter: 10,
      unit: 'USD',
      orderNumber: '-ORDER',
      note: '=cmd|"/c calc"!A1',
    };
    await expectText(await creditReportWorkbook([entry as unknown as CreditReportEntry]), [
      '-ORDER',
      '=cmd|"/c calc"!A1',
    ]);
  });

  it('the barcode uploads (Order_details.xlsx, status results)', async () => {
    const file = await writeRecords(
      'Sheet',
      [{ header: 'Barcode', width: 10, value: (row: string) => row }],
      HOSTILE,
    );
    await expectText(file, HOSTILE);
  });
});
