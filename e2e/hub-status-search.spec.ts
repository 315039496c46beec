/**
 * Issue 28 items 7 and 8. An admin's status upload that would move nothing says "Nothing to change" (no
 * Confirm); the refusal of a final status names what is allowed and gives the admin a field for the reason,
 * with which the same file then moves the order. The orders list's box finds an order by its barcode's first
 * characters and says what it searches. Screens at 1440 px and 390 px go to /tmp/issue28/shots.
 */
import { mkdirSync } from 'node:fs';
import { expect, type Page, test } from '@playwright/test';
import { unique } from './support/api.ts';
import { E2E_ADMIN } from './support/constants.ts';
import { billedSeller, placeHcmOrders } from './support/seed.ts';
import { choose, expectToast, signInOnDesktop } from './support/ui.ts';
import { writeWorkbook } from './support/workbooks.ts';

const PRICE_ROWS = [[5000, 100000, 4]] as const;
const DELIVERED = 4;
const SHOTS = '/tmp/issue28/shots';

type Placed = { sid: string; barcode: string; orderNumber: string };

async function shotAt(page: Page, name: string, width: number) {
  mkdirSync(SHOTS, { recursive: true });
  await page.setViewportSize({ width, height: width > 600 ? 900 : 844 });
  await page.screenshot({ path: `${SHOTS}/${name}-${width}.png`, fullPage: true, animations: 'disabled' });
}

test('an admin moves a Delivered order back, giving the reason where the refusal is shown', async ({
  page,
  request,
}) => {
  const { admin, sellerApi } = await billedSeller(request, PRICE_ROWS);
  const [order] = await placeHcmOrders<Placed>(sellerApi, unique('HUBRS-'), ['Reason Customer']);
  if (!order) throw new Error('no order placed');
  expect((await admin.uploadStatus([order.barcode], DELIVERED)).updated).toBe(1);
  const file = await writeWorkbook(unique('hub-reason-'), [['Barcode'], [order.barcode]]);

  await signInOnDesktop(page, E2E_ADMIN);
  await page.goto('/internal/scan_orders?tab=status');
  const preview = page.getByTestId('status-preview');

  await test.step('Nothing would change: no Confirm, the refusal says why, a reason field', async () => {
    await choose(page, page.getByRole('combobox', { name: /^Status/ }), 'Scanned');
    await page.getByLabel(/^Barcode Excel/).setInputFiles(file);
    await page.getByRole('button', { name: 'Upload', exact: true }).click();
    await expect(preview.getByTestId('status-preview-nothing')).toHaveText(
      'Nothing to change: no order in the file would move.',
    );
    await expect(preview.getByTestId('status-preview-confirm')).toHaveCount(0);
    await expect(preview.getByTestId('status-preview-refused')).toContainText(
      'Delivered is final: only an admin, giving a reason, can move the order out of it.',
    );
    await expect(preview.getByRole('textbox', { name: /Reason to move the refused orders/ })).toBeVisible();
    await shotAt(page, 'hub-status-nothing-to-change', 390);
    await shotAt(page, 'hub-status-nothing-to-change', 1440);
  });

  await test.step('With a reason, the preview moves it; Confirm applies it', async () => {
    await preview
      .getByRole('textbox', { name: /Reason to move the refused orders/ })
      .fill('Delivered by mistake: parcel still at the hub');
    await preview.getByRole('button', { name: 'Preview with this reason' }).click();
    await expect(preview.getByTestId('status-preview-summary')).toContainText('1 Delivered → Scanned');
    await expect(preview.getByTestId('status-preview-override-given')).toContainText(
      'Delivered by mistake: parcel still at the hub',
    );
    await shotAt(page, 'hub-status-admin-reason', 1440);
    await preview.getByTestId('status-preview-confirm').click();
    await expectToast(
      page,
      'Successfully updated order status: 1 updated, 0 unchanged, 0 refused, 0 not found',
    );
    const stored = await admin.call<{ status: number }>('GET', `/orders/${order.sid}`);
    expect(stored.status).toBe(1);
  });
});

test("the orders list finds an order by its barcode's first characters and says what it searches", async ({
  page,
  request,
}) => {
  const { sellerApi } = await billedSeller(request, PRICE_ROWS);
  const [order] = await placeHcmOrders<Placed>(sellerApi, unique('SRCHW-'), ['Prefix Customer']);
  if (!order) throw new Error('no order placed');

  await signInOnDesktop(page, E2E_ADMIN);
  await page.goto('/internal/orders');
  const box = page.getByRole('textbox', { name: 'Filter' });
  await expect(box).toHaveAccessibleDescription(/by its start/);
  await box.fill(order.barcode.slice(0, 9));
  await expect(page.getByText(order.orderNumber).first()).toBeVisible();
  await shotAt(page, 'orders-search-barcode-prefix', 1440);
  await shotAt(page, 'orders-search-barcode-prefix', 390);
});
