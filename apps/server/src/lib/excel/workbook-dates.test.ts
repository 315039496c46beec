/**
 * Issue 21 item 6: every workbook the product writes keeps its instants as Excel dates (date cells with a
 * number format, never text) and names their zone in the header. Each writer with a date column is checked
 * on a real reply: Order_details.xlsx, the orders export, the credit usage report and the orders reports.
 */
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { createOrder } from '../../../test/order-fixtures.ts';
import { openTestWorld } from '../../../test/test-world.ts';
import { loadWorkbook, multipart, xlsx } from '../../../test/workbooks.ts';
import { WORKBOOK_TIME_ZONE } from './workbook-dates.ts';

const { t, admin, operator, sellerA, accountA } = await openTestWorld({ orderAccounts: true });
const credit = await t.call('PUT', `/accounts/${accountA.sid}`, {
  token: admin,
  body: { use_credit: true, topup: 500_000 },
});
if (credit.statusCode !== 200) throw new Error(`topup: ${credit.statusCode} ${credit.body}`);
const order = await createOrder(t, sellerA.token);
const today = new Date().toISOString().slice(0, 10);

async function workbookOf(response: { statusCode: number; body: string; rawPayload: Buffer }) {
  expect(response.statusCode, response.body.slice(0, 300)).toBe(200);
  const workbook = await loadWorkbook(response.rawPayload);
  return workbook;
}

const ISO_TEXT = /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}/;

/**
 * The zoned columns of every sheet, and what each holds: every date cell sits under a header naming the zone,
 * every data cell under such a header is a date (or empty) with a date format, and no text looks like a date.
 */
function datesOf(workbook: ExcelJS.Workbook) {
  const found: { sheet: string; header: string; dates: Date[] }[] = [];
  for (const sheet of workbook.worksheets) {
    const headers = (sheet.getRow(1).values as unknown[]).slice(1).map(String);
    for (const header of headers) {
      if (header.endsWith(`(${WORKBOOK_TIME_ZONE})`)) found.push({ sheet: sheet.name, header, dates: [] });
    }
    sheet.eachRow((row, rowNumber) => {
      if (rowNumber === 1) return;
      row.eachCell((cell, column) => {
        const header = headers[column - 1] ?? '';
        if (cell.value instanceof Date) {
          expect(header, `${sheet.name} ${cell.address}`).toMatch(/\(UTC\)$/);
          expect(cell.type).toBe(ExcelJS.ValueType.Date);
          expect(cell.numFmt, `${sheet.name} ${cell.address}`).toMatch(/yy.*hh:mm/);
          found
            .find((column) => column.sheet === sheet.name && column.header === header)
            ?.dates.push(cell.value);
        } else {
          if (typeof cell.value === 'string')
            expect(cell.value, `${sheet.name} ${cell.address}`).not.toMatch(ISO_TEXT);
          // A total row labels itself in the first column (the credit report's "Total").
          if (header.endsWith('(UTC)') && cell.value !== null && cell.value !== '' && !row.font?.bold)
            expect.fail(`${sheet.name} ${cell.address} under ${header} is not a date: ${String(cell.value)}`);
        }
      });
    });
  }
  return found;
}

/** The order's creation instant, to the minute a cell keeps (Excel stores fractions of a day). */
const sameMinute = (a: Date, b: Date) => Math.abs(a.getTime() - b.getTime()) < 60_000;

describe('dates in the workbooks the product writes', () => {
  it('Order_details.xlsx: date_created (UTC) is a date cell', async () => {
    const workbook = await workbookOf(
      await t.call('POST', '/orders/getDetails', {
        token: operator.token,
        body: multipart({}, { buffer: await xlsx([['Barcode'], [order.barcode]]) }),
      }),
    );
    const [created] = datesOf(workbook);
    expect(created?.header).toBe('date_created (UTC)');
    expect(created?.dates).toHaveLength(1);
    expect(sameMinute(created?.dates[0] as Date, new Date(order.date_created))).toBe(true);
  });

  it('the orders export: Created (UTC) is a date cell', async () => {
    const workbook = await workbookOf(
      await t.call('POST', '/orders/export', { token: admin, body: { sids: [order.sid] } }),
    );
    const [created] = datesOf(workbook);
    expect(created?.header).toBe('Created (UTC)');
    expect(sameMinute(created?.dates[0] as Date, new Date(order.date_created))).toBe(true);
  });

  it('the credit usage report: Date (UTC) is a date cell for every entry', async () => {
    const workbook = await workbookOf(
      await t.call('GET', `/accounts/${accountA.sid}/credit_usages_report`, {
        token: admin,
        query: { from_date: today, to_date: today },
      }),
    );
    const [date] = datesOf(workbook);
    expect(date?.header).toBe('Date (UTC)');
    // The topup and the order's charge.
    expect(date?.dates.length).toBeGreaterThanOrEqual(2);
  });

  it('the orders report and the delivery time report name the zone of their dates', async () => {
    const report = datesOf(await workbookOf(await t.call('GET', '/orders/report', { token: admin })));
    expect(report.map((column) => column.header)).toEqual(['Created (UTC)']);
    expect(report[0]?.dates.some((date) => sameMinute(date, new Date(order.date_created)))).toBe(true);
    const delivery = datesOf(
      await workbookOf(await t.call('GET', '/orders/deliveryTimeReport', { token: admin })),
    );
    expect(delivery.map((column) => column.header)).toEqual([
      'Created (UTC)',
      'First scan (UTC)',
      'Departure (UTC)',
      'Delivered (UTC)',
    ]);
  });
});
