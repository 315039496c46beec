/**
 * Spec §2 Scan Orders tabs 2 and 3: an operator, starting from the hub cards of their home, downloads
 * Order_details.xlsx for a barcode list, then moves the listed orders to Delivered with a status upload (a
 * preview of what it will do first, then Confirm); the public tracking page then shows the new status.
 */
import { expect, test } from '@playwright/test';
import { unique } from './support/api.ts';
import { axeFindings, describeFindings } from './support/axe.ts';
import { billedSeller, placeHcmOrders } from './support/seed.ts';
import { choose, downloadFrom, expectToast, shot, signInOnDesktop } from './support/ui.ts';
import { readWorkbook, writeWorkbook } from './support/workbooks.ts';

const PRICE_ROWS = [[5000, 100000, 4]] as const;

test('an operator gets order details and updates order status from barcode files', async ({
  page,
  request,
}) => {
  const { admin, sellerApi } = await billedSeller(request, PRICE_ROWS);
  const orders = await placeHcmOrders(sellerApi, unique('HUB-'), ['Hub Customer 1', 'Hub Customer 2']);
  const [first, second] = orders as [(typeof orders)[0], (typeof orders)[0]];
  // Lower case, spaces, a blank line, a duplicate and an unknown barcode, as a hand-made list has them.
  const file = await writeWorkbook(unique('barcodes-'), [
    ['Barcode'],
    [` ${first.barcode.toLowerCase()} `],
    [null],
    [second.barcode],
    ['NOPE-000'],
    [first.barcode],
  ]);
  const operator = await admin.createReadyUser(1, null);
  await signInOnDesktop(page, operator);
  await page.getByTestId('home-hub-scan').click();
  await expect(page.getByRole('heading', { name: 'Scan Orders', level: 1 })).toBeVisible();

  await test.step('tab 2: the barcode file comes back as Order_details.xlsx', async () => {
    await page.getByRole('tab', { name: 'Order details' }).click();
    const upload = page.getByRole('button', { name: 'Upload', exact: true });
    await expect(upload).toBeDisabled();
    await page.getByLabel(/^Barcode Excel/).setInputFiles(file);
    await shot(page, 'scan-orders-details-tab');
    expect(describeFindings(await axeFindings(page, 'order details tab'))).toBe('');
    const download = await downloadFrom(page, upload);
    expect(download.suggestedFilename()).toBe('Order_details.xlsx');
    const rows = await readWorkbook(await download.path());
    expect(rows.slice(1).map((row) => [row[0], row[1], row[3] ?? null])).toEqual([
      [first.barcode, 'found', first.orderNumber],
      [second.barcode, 'found', second.orderNumber],
      ['NOPE-000', 'not found', null],
    ]);
  });

  await test.step('tab 3: Delivered on every listed order, the result file and the toast', async () => {
    await page.getByRole('tab', { name: 'Update Orders Status' }).click();
    const status = page.getByRole('combobox', { name: /^Status/ });
    await status.click();
    await expect(page.getByRole('option', { name: 'Order Failed' })).toHaveCount(0);
    await page.keyboard.press('Escape');
    await choose(page, status, 'Failed');
    await expect(page.getByRole('textbox', { name: /^Reason/ })).toBeVisible();
    await choose(page, status, 'Delivered');
    await expect(page.getByRole('textbox', { name: /^Reason/ })).toHaveCount(0);
    await page.getByLabel(/^Barcode Excel/).setInputFiles(file);
    expect(describeFindings(await axeFindings(page, 'update status tab'))).toBe('');
    await page.getByRole('button', { name: 'Upload', exact: true }).click();
    const preview = page.getByTestId('status-preview');
    await expect(preview.getByTestId('status-preview-summary')).toHaveText(
      '3 orders in the file: 2 Generated → Delivered, 1 not found',
    );
    await expect(preview.getByTestId('status-preview-not-found')).toContainText('NOPE-000');
    expect(describeFindings(await axeFindings(page, 'status upload preview'))).toBe('');
    await shot(page, 'scan-orders-status-preview');
    const download = await downloadFrom(page, page.getByTestId('status-preview-confirm'));
    await expectToast(page, 'Successfully updated order status: 2 updated');
    await shot(page, 'scan-orders-status-tab');
    const rows = await readWorkbook(await download.path());
    expect(rows.slice(1).map((row) => [row[0], row[2]])).toEqual([
      [first.barcode, 'updated'],
      [second.barcode, 'updated'],
      ['NOPE-000', 'not found'],
    ]);
  });

  await test.step('the public tracking page shows the new status', async () => {
    await page.goto(`/tracking?barcode=${encodeURIComponent(first.barcode)}`);
    await expect(page.getByRole('heading', { name: 'Delivered', level: 2 })).toBeVisible();
    await shot(page, 'tracking-after-status-upload');
  });
});
