/**
 * Issue item 5: the Orders screen's "Report" and "Delivery time report" downloads use the list's current
 * filters. A seller filters their orders, downloads the report, and the file holds exactly the listed orders
 * (a formula-like customer name kept as text); the delivery time report comes with its weekly summary sheet.
 */
import { expect, test } from '@playwright/test';
import ExcelJS from 'exceljs';
import { unique } from './support/api.ts';
import { billedSeller, placeHcmOrders } from './support/seed.ts';
import { downloadFrom, openOrdersFiltered, shot, signInOnDesktop } from './support/ui.ts';
import { readWorkbook } from './support/workbooks.ts';

const PRICE_ROWS = [[5000, 100000, 4]] as const;
const HOSTILE_NAME = '=HYPERLINK("http://evil.example","x")';

test('a seller downloads the report of the listed orders and the delivery time report', async ({
  page,
  request,
}) => {
  const { account, seller, sellerApi } = await billedSeller(request, PRICE_ROWS);
  const prefix = unique('REP-');
  await placeHcmOrders(sellerApi, prefix, ['Report Customer 1', 'Report Customer 2', HOSTILE_NAME]);
  // Another order of the account that the filter leaves out: the file must leave it out too.
  await sellerApi.call('POST', '/orders', {
    orderNumber: unique('OTHER-'),
    name: 'Not listed',
    address1: '1 Road',
    city: 'Seattle',
    state: 'WA',
    country: 'US',
    postalCode: '98101',
    items: [{ skuNumber: 'SKU-9', quantity: 1, itemWeight: 100, itemWidth: 1, itemHeight: 1, itemLength: 1 }],
  });

  await signInOnDesktop(page, seller, /\/internal\//);
  await openOrdersFiltered(page, prefix, 3);
  await expect(page.getByRole('row').filter({ hasText: 'Not listed' })).toHaveCount(0);
  await shot(page, 'orders-report-buttons');

  const report = await downloadFrom(page, page.getByRole('button', { name: 'Report', exact: true }));
  expect(report.suggestedFilename()).toBe('orders_report.xlsx');
  const rows = await readWorkbook(await report.path());
  expect(rows[0]?.slice(0, 4)).toEqual(['Order number', 'Barcode', 'Account', 'Status']);
  const listed = rows.slice(1);
  expect(listed.map((cells) => cells[0]).sort()).toEqual([1, 2, 3].map((n) => `${prefix}-${n}`).sort());
  expect(listed.map((cells) => cells[5])).toContain(HOSTILE_NAME);
  expect(listed.every((cells) => cells[3] === 'Generated' && cells[2] === account.name)).toBe(true);

  const delivery = await downloadFrom(page, page.getByRole('button', { name: 'Delivery time report' }));
  expect(delivery.suggestedFilename()).toBe('delivery_time_report.xlsx');
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(await delivery.path());
  expect(workbook.worksheets.map((sheet) => sheet.name)).toEqual(['Delivery times', 'Summary']);
  // None of the listed orders is delivered: the header rows only.
  expect(workbook.worksheets[0]?.rowCount).toBe(1);
});
