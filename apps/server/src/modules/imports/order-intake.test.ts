import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { ORDER_SHEET_HEADERS, orderRow } from '../../../test/order-sheets.ts';
import { xlsx } from '../../../test/workbooks.ts';
import { AppError } from '../../lib/app-error.ts';
import { cellText, plainCell } from '../../lib/excel/cell-value.ts';
import { liveWorkers, parsesInFlight, SHEET_PARSING } from '../../lib/excel/parse-pool.ts';
import type { SheetRow } from '../../lib/excel/sheet-parser.ts';
import { openSheet, readSheetWithTitles } from '../../lib/excel/sheet-reader.ts';
import { checkedOrder, type ImportedOrder, ORDER_IMPORT_COLUMNS } from './import-columns.ts';
import { type IntakeOrder, openIntake, surveyOrders } from './order-intake.ts';

const MAX = 100_000;

/**
 * 2,600 rows (three slices and more): orders of one row, of three adjacent rows, one order whose two rows
 * are 2,000 rows apart, rows without an order number, a bad row here and there, and blank rows.
 */
async function mixedFile(): Promise<Buffer> {
  const rows: (string | number)[][] = [ORDER_SHEET_HEADERS];
  rows.push(orderRow('SPLIT', { skuNumber: 'SKU-A' }));
  for (let index = 0; index < 2_600; index++) {
    if (index === 2_000) rows.push(orderRow('SPLIT', { skuNumber: 'SKU-B' }));
    else if (index % 500 === 7) rows.push(orderRow('', {}));
    else if (index % 400 === 3) rows.push(orderRow(`BAD-${index}`, { city: '', itemWeight: 'heavy' }));
    else if (index % 300 === 0) rows.push([]);
    else rows.push(orderRow(`ORD-${Math.floor(index / 3) * 3}`, { skuNumber: `SKU-${index}` }));
  }
  return xlsx(rows);
}

/**
 * The rows as ExcelJS reads the workbook loaded whole (the header is the template's, one key a column), each
 * blank row skipped: what the streamed reader must hand over.
 */
async function wholeWorkbookRows(file: Buffer): Promise<SheetRow[]> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(file as unknown as ArrayBuffer);
  const rows: SheetRow[] = [];
  workbook.worksheets[0]?.eachRow((row) => {
    const values = (row.values as ExcelJS.CellValue[]).slice(1).map(plainCell);
    if (row.number === 1 || values.every((value) => cellText(value) === '')) return;
    const cells: SheetRow['cells'] = {};
    ORDER_SHEET_HEADERS.forEach((key, index) => {
      // A cell holding '' loads as '' and streams as no cell: both read as blank (cellText).
      cells[key] = values[index] === '' ? null : (values[index] ?? null);
    });
    rows.push({ row: row.number, cells });
  });
  return rows;
}

/** The orders as a whole-sheet read makes them: every row held, grouped by order number, in first-row order. */
function wholeSheetOrders(rows: readonly SheetRow[]): ImportedOrder[] {
  const groups = new Map<string, SheetRow[]>();
  for (const row of rows) {
    const number = String(row.cells.orderNumber ?? '');
    const key = number === '' ? `\u0000${row.row}` : number;
    groups.set(key, [...(groups.get(key) ?? []), row]);
  }
  return [...groups.values()].map(checkedOrder);
}

async function intakeOrders(
  file: Buffer,
  chunk: number,
): Promise<{ orders: IntakeOrder[]; chunks: number[] }> {
  const survey = await surveyOrders(file, MAX);
  const intake = await openIntake(file, survey, MAX, chunk);
  const orders: IntakeOrder[] = [];
  const chunks: number[] = [];
  for await (const part of intake.chunks) {
    chunks.push(part.length);
    orders.push(...part);
  }
  return { orders, chunks };
}

const plain = (order: ImportedOrder) => ({
  orderNumber: order.orderNumber,
  rows: order.rows,
  input: order.input,
  problems: order.problems,
});

describe('reading order files as a stream', () => {
  it('hands over the same rows, slice by slice, as the whole-sheet reader', async () => {
    const file = await mixedFile();
    const whole = await wholeWorkbookRows(file);
    const sheet = await openSheet(file, ORDER_IMPORT_COLUMNS, MAX);
    const streamed: SheetRow[] = [];
    let slices = 0;
    for await (const slice of sheet.slices) {
      slices++;
      streamed.push(...slice);
    }
    expect(slices).toBeGreaterThan(2);
    expect(streamed).toEqual(whole);
    expect(sheet.titleOf('orderNumber')).toBe('orderNumber');
    expect(parsesInFlight()).toBe(0);
  });

  it('makes the same orders with the same problems as grouping the whole sheet, in the file order', async () => {
    const file = await mixedFile();
    const expected = wholeSheetOrders(await wholeWorkbookRows(file));
    const { orders, chunks } = await intakeOrders(file, 250);
    expect(orders.map(plain)).toEqual(expected.map(plain));
    // The split order is whole: both its rows, both its items.
    const split = orders.find((order) => order.orderNumber === 'SPLIT');
    expect(split?.rows).toEqual([2, 2003]);
    expect(split?.input?.items.map((item) => item.skuNumber)).toEqual(['SKU-A', 'SKU-B']);
    expect(orders.filter((order) => order.problems.length > 0).length).toBeGreaterThan(5);
    // Chunks of the size asked, the last one shorter.
    expect(chunks.slice(0, -1).every((size) => size === 250)).toBe(true);
  });

  it('counts the rows and the orders, keeping only the numbers used on several rows', async () => {
    const survey = await surveyOrders(await mixedFile(), MAX);
    const { rows } = await readSheetWithTitles(await mixedFile(), ORDER_IMPORT_COLUMNS, MAX);
    expect(survey.rows).toBe(rows.length);
    expect(survey.orders).toBe(wholeSheetOrders(rows).length);
    expect(survey.rowsOf.get('SPLIT')).toBe(2);
    expect(survey.rowsOf.get('ORD-9')).toBe(3);
    expect([...survey.rowsOf.values()].every((count) => count > 1)).toBe(true);
  });

  it('refuses a file over the row limit as a whole-sheet read does, in the survey', async () => {
    const file = await xlsx([
      ORDER_SHEET_HEADERS,
      ...Array.from({ length: 30 }, (_, i) => orderRow(`N-${i}`)),
    ]);
    const refusal = await surveyOrders(file, 20).catch((error: unknown) => error);
    const whole = await readSheetWithTitles(file, ORDER_IMPORT_COLUMNS, 20).catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(AppError);
    expect((refusal as AppError).message).toBe((whole as AppError).message);
    expect((refusal as AppError).message).toContain('20');
  });

  it('gives the worker and its slot back when the consumer stops part-way or never starts', async () => {
    const file = await mixedFile();
    const sheet = await openSheet(file, ORDER_IMPORT_COLUMNS, MAX);
    expect(parsesInFlight()).toBe(1);
    for await (const _slice of sheet.slices) break;
    expect(parsesInFlight()).toBe(0);

    const unread = await openSheet(file, ORDER_IMPORT_COLUMNS, MAX);
    expect(parsesInFlight()).toBe(1);
    await unread.close();
    expect(parsesInFlight()).toBe(0);
    await expect.poll(() => liveWorkers()).toBeLessThanOrEqual(2);
  });

  it('lets a paused read hold no parsing turn: two reads take turns on one, slice by slice', async () => {
    const file = await mixedFile();
    const saved = SHEET_PARSING.parsingAtOnce;
    SHEET_PARSING.parsingAtOnce = 1;
    try {
      const first = await openSheet(file, ORDER_IMPORT_COLUMNS, MAX);
      // The first read waits for its consumer: the second still gets its header and its rows.
      const second = await openSheet(file, ORDER_IMPORT_COLUMNS, MAX);
      const counted = [0, 0];
      const [one, two] = [first.slices, second.slices];
      for (;;) {
        const [a, b] = await Promise.all([one.next(), two.next()]);
        if (!a.done) counted[0] = (counted[0] ?? 0) + a.value.length;
        if (!b.done) counted[1] = (counted[1] ?? 0) + b.value.length;
        if (a.done && b.done) break;
      }
      expect(counted).toEqual([2_592, 2_592]);
      expect(parsesInFlight()).toBe(0);
    } finally {
      SHEET_PARSING.parsingAtOnce = saved;
    }
  });
});
