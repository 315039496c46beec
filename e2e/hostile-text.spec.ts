/**
 * Issue 30 part 5, hostile text stays text: batch names, customer names and carton labels that are markup
 * (support/hostile-text.ts PAYLOADS: an <img> with an error handler, a <script>, an attribute break-out into
 * an <svg onload>, an image on a host that never resolves with an alert) show on every screen exactly as
 * typed, and nothing in them runs: no dialog, no request to the payload's URL, no CSP violation event or
 * console message, `window.__pwned` never set. Names are seeded through the API and, for a customer name and
 * a carton label, typed into the app's own forms. Each journey seeds its own account; screenshots of every
 * screen go to e2e/.artifacts/hostile-shots/. The webhook answers are in hostile-text-hooks.spec.ts.
 */
import { expect, type Locator, type Page, test as plain } from '@playwright/test';
import { createAms, ensureCustomsHsCode, loadIntoAms, placeFileableOrders } from './support/ams.ts';
import { unique } from './support/api.ts';
import { E2E_ADMIN } from './support/constants.ts';
import { HostileWatch, PAYLOADS, test } from './support/hostile-text.ts';
import { scanCode } from './support/scanner.ts';
import { billedSeller, ordersWorkbook, placeHcmOrders, seattleRow } from './support/seed.ts';
import { openOrdersFiltered, row, signInOnDesktop } from './support/ui.ts';

const PRICE_ROWS = [[5000, 100000, 4]] as const;
/** The batch job waits for the queue's next poll; a busy machine is slow. */
const JOB_TIMEOUT = 30_000;

/** The payload shows, exactly as typed, in this part of the page. */
const expectShown = (scope: Page | Locator, payload: string) =>
  expect(scope.getByText(payload, { exact: true })).toBeVisible();

/** A billed seller's batches, one per payload named with it, each of one order; once their jobs are done. */
async function seedBatches(request: Parameters<typeof billedSeller>[0]) {
  const seeded = await billedSeller(request, PRICE_ROWS);
  const prefix = unique('XSSB-');
  const batches: { sid: string; name: string; orderNumber: string }[] = [];
  for (const [index, name] of PAYLOADS.entries()) {
    const orderNumber = `${prefix}-${index + 1}`;
    const file = await ordersWorkbook([seattleRow(orderNumber, 'Plain Customer')]);
    const batch = await seeded.sellerApi.createBatch(name, file);
    expect(batch.name, 'the API keeps the name as sent').toBe(name);
    batches.push({ sid: batch.sid, name, orderNumber });
  }
  for (const batch of batches)
    expect(await seeded.sellerApi.finishedBatch(batch.sid, JOB_TIMEOUT)).toBe('success');
  return { ...seeded, batches };
}

plain(
  'the watch itself sees a violation, a dialog and a bait request when there is one',
  async ({ page }) => {
    // A control: without it, "nothing seen" could mean the watch is blind.
    const watch = new HostileWatch(page);
    watch.baitPaths.push('/control-bait/');
    await watch.attach();
    await page.goto('/login');
    await expect(page.getByRole('heading', { name: 'Sign in', exact: true })).toBeVisible();
    await page.evaluate(() => {
      const image = new Image();
      image.src = 'http://hostile.invalid/control.png';
      document.body.append(image);
      setTimeout(() => alert('control'), 0);
    });
    await page.evaluate(() => fetch('/control-bait/x').catch(() => undefined));
    await expect.poll(() => watch.seen.violations.length).toBeGreaterThan(0);
    await expect.poll(() => watch.seen.consoleCsp.length).toBeGreaterThan(0);
    await expect.poll(() => watch.seen.dialogs).toEqual(['alert: control']);
    await expect.poll(() => watch.seen.requests.length).toBeGreaterThan(0);
    expect(watch.seen.violations[0]).toMatchObject({
      directive: 'img-src',
      blocked: 'http://hostile.invalid/control.png',
    });
  },
);

test('batch names in markup show as typed on the batch list and each batch view', async ({
  page,
  request,
  hostile,
}) => {
  const { seller, batches } = await seedBatches(request);
  await signInOnDesktop(page, seller);

  await test.step('the batch list names each batch with its payload, as a link', async () => {
    await page.goto('/internal/batch_orders');
    await expect(page.getByRole('heading', { level: 1, name: 'Batch orders' })).toBeVisible();
    for (const batch of batches) {
      await expect(page.getByRole('link', { name: batch.name, exact: true })).toBeVisible();
      await expectShown(page, batch.name);
    }
    await hostile.check('batch-list');
  });

  for (const [index, batch] of batches.entries()) {
    await test.step(`View Batch Order ${index + 1} holds its name as typed`, async () => {
      await page.goto(`/internal/batch_orders/${batch.sid}/view`);
      await expect(page.getByRole('heading', { level: 1, name: 'View Batch Order' })).toBeVisible();
      await expect(page.getByTestId('batch-status')).toContainText('Processed');
      await expect(page.getByRole('textbox', { name: /^Batch name/ })).toHaveValue(batch.name);
      await hostile.check(`batch-view-${index + 1}`);
    });
  }
});

test("a hostile batch's orders: the list's batch chip and the order's batch link", async ({
  page,
  request,
  hostile,
}) => {
  const { seller, batches } = await seedBatches(request);
  await signInOnDesktop(page, seller);

  for (const [index, batch] of batches.entries()) {
    await test.step(`batch ${index + 1}: View orders, then its order`, async () => {
      await page.goto(`/internal/batch_orders/${batch.sid}/view`);
      await page.getByRole('link', { name: 'View orders' }).click();
      await expect(page).toHaveURL(/\/internal\/orders\?/);
      await expectShown(page, `Batch: ${batch.name}`);
      await expect(row(page, batch.orderNumber)).toBeVisible();
      await hostile.check(`batch-orders-chip-${index + 1}`);

      await row(page, batch.orderNumber).getByRole('link', { name: 'View', exact: true }).click();
      await expect(page).toHaveURL(/\/internal\/orders\/[^/]+\/view$/);
      const link = page
        .getByTestId('order-summary-batch')
        .getByRole('link', { name: batch.name, exact: true });
      await expect(link).toBeVisible();
      await expect(link).toHaveText(batch.name);
      await hostile.check(`batch-order-view-${index + 1}`);
    });
  }
});

test('customer names in markup show as typed on the orders list, the phone cards and each order', async ({
  page,
  request,
  hostile,
}) => {
  const { seller, sellerApi } = await billedSeller(request, PRICE_ROWS);
  const prefix = unique('XSSO-');
  const orders = await placeHcmOrders(sellerApi, prefix, PAYLOADS);
  await signInOnDesktop(page, seller);

  await test.step('the orders list: each row names its customer as typed', async () => {
    await openOrdersFiltered(page, prefix, PAYLOADS.length);
    for (const [index, name] of PAYLOADS.entries()) {
      const listed = row(page, `${prefix}-${index + 1}`);
      await expectShown(listed, name);
      // The cell cuts a long name short with an ellipsis; its title holds it whole.
      await expect(listed.getByTitle(name, { exact: true })).toHaveText(name);
    }
    await hostile.check('orders-list-1440');
  });

  await test.step('the same list as cards on a phone', async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    for (const name of PAYLOADS) await expectShown(page, name);
    await hostile.check('orders-list-390');
    await page.setViewportSize({ width: 1440, height: 900 });
  });

  for (const [index, order] of orders.entries()) {
    await test.step(`order ${index + 1}: its view names the customer as typed`, async () => {
      await page.goto(`/internal/orders/${order.sid}/view`);
      await expect(page.getByText(order.orderNumber, { exact: true })).toBeVisible();
      await expectShown(page, PAYLOADS[index] ?? '');
      await hostile.check(`order-view-${index + 1}`);
    });
  }
});

test('an admin types each payload as the customer name in Edit customer info', async ({
  page,
  request,
  hostile,
}) => {
  const { sellerApi } = await billedSeller(request, PRICE_ROWS);
  const [order] = await placeHcmOrders(sellerApi, unique('XSSE-'), ['Plain Customer']);
  if (!order) throw new Error('no order placed');
  await signInOnDesktop(page, E2E_ADMIN);
  await page.goto(`/internal/orders/${order.sid}/view`);
  await expectShown(page, 'Plain Customer');

  for (const [index, name] of PAYLOADS.entries()) {
    await test.step(`payload ${index + 1} typed, saved and shown`, async () => {
      await page.getByRole('button', { name: 'Edit customer info' }).click();
      const dialog = page.getByRole('dialog', { name: 'Edit customer info' });
      const field = dialog.getByRole('textbox', { name: /^Name/ });
      await field.fill(name);
      await expect(field).toHaveValue(name);
      await dialog.getByRole('button', { name: 'Save', exact: true }).click();
      // The dialog closes only once saved; earlier saves' toasts may still be up.
      await expect(dialog).toBeHidden();
      await expect(
        page.locator('.mantine-Notification-root').filter({ hasText: 'Customer info updated' }).first(),
      ).toBeVisible();
      await expectShown(page, name);
      expect((await sellerApi.call<{ name: string }>('GET', `/orders/${order.sid}`)).name).toBe(name);
      await hostile.check(`order-edit-customer-${index + 1}`);
    });
  }

  await test.step('the dialog opens again with the last name as its value', async () => {
    await page.getByRole('button', { name: 'Edit customer info' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit customer info' });
    await expect(dialog.getByRole('textbox', { name: /^Name/ })).toHaveValue(
      PAYLOADS[PAYLOADS.length - 1] ?? '',
    );
    await hostile.check('order-edit-customer-dialog');
    await dialog.getByRole('button', { name: 'Close' }).click();
  });
});

/** An account's fileable orders, one per payload, and an initiated AMS. */
async function seedAmsOrders(request: Parameters<typeof billedSeller>[0], prefix: string) {
  const { admin, sellerApi } = await billedSeller(request, PRICE_ROWS);
  await ensureCustomsHsCode(admin);
  const names = PAYLOADS.map((_, index) => `Plain Customer ${index + 1}`);
  const orders = await placeFileableOrders(sellerApi, unique(prefix), names);
  const ams = await createAms(admin);
  return { admin, orders, ams };
}

test('carton labels in markup show as typed in the AMS view and on the order', async ({
  page,
  request,
  hostile,
}) => {
  const { admin, orders, ams } = await seedAmsOrders(request, 'XSSA-');
  for (const [index, order] of orders.entries())
    await loadIntoAms(admin, ams, order.barcode, PAYLOADS[index] ?? '');
  await signInOnDesktop(page, E2E_ADMIN);
  await page.goto(`/internal/ams/${ams.sid}/view`);
  await expect(page.getByRole('heading', { name: 'View AMS', level: 1 })).toBeVisible();

  await test.step('the statistics and the orders name each carton as typed', async () => {
    const statistics = page.getByRole('table', { name: 'Parcels and weight by carton label' });
    const orderList = page.getByRole('region', { name: 'Orders in this AMS' });
    for (const label of PAYLOADS) {
      await expect(statistics.getByRole('cell', { name: label, exact: true })).toBeVisible();
      await expectShown(statistics, label);
      await expectShown(orderList, label);
    }
    await hostile.check('ams-view');
  });

  await test.step('the carton label picker offers each label as typed', async () => {
    const form = page.getByRole('region', { name: 'Update carton label' });
    await form.getByRole('combobox', { name: /^Old carton label/ }).click();
    for (const label of PAYLOADS)
      await expect(page.getByRole('option', { name: label, exact: true })).toBeVisible();
    await hostile.check('ams-view-carton-picker');
    await page.keyboard.press('Escape');
  });

  await test.step("an order's manifest block names its carton as typed", async () => {
    const order = orders[0];
    if (!order) throw new Error('no order placed');
    await page.goto(`/internal/orders/${order.sid}/view`);
    await expectShown(page, PAYLOADS[0]);
    await hostile.check('ams-order-view');
  });
});

test('an operator types each payload as the carton on Create AMS and scans a parcel into it', async ({
  page,
  request,
  hostile,
}) => {
  const { admin, orders, ams } = await seedAmsOrders(request, 'XSSS-');
  const operator = await admin.createReadyUser(1, null);
  await signInOnDesktop(page, operator);
  await page.goto('/internal/create-ams');
  await expect(page.getByRole('heading', { name: 'Create AMS', level: 1 })).toBeVisible();
  await page.getByTestId('ams-scan-date').fill('');
  const picker = page.getByRole('combobox', { name: /^AMS/ });
  await picker.click();
  await picker.fill(ams.name);
  await page.getByRole('option', { name: new RegExp(`^${ams.name} · departs`) }).click();

  for (const [index, order] of orders.entries()) {
    const label = PAYLOADS[index] ?? '';
    await test.step(`carton ${index + 1} typed, a parcel scanned into it`, async () => {
      const field = page.getByTestId('ams-scan-ams_carton_label');
      await field.fill(label);
      await field.press('Enter');
      await expect(field).not.toBeFocused();
      await expect(field).toHaveValue(label);
      await expect(page.getByTestId('ams-scan-count-carton')).toContainText(`Carton ${label}`);
      await scanCode(page, order.barcode);
      const scanned = row(page, order.barcode);
      await expect(scanned).toHaveAttribute('data-outcome', 'added');
      await expectShown(scanned, label);
      await hostile.check(`ams-scan-${index + 1}`);
    });
  }
  const stored = await admin.call<{ data: { barcode: string; ams_carton_label: string }[] }>(
    'GET',
    `/orders?page_size=100&ams_sid=${ams.sid}`,
  );
  for (const [index, order] of orders.entries())
    expect(stored.data.find((entry) => entry.barcode === order.barcode)?.ams_carton_label).toBe(
      PAYLOADS[index],
    );
});
