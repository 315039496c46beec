/**
 * Issue 16, a hub that stops the operator when it should. An operator, starting from the hub cards of their
 * home, scans parcels with a handheld scanner (typed fast into the page, no field focused): a fresh parcel is
 * received (green), a Delivered one is flagged (amber, it should not be at a hub), a Failed one and an unknown
 * barcode stop them (red, with why), and one typed by hand is received too; the session counts follow. A status
 * upload is previewed first (what moves, what the transition rules refuse and why, what is unknown), then
 * confirmed, and its toast says some were refused. The order view shows the staff its History, naming the
 * operator who changed the order, and an operator re-weighs a parcel from it.
 * Each journey seeds its own orders, so they run in any order.
 */
import { expect, type Page, test } from '@playwright/test';
import { Api, unique } from './support/api.ts';
import { axeFindings, describeFindings } from './support/axe.ts';
import { scanCode } from './support/scanner.ts';
import { billedSeller, placeHcmOrders } from './support/seed.ts';
import { choose, downloadFrom, expectToast, row, shot, signInOnDesktop } from './support/ui.ts';
import { readWorkbook, writeWorkbook } from './support/workbooks.ts';

const PRICE_ROWS = [[5000, 100000, 4]] as const;
/** 0–500 g and 501–5000 g: a re-weigh from 300 g to 1,250 g costs 50,000 VND more. */
const TWO_BANDS = [
  [500, 100000, 4],
  [5000, 150000, 6],
] as const;
const DELIVERED = 4;
const FAILED = 5;

type Placed = { sid: string; barcode: string; orderNumber: string; weight: number };

/** A handheld scanner reads the code (its keys in one burst, as a scanner sends them). */
const scan = scanCode;

async function expectCounts(page: Page, received: number, already: number, refused: number) {
  await expect(page.getByTestId('scan-count-received')).toHaveText(String(received));
  await expect(page.getByTestId('scan-count-already')).toHaveText(String(already));
  await expect(page.getByTestId('scan-count-refused')).toHaveText(String(refused));
}

async function expectNoAxeFindings(page: Page, name: string) {
  const findings = await axeFindings(page, name);
  expect(findings, describeFindings(findings)).toEqual([]);
}

/** A billed seller's orders (one per name, `${prefix}-n`), and an operator the admin created for the hub. */
async function seedHub(
  request: Parameters<typeof billedSeller>[0],
  prefix: string,
  names: string[],
  priceRows: Parameters<typeof billedSeller>[1] = PRICE_ROWS,
) {
  const { admin, account, sellerApi } = await billedSeller(request, priceRows);
  const orders = await placeHcmOrders<Placed>(sellerApi, unique(prefix), names);
  const operator = await admin.createReadyUser(1, null);
  return { admin, account, orders, operator };
}

test('an operator scans from their home: received, Delivered, Failed, unknown, then one by hand', async ({
  page,
  request,
}) => {
  const { admin, orders, operator } = await seedHub(request, 'HUBOP-', [
    'Fresh Customer',
    'Delivered Customer',
    'Failed Customer',
    'Typed Customer',
  ]);
  const [fresh, delivered, failed, typed] = orders as [Placed, Placed, Placed, Placed];
  const failure = unique('Address does not exist ');
  expect((await admin.uploadStatus([delivered.barcode], DELIVERED)).updated).toBe(1);
  expect((await admin.uploadStatus([failed.barcode], FAILED, failure)).updated).toBe(1);
  const unknown = unique('NOPE').toUpperCase();

  await signInOnDesktop(page, operator);
  const banner = page.getByTestId('scan-banner');

  await test.step('the operator home leads with the hub work', async () => {
    await expect(page.getByRole('heading', { name: `Welcome, ${operator.username}` })).toBeVisible();
    const hub = page.getByTestId('home-hub');
    await expect(hub.getByRole('heading', { name: 'Hub work', level: 2 })).toBeVisible();
    await expect(hub.getByTestId('home-hub-scan')).toContainText('Scan Orders');
    await expect(hub.getByTestId('home-hub-details')).toContainText('Order details');
    await expect(hub.getByTestId('home-hub-status')).toContainText('Update Orders Status');
    await shot(page, 'hub-operator-home');
    await page.getByTestId('home-hub-scan').click();
    await expect(page).toHaveURL('/internal/scan_orders');
    await expect(page.getByRole('heading', { name: 'Scan Orders', level: 1 })).toBeVisible();
    await expect(banner).toHaveAttribute('data-outcome', 'ready');
    await expectCounts(page, 0, 0, 0);
  });

  await test.step('a fresh parcel: green, received, the order shown large', async () => {
    await scan(page, fresh.barcode);
    await expect(banner).toHaveAttribute('data-outcome', 'success');
    await expect(banner).toHaveAttribute('data-code', 'RECEIVED');
    await expect(banner).toContainText(`Received ${fresh.barcode}`);
    await expect(banner).toContainText(`Order ${fresh.orderNumber}: received at this hub now.`);
    await expect(page.getByTestId('scan-order-barcode')).toHaveText(fresh.barcode);
    await expect(page.getByTestId('scan-order-number')).toHaveText(fresh.orderNumber);
    await expect(page.getByTestId('scan-order-weight')).toHaveText(`${(fresh.weight / 1000).toFixed(2)} kg`);
    await expectCounts(page, 1, 0, 0);
    await shot(page, 'hub-operator-scan-received');
  });

  await test.step('a Delivered parcel: amber, it should not be at a hub', async () => {
    await scan(page, delivered.barcode);
    await expect(banner).toHaveAttribute('data-outcome', 'warning');
    await expect(banner).toHaveAttribute('data-code', 'DELIVERED');
    await expect(banner).toContainText(`Delivered ${delivered.barcode}`);
    await expect(banner).toContainText(
      `Order ${delivered.orderNumber} was delivered: it should not be at a hub.`,
    );
    await expect(page.getByTestId('scan-order-number')).toHaveText(delivered.orderNumber);
    await expect(page.getByTestId('scan-order-status')).toContainText('Delivered');
    await expectCounts(page, 1, 1, 0);
    await shot(page, 'hub-operator-scan-delivered');
    await expectNoAxeFindings(page, 'scan orders, delivered parcel (operator)');
  });

  await test.step('a Failed parcel: red, with its reason', async () => {
    await scan(page, failed.barcode);
    await expect(banner).toHaveAttribute('data-outcome', 'error');
    await expect(banner).toHaveAttribute('data-code', 'FAILED');
    await expect(banner).toContainText(`Failed ${failed.barcode}`);
    await expect(banner).toContainText(`Reason: ${failure}. Set it aside.`);
    await expect(page.getByTestId('scan-order-number')).toHaveText(failed.orderNumber);
    await expectCounts(page, 1, 1, 1);
    await shot(page, 'hub-operator-scan-failed');
    await expectNoAxeFindings(page, 'scan orders, failed parcel (operator)');
  });

  await test.step('an unknown barcode: red, no order shown', async () => {
    await scan(page, unknown);
    await expect(banner).toHaveAttribute('data-outcome', 'error');
    await expect(banner).toHaveAttribute('data-code', 'NOT_FOUND');
    await expect(banner).toContainText(`Not found ${unknown}`);
    await expect(banner).toContainText('No order has this barcode. Set the parcel aside.');
    await expect(page.getByTestId('scan-order')).toHaveCount(0);
    await expectCounts(page, 1, 1, 2);
    await shot(page, 'hub-operator-scan-not-found');
  });

  await test.step('a barcode typed by hand: green, and the field is ready for the next', async () => {
    const field = page.getByTestId('scan-manual-input');
    await field.fill(typed.barcode.toLowerCase());
    await field.press('Enter');
    await expect(banner).toHaveAttribute('data-outcome', 'success');
    await expect(banner).toHaveAttribute('data-code', 'RECEIVED');
    await expect(banner).toContainText(`Received ${typed.barcode}`);
    await expect(field).toHaveValue('');
    await expect(page.getByTestId('scan-order-number')).toHaveText(typed.orderNumber);
    await expectCounts(page, 2, 1, 2);
    await shot(page, 'hub-operator-scan-manual');
  });

  await test.step('the scans changed only the parcels received', async () => {
    // Amber and red parcels are flagged, never moved: the Delivered one is still Delivered.
    expect((await admin.scan(delivered.barcode)).status).toBe(DELIVERED);
    expect((await admin.scan(failed.barcode)).status).toBe(FAILED);
  });
});

test('an operator previews a status upload, sees what is refused and why, then confirms', async ({
  page,
  request,
}) => {
  const { admin, orders, operator } = await seedHub(request, 'HUBST-', ['Scanned Customer', 'Done Customer']);
  const [scanned, delivered] = orders as [Placed, Placed];
  expect((await admin.scan(scanned.barcode)).scan.code).toBe('RECEIVED');
  expect((await admin.uploadStatus([delivered.barcode], DELIVERED)).updated).toBe(1);
  const unknown = unique('NOPE').toUpperCase();
  const file = await writeWorkbook(unique('hub-status-'), [
    ['Barcode'],
    [scanned.barcode],
    [delivered.barcode],
    [unknown],
  ]);
  const refusal = 'Delivered is final: only an admin, giving a reason, can move the order out of it.';

  await signInOnDesktop(page, operator);
  await page.getByTestId('home-hub-status').click();
  await expect(page.getByRole('tab', { name: 'Update Orders Status' })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  const preview = page.getByTestId('status-preview');

  await test.step('Upload shows what the file would do, and changes nothing yet', async () => {
    await choose(page, page.getByRole('combobox', { name: /^Status/ }), 'Processed');
    await page.getByLabel(/^Barcode Excel/).setInputFiles(file);
    await page.getByRole('button', { name: 'Upload', exact: true }).click();
    await expect(preview.getByTestId('status-preview-summary')).toHaveText(
      '3 orders in the file: 1 Scanned → Processed, 1 refused, 1 not found',
    );
    const refused = preview.getByTestId('status-preview-refused');
    await expect(refused).toContainText('Refused: 1 order will not change');
    await expect(row(page, delivered.barcode)).toContainText(delivered.orderNumber);
    await expect(row(page, delivered.barcode)).toContainText(refusal);
    await expect(preview.getByTestId('status-preview-not-found')).toContainText(unknown);
    await expect(preview).toContainText('Set Processed on these orders now?');
    await shot(page, 'hub-operator-status-preview');
    await expectNoAxeFindings(page, 'status upload preview with refusals (operator)');
    // Previewing wrote nothing.
    expect((await admin.scan(scanned.barcode)).scan.code).toBe('ALREADY_RECEIVED');
  });

  await test.step('Cancel drops the preview; Upload again brings it back', async () => {
    await preview.getByTestId('status-preview-cancel').click();
    await expect(preview).toHaveCount(0);
    await page.getByRole('button', { name: 'Upload', exact: true }).click();
    await expect(preview.getByTestId('status-preview-summary')).toContainText('1 Scanned → Processed');
  });

  await test.step('Confirm applies it: the result file and a toast saying one was refused', async () => {
    const download = await downloadFrom(page, preview.getByTestId('status-preview-confirm'));
    expect(download.suggestedFilename()).toBe('order_status_result.xlsx');
    await expectToast(
      page,
      '1 order was refused and not changed (1 updated, 0 unchanged, 1 refused, 1 not found). The result file says why.',
    );
    await expect(preview).toHaveCount(0);
    await shot(page, 'hub-operator-status-confirmed');
    const rows = await readWorkbook(await download.path());
    const byBarcode = new Map(rows.slice(1).map((line) => [String(line[0]), line]));
    expect(byBarcode.get(scanned.barcode)?.[2]).toBe('updated');
    expect(byBarcode.get(delivered.barcode)?.[2]).toBe('refused');
    expect(byBarcode.get(unknown)?.[2]).toBe('not found');
    expect((await admin.scan(scanned.barcode)).scan.code).toBe('DEPARTED');
    expect((await admin.scan(delivered.barcode)).status).toBe(DELIVERED);
  });

  await test.step("the order's History names the operator who moved it", async () => {
    await page.goto(`/internal/orders/${scanned.sid}/view`);
    const history = page.getByTestId('order-history');
    await expect(history.getByRole('heading', { name: 'History', level: 2 })).toBeVisible();
    const processed = history.getByRole('row').filter({ hasText: 'Processed' });
    await expect(processed).toHaveCount(1);
    await expect(processed).toContainText(operator.username);
    // The admin's scan received it at SGN: that row names the admin, not the operator.
    const received = history.getByRole('row').filter({ hasText: 'Received at SGN hub' });
    await expect(received).toContainText('Sai Gon');
    await expect(received).not.toContainText(operator.username);
    await shot(page, 'hub-operator-order-history');
    await expectNoAxeFindings(page, 'order view with history (operator)');
  });
});

test('an operator re-weighs a parcel from its view, and the History names them', async ({
  page,
  request,
}) => {
  const { admin, account, orders, operator } = await seedHub(
    request,
    'HUBRW-',
    ['Reweigh Customer'],
    TWO_BANDS,
  );
  const [order] = orders as [Placed];
  // The operator receives it at Ha Noi through the API, as a station would.
  const operatorApi = (await Api.signIn(request, operator.username, operator.password)).api;
  expect((await operatorApi.scan(order.barcode, 'HAN')).scan.code).toBe('RECEIVED');

  await signInOnDesktop(page, operator);
  await page.goto(`/internal/orders/${order.sid}/view`);
  await expect(page.getByRole('heading', { level: 1, name: `Order ${order.orderNumber}` })).toBeVisible();
  const history = page.getByTestId('order-history');
  const received = history.getByRole('row').filter({ hasText: 'Received at HAN hub' });
  await expect(received).toContainText('Ha Noi');
  await expect(received).toContainText(operator.username);

  await test.step('Edit weight: the new weight, no money for an operator, then saved', async () => {
    await page.getByRole('button', { name: 'Edit weight' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit weight' });
    const weight = dialog.getByRole('textbox', { name: /^Weight \(g\)/ });
    await weight.fill('1250');
    await expect(dialog.getByTestId('reweigh-weight')).toHaveText('1.25 kg');
    await expect(dialog.getByTestId('reweigh-price')).toHaveCount(0);
    await shot(page, 'hub-operator-reweigh-dialog');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expectToast(page, 'Weight updated');
    await expect(dialog).toHaveCount(0);
    // The server priced the new weight and charged the difference to the account's credit.
    await expect(page.getByTestId('order-summary-weight')).toHaveText('1.25 kg');
    await expect(page.getByTestId('order-summary-price')).toContainText('150,000 VND');
    expect(await admin.creditBalance(account.sid)).toBe(1_000_000 - 150_000);
  });

  await test.step('History: the re-weigh, by the operator, newest first', async () => {
    const reweighed = history.getByRole('row').filter({ hasText: 'Re-weighed' });
    await expect(reweighed).toContainText(`Re-weighed ${(order.weight / 1000).toFixed(2)} kg → 1.25 kg`);
    await expect(reweighed).toContainText(operator.username);
    await expect(reweighed).toContainText('Credit difference: +50,000 VND');
    // Newest first: the header row, then the re-weigh.
    await expect(history.getByRole('row').nth(1)).toContainText('Re-weighed');
    // The toast is fixed to the viewport: it would land on the History in a full-page picture.
    await page.locator('.mantine-Notification-root').getByRole('button').click();
    await expect(page.locator('.mantine-Notification-root')).toHaveCount(0);
    await shot(page, 'hub-operator-reweigh-history');
  });
});
