/**
 * Issue 28 item 2: a problem of the filing is fixed where it is shown. An admin opens an AMS whose parcel's item
 * says "Gift", clicks Fix on that problem row, says what the goods are ("Ceramic tea cups"), and the problem goes
 * and Submit AMS files it. Then the order view: its cards (no raw Details table), the item's Edit, and where a
 * toast shows, on desk and phone. Each journey seeds its own account, order and AMS.
 */
import { mkdirSync } from 'node:fs';
import { expect, type Page, test } from '@playwright/test';
import {
  CUSTOMS_HS_CODE,
  createAms,
  ensureCustomsHsCode,
  fileableOrder,
  loadIntoAms,
  type PlacedOrder,
  submitOnView,
} from './support/ams.ts';
import { unique } from './support/api.ts';
import { E2E_ADMIN } from './support/constants.ts';
import { billedSeller } from './support/seed.ts';
import { expectToast, signInOnDesktop } from './support/ui.ts';

const PRICE_ROWS = [[5000, 100000, 4]] as const;
/** The filing job waits for the queue's next poll and the view polls every 2 s; a busy machine is slow. */
const JOB_TIMEOUT = 30_000;
const SHOTS = '/tmp/issue28/shots';

async function picture(page: Page, name: string, fullPage = true) {
  mkdirSync(SHOTS, { recursive: true });
  await expect(page.locator('.mantine-Loader-root')).toHaveCount(0);
  await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage, animations: 'disabled' });
}

/** A billed seller's order whose one item is described "Gift" (CBP refuses it), loaded into a new AMS. */
async function seedGiftParcel(request: Parameters<typeof billedSeller>[0]) {
  const { admin, sellerApi } = await billedSeller(request, PRICE_ROWS);
  await ensureCustomsHsCode(admin);
  const body = fileableOrder(unique('FIX-'), 'Hana Ito', CUSTOMS_HS_CODE);
  body.items[0] = { ...(body.items[0] as (typeof body.items)[number]), itemDescription: 'Gift' };
  const order = await sellerApi.call<PlacedOrder>('POST', '/orders', body);
  const ams = await createAms(admin);
  await loadIntoAms(admin, ams, order.barcode, 'C1');
  return { admin, order, ams, sku: body.items[0]?.skuNumber as string };
}

test('an admin fixes a vague description from the problem row, and the AMS files', async ({
  page,
  request,
}) => {
  const { order, ams, sku } = await seedGiftParcel(request);
  await signInOnDesktop(page, E2E_ADMIN);
  await page.goto(`/internal/ams/${ams.sid}/view`);
  const filing = page.getByRole('region', { name: 'Filing', exact: true });
  const submit = filing.getByRole('button', { name: 'Submit AMS' });
  const problems = filing.getByRole('table', { name: 'Problems that stop the filing' });

  await test.step('the problem names the vague word, and Submit AMS stays off', async () => {
    await expect(filing.getByTestId('ams-problems-count')).toHaveText('1 problem stops the filing');
    await expect(problems).toContainText(`Item ${sku}: "Gift" is too vague for US Customs`);
    await expect(submit).toBeDisabled();
  });

  const dialog = page.getByRole('dialog', { name: 'Correct item' });
  await test.step('Fix opens the item, on its description', async () => {
    await problems.getByRole('button', { name: new RegExp(`^Fix ${order.barcode}`) }).click();
    const description = dialog.getByRole('textbox', { name: 'Description' });
    await expect(description).toHaveValue('Gift');
    await expect(description).toBeFocused();
    await expect(dialog.getByTestId('item-description-warning')).toContainText('vague');
    await picture(page, 'item-edit-dialog-1440', false);
  });

  await test.step('"Ceramic tea cups" saves, and the problem disappears', async () => {
    await dialog.getByRole('textbox', { name: 'Description' }).fill('Ceramic tea cups');
    await expect(dialog.getByTestId('item-description-warning')).toHaveCount(0);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expectToast(page, `Item ${sku} updated`);
    await expect(dialog).toHaveCount(0);
    await expect(filing.getByTestId('ams-problems-count')).toHaveText('0 problems stop the filing');
    await expect(submit).toBeEnabled();
  });

  await test.step('Submit AMS files it', async () => {
    // Parcels other journeys left received at SGN would miss this flight: the view asks to confirm then.
    await submitOnView(page, submit);
    await expectToast(page, 'Successfully submitted AMS');
    await expect(page.getByText('Submitted', { exact: true })).toBeVisible({ timeout: JOB_TIMEOUT });
  });

  await test.step("the order's history says who changed the description, from what to what", async () => {
    await page.goto(`/internal/orders/${order.sid}/view`);
    const history = page.getByTestId('order-history-table');
    await expect(history).toContainText('Description: Gift → Ceramic tea cups');
    // Submitted: the items are the record now, no Edit offered.
    await expect(page.getByRole('button', { name: `Edit item ${sku}` })).toHaveCount(0);
  });
});

test('the order view reads as cards, offers the item Edit, and its toasts cover no data', async ({
  page,
  request,
}) => {
  const { order, sku } = await seedGiftParcel(request);
  await signInOnDesktop(page, E2E_ADMIN);
  await page.goto(`/internal/orders/${order.sid}/view`);
  await expect(page.getByRole('heading', { name: `Order ${order.orderNumber}`, level: 1 })).toBeVisible();

  await test.step('no raw Details table; status, parcel and manifest cards', async () => {
    await expect(page.getByRole('region', { name: 'Details', exact: true })).toHaveCount(0);
    await expect(page.getByRole('region', { name: 'Status', exact: true })).toContainText('Processing');
    await expect(page.getByRole('region', { name: 'Parcel', exact: true })).toContainText(order.barcode);
    await expect(page.getByRole('region', { name: 'Manifest', exact: true })).toContainText('C1');
    await picture(page, 'order-view-1440');
  });

  await test.step('an item corrected from the order view; the toast leaves the tables free', async () => {
    await page.getByRole('button', { name: `Edit item ${sku}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Correct item' });
    await dialog.getByRole('textbox', { name: 'Quantity' }).fill('2');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expectToast(page, `Item ${sku} updated`);
    const items = page.getByRole('table', { name: 'Items' });
    await expect(items.getByRole('row').nth(1)).toContainText('2');
    // The toast stays clear of every table's last column (N17: it covered the weight column).
    const toast = await page.locator('.mantine-Notification-root').first().boundingBox();
    for (const table of await page.getByRole('table').all()) {
      const box = await table.boundingBox();
      if (!toast || !box) continue;
      const overlaps =
        toast.x < box.x + box.width &&
        box.x < toast.x + toast.width &&
        toast.y < box.y + box.height &&
        box.y < toast.y + toast.height;
      expect(overlaps, 'a toast over a table').toBe(false);
    }
    await picture(page, 'order-view-toast-1440', false);
  });

  await test.step('the phone width', async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    await expect(page.getByRole('region', { name: 'Status', exact: true })).toBeVisible();
    await picture(page, 'order-view-390');
    await page.getByRole('button', { name: `Edit item ${sku}` }).click();
    await expect(page.getByRole('dialog', { name: 'Correct item' })).toBeVisible();
    await picture(page, 'item-edit-dialog-390', false);
  });
});
