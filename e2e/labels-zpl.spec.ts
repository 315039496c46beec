/**
 * Issue 33, labels for thermal printers in a real browser: the label print page offers PDF and "Thermal (ZPL)";
 * a seller who picks ZPL at 300 dpi downloads the order's label as a .zpl file of one label at that resolution,
 * and the batch page, remembering the choice on this device, downloads the batch's labels as ZPL too, one label
 * per order. The labels' contents are checked by rendering in the server's tests; here, what the person gets.
 */
import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { unique } from './support/api.ts';
import { billedSeller, hcmOrder, ordersWorkbook, seattleRow } from './support/seed.ts';
import { downloadFrom, shot, signInOnDesktop } from './support/ui.ts';

const PRICE_ROWS = [
  [500, 100000, 4],
  [5000, 400000, 16],
] as const;

test('a seller prints a label and a batch as ZPL for a 300 dpi thermal printer', async ({
  page,
  request,
}) => {
  const { sellerApi, seller } = await billedSeller(request, PRICE_ROWS);
  const order = await sellerApi.call<{ sid: string; barcode: string }>(
    'POST',
    '/orders',
    hcmOrder(unique('E2E-ZPL-'), 'Trần Thị Hương'),
  );
  const batch = await sellerApi.createBatch(
    unique('Thermal '),
    await ordersWorkbook([
      seattleRow(unique('E2E-ZB-'), 'Nguyễn Văn Đức'),
      seattleRow(unique('E2E-ZB-'), 'Jane Doe'),
    ]),
  );
  expect(await sellerApi.finishedBatch(batch.sid)).toBe('success');

  await signInOnDesktop(page, seller);

  await test.step('the print page shows the PDF and offers Thermal (ZPL) beside it', async () => {
    await page.goto(`/labels/${order.sid}`);
    await expect(page.locator('iframe[title="Label"]')).toBeVisible();
    await expect(page.getByText('Thermal (ZPL)')).toBeVisible();
  });

  await test.step('ZPL at 300 dpi is a file for the printer: one label of 1218x1827 dots', async () => {
    await page.getByText('Thermal (ZPL)').click();
    await page.getByText('300 dpi').click();
    await expect(page.locator('iframe[title="Label"]')).toHaveCount(0);
    await shot(page, 'labels-zpl-print-page');
    const download = await downloadFrom(page, page.getByRole('button', { name: 'Download ZPL' }));
    expect(download.suggestedFilename()).toBe(`label-${order.barcode}.zpl`);
    const zpl = readFileSync(await download.path(), 'latin1');
    expect(zpl).toMatch(/^\^XA\^PW1218\^LL1827/);
    expect(zpl.match(/\^XA/g)).toHaveLength(1);
  });

  await test.step('the batch page remembers ZPL and downloads a label per order', async () => {
    await page.goto(`/internal/batch_orders/${batch.sid}/view`);
    await expect(page.getByText('Thermal (ZPL)')).toBeVisible();
    await shot(page, 'labels-zpl-batch-page');
    const download = await downloadFrom(page, page.getByRole('button', { name: 'Labels', exact: true }));
    expect(download.suggestedFilename()).toBe(`${batch.name}_labels.zpl`);
    const zpl = readFileSync(await download.path(), 'latin1');
    expect(zpl.match(/\^XA\^PW1218\^LL1827/g)).toHaveLength(2);
  });
});
