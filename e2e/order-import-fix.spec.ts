/**
 * Issue 21, imports that say what to fix: a seller imports a file with bad rows, sees each bad row once with
 * its columns and an orange toast, downloads the failed rows (their own cells, an Error column), fixes them in
 * that workbook and uploads it again: every order goes in, the toast is green, and the link shows just the
 * orders of that upload. Screenshots of the result at 1440 and 390 px.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import ExcelJS from 'exceljs';
import { unique } from './support/api.ts';
import { axeFindings, describeFindings } from './support/axe.ts';
import { billedSeller, ORDER_SHEET_HEADERS, seattleRow } from './support/seed.ts';
import { dataRows, downloadFrom, expectToast, mainNav, shot, signIn } from './support/ui.ts';
import { readWorkbook, writeWorkbook } from './support/workbooks.ts';

const PRICES = [
  [500, 100000, 4],
  [1000, 150000, 6],
  [5000, 400000, 16],
] as const;

const QUANTITY = ORDER_SHEET_HEADERS.indexOf('quantity');

/** seattleRow with its quantity typed as a word. */
function badQuantity(orderNumber: string) {
  const row = seattleRow(orderNumber, 'Bao Tran');
  row[QUANTITY] = 'two';
  return row;
}

async function openImport(page: Page, seller: { username: string; password: string }) {
  await signIn(page, seller.username, seller.password);
  await mainNav(page).getByRole('link', { name: 'Orders', exact: true }).click();
  await page.getByRole('link', { name: 'Import orders' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Import orders' })).toBeVisible();
}

async function upload(page: Page, file: string) {
  await page.getByLabel(/^Orders Excel/).setInputFiles(file);
  await page.getByRole('button', { name: 'Upload', exact: true }).click();
  // The first upload starts the server's sheet reader, which takes a while on a busy machine.
  await expect(page.getByText('Checking and placing the orders…')).toHaveCount(0, { timeout: 30_000 });
}

test.describe
  .serial('a seller fixes the failed rows of an import', () => {
    let seller: { username: string; password: string };
    let prefix: string;
    /** The downloaded failed rows, kept past the first test's browser context. */
    let returned: string;

    test('imports a file with bad rows and downloads them with what to fix', async ({ page, request }) => {
      seller = (await billedSeller(request, PRICES)).seller;
      prefix = unique('E2E-FIX-');
      const file = await writeWorkbook(unique('orders-'), [
        ORDER_SHEET_HEADERS,
        seattleRow(`${prefix}-1`, 'Jane Doe'),
        seattleRow(`${prefix}-2`, 'Minh Le', ''),
        seattleRow(`${prefix}-3`, 'Bao Tran'),
        badQuantity(`${prefix}-3`),
      ]);

      await page.setViewportSize({ width: 1440, height: 900 });
      await openImport(page, seller);
      // An account user imports for their own account: no account to choose.
      await expect(page.getByRole('combobox', { name: /^Account/ })).toHaveCount(0);
      await upload(page, file);
      await expectToast(page, '1 order imported, 2 orders not imported');
      const summary = page.getByRole('status').filter({ hasText: 'Placed:' });
      await expect(summary).toContainText('Placed: 1 order');
      await expect(summary).toContainText('Not imported: 2 orders (3 rows to fix)');
      const table = page.getByRole('table', { name: 'Failed Orders' });
      await expect(dataRows(table)).toHaveCount(2);
      await expect(dataRows(table).nth(0)).toContainText('Row 3 — city: City is required');
      await expect(dataRows(table).nth(1)).toContainText('Row 5 — quantity: Quantity must be a number');
      await shot(page, 'order-import-fix-result-1440');
      // The orange summary, the toast and the table pass axe (contrast, names) as they stand.
      expect(describeFindings(await axeFindings(page, 'import result'))).toBe('');
      await page.setViewportSize({ width: 390, height: 844 });
      await expect(table).toBeVisible();
      // The table fits the phone: nothing scrolls sideways (once the navigation has slid away after the resize).
      await expect
        .poll(() => page.evaluate(() => document.documentElement.scrollWidth))
        .toBeLessThanOrEqual(390);
      await shot(page, 'order-import-fix-result-390');
      await page.setViewportSize({ width: 1440, height: 900 });

      // The failed rows come back as typed, under the same header, with what to fix beside each.
      const download = await downloadFrom(page, page.getByRole('button', { name: 'Download failed rows' }));
      expect(download.suggestedFilename()).toMatch(/-failed-rows\.xlsx$/);
      returned = join(mkdtempSync(join(tmpdir(), 'parcelops-e2e-fix-')), download.suggestedFilename());
      await download.saveAs(returned);
      const rows = await readWorkbook(returned);
      expect(rows[0]).toEqual([...ORDER_SHEET_HEADERS, 'Error']);
      expect(rows.slice(1).map((row) => row.slice(0, ORDER_SHEET_HEADERS.length))).toEqual([
        seattleRow(`${prefix}-2`, 'Minh Le', ''),
        seattleRow(`${prefix}-3`, 'Bao Tran'),
        badQuantity(`${prefix}-3`),
      ]);
      expect(rows.slice(1).map((row) => row[ORDER_SHEET_HEADERS.length])).toEqual([
        'city: City is required',
        'Not imported with the rest of its order: see row 5',
        'quantity: Quantity must be a number',
      ]);
    });

    test('fixes them in the downloaded workbook and uploads it again: all go in', async ({ page }) => {
      // Fixed in the downloaded workbook itself (the Error column stays: the import ignores it).
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.readFile(returned);
      const sheet = workbook.worksheets[0] as ExcelJS.Worksheet;
      sheet.getRow(2).getCell(ORDER_SHEET_HEADERS.indexOf('city') + 1).value = 'Seattle';
      sheet.getRow(4).getCell(QUANTITY + 1).value = 2;
      const fixed = returned.replace(/\.xlsx$/, '-fixed.xlsx');
      await workbook.xlsx.writeFile(fixed);

      await page.setViewportSize({ width: 1440, height: 900 });
      await openImport(page, seller);
      await upload(page, fixed);
      await expectToast(page, 'Successfully imported orders');
      await expect(page.getByRole('status').filter({ hasText: 'Placed:' })).toContainText(
        '2 orders imported',
      );
      await expect(page.getByRole('table', { name: 'Failed Orders' })).toHaveCount(0);
      await shot(page, 'order-import-fix-all-in');

      // The link shows the orders this upload placed, and only those.
      await page.getByRole('link', { name: 'View the 2 imported orders' }).click();
      await expect(page).toHaveURL(/\/internal\/orders\?from_date=/);
      // The date boxes show the day of the window rather than nothing.
      await expect(page.getByLabel('From', { exact: true })).not.toHaveValue('');
      const listed = page.getByRole('main');
      await expect(listed.getByText(`${prefix}-2`, { exact: true }).first()).toBeVisible();
      await expect(listed.getByText(`${prefix}-3`, { exact: true }).first()).toBeVisible();
      await expect(listed.getByText(`${prefix}-1`, { exact: true })).toHaveCount(0);
      await shot(page, 'order-import-fix-placed-orders');
    });
  });
