/**
 * Spec §2 Orders, Import orders: an admin picks an account, uploads a workbook with a good order of two items
 * and a bad row, sees the bad order in the Failed Orders table (with its row and column) and the count of
 * imported orders, and finds the good order in the list.
 */
import { expect, test } from '@playwright/test';
import { unique } from './support/api.ts';
import { E2E_ADMIN } from './support/constants.ts';
import { billedAccount } from './support/seed.ts';
import { choose, dataRows, expectToast, mainNav, shot, signIn } from './support/ui.ts';
import { writeWorkbook } from './support/workbooks.ts';

const HEADERS = [
  'orderNumber',
  'name',
  'address1',
  'city',
  'state',
  'country',
  'postalCode',
  'skuNumber',
  'quantity',
  'itemWeight',
  'itemWidth',
  'itemHeight',
  'itemLength',
];

test('an admin imports orders for an account and sees the bad one in Failed Orders', async ({
  page,
  request,
}) => {
  const { admin, account } = await billedAccount(request, [
    [500, 100000, 4],
    [1000, 150000, 6],
    [5000, 400000, 16],
  ]);
  const good = unique('E2E-IMP-');
  const bad = unique('E2E-BAD-');
  const file = await writeWorkbook(unique('orders-'), [
    HEADERS,
    [good, 'Jane Doe', '400 Pine St', 'Seattle', 'WA', 'US', '98101', 'SKU-TEE', 2, 200, 10, 2, 10],
    [good, 'Jane Doe', '400 Pine St', 'Seattle', 'WA', 'US', '98101', 'SKU-MUG', 1, 300, 10, 10, 10],
    [bad, 'John Roe', '1 Main St', '', 'WA', 'US', '98101', 'SKU-TEE', 1, 200, 10, 2, 10],
  ]);

  await signIn(page, E2E_ADMIN.username, E2E_ADMIN.password);
  await mainNav(page).getByRole('link', { name: 'Orders', exact: true }).click();
  await page.getByRole('link', { name: 'Import orders' }).click();
  await expect(page).toHaveURL('/internal/orders/import');
  await expect(page.getByRole('heading', { level: 1, name: 'Import orders' })).toBeVisible();

  const upload = page.getByRole('button', { name: 'Upload', exact: true });
  await expect(upload).toBeDisabled();
  await choose(page, page.getByRole('combobox', { name: /^Account/ }), account.name);
  await page.getByLabel(/^Orders Excel/).setInputFiles(file);
  await shot(page, 'order-import-chosen');
  await upload.click();

  await expectToast(page, '1 order imported, 1 order not imported');
  const table = page.getByRole('table', { name: 'Failed Orders' });
  await expect(dataRows(table)).toHaveCount(1);
  await expect(dataRows(table).first()).toContainText(bad);
  await expect(dataRows(table).first()).toContainText('Row 4 — city: City is required');
  await shot(page, 'order-import-failed-orders');

  const listed = await admin.call<{ data: { orderNumber: string; vnd: number }[] }>(
    'GET',
    `/orders?account_sid=${account.sid}&filter=${good}`,
  );
  // 2 × 200 g + 300 g = 700 g: the 1 kg row.
  expect(listed.data).toEqual([expect.objectContaining({ orderNumber: good, vnd: 150000 })]);
});
