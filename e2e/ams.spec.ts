/**
 * Issue 20, air manifests in a real browser. An operator loads parcels on the Create AMS scanning page with a
 * handheld scanner (typed fast into the page, no field focused): two into carton C1, one into C2, an unknown
 * barcode refused with why, and the last parcel re-weighed, the running counts following. An admin, on the AMS
 * view, renames a carton, sees the one parcel that stops the filing (an item without HS code), takes it out,
 * files the AMS and downloads the filed manifest and the AMS report; and loads parcels from a batch file.
 * Each journey seeds its own account, orders and AMS (a MAWB of its own), so they run in any order.
 */
import { expect, type Locator, type Page, test } from '@playwright/test';
import {
  createAms,
  ensureCustomsHsCode,
  fileableOrder,
  loadIntoAms,
  type PlacedOrder,
  placeFileableOrders,
  submitOnView,
} from './support/ams.ts';
import { unique } from './support/api.ts';
import { E2E_ADMIN } from './support/constants.ts';
import { scanCode } from './support/scanner.ts';
import { billedSeller } from './support/seed.ts';
import { choose, downloadFrom, expectToast, row, shot, signInOnDesktop } from './support/ui.ts';
import { readWorkbook, writeWorkbook } from './support/workbooks.ts';

const PRICE_ROWS = [[5000, 100000, 4]] as const;
/** The filing job waits for the queue's next poll and the view polls every 2 s; a busy machine is slow. */
const JOB_TIMEOUT = 30_000;

/** A handheld scanner reads the code (its keys in one burst, as a scanner sends them). */
const scan = scanCode;

/** Toasts sit over what a screenshot is for: hidden while it is taken (they are checked where they matter). */
async function shotWithoutToasts(page: Page, name: string) {
  const style = await page.addStyleTag({ content: '.mantine-Notifications-root { display: none; }' });
  await shot(page, name);
  await style.evaluate((element) => element.parentNode?.removeChild(element));
}

/** The scanning page's running count of pieces in the carton being loaded and in the whole AMS. */
async function expectCounts(page: Page, carton: string, inCarton: number, inAms: number) {
  const pieces = (count: number) => `${count} ${count === 1 ? 'piece' : 'pieces'}`;
  await expect(page.getByTestId('ams-scan-count-carton')).toContainText(`Carton ${carton}`);
  await expect(page.getByTestId('ams-scan-count-carton-pieces')).toHaveText(pieces(inCarton));
  await expect(page.getByTestId('ams-scan-count-ams-pieces')).toHaveText(pieces(inAms));
}

/** Types a carton label into its field and lets go of it (Enter), so the next scan goes to the page. */
async function setCarton(page: Page, label: string) {
  const field = page.getByTestId('ams-scan-ams_carton_label');
  await field.fill(label);
  await field.press('Enter');
  await expect(field).not.toBeFocused();
}

/** The statistics' parcel count of a carton label (its row's second cell), or of the totals. */
function cartonCount(statistics: Locator, label: string): Locator {
  if (label === 'Total') return statistics.locator('tfoot th').nth(1);
  const cell = statistics.page().getByRole('cell', { name: label, exact: true });
  return statistics.getByRole('row').filter({ has: cell }).getByRole('cell').nth(1);
}

/** An account's orders that file cleanly, one per name, and the AMS they go into. */
async function seedAms(request: Parameters<typeof billedSeller>[0], prefix: string, names: string[]) {
  const { admin, sellerApi } = await billedSeller(request, PRICE_ROWS);
  await ensureCustomsHsCode(admin);
  const orders = await placeFileableOrders(sellerApi, unique(prefix), names);
  const ams = await createAms(admin);
  return { admin, sellerApi, orders, ams };
}

test('an operator scans parcels into two cartons, a refused one, and re-weighs the last', async ({
  page,
  request,
}) => {
  const { admin, orders, ams } = await seedAms(request, 'AMSSCAN-', ['Ann Carter', 'Ben Dale', 'Cy Evans']);
  const [first, second, third] = orders as [PlacedOrder, PlacedOrder, PlacedOrder];
  const operator = await admin.createReadyUser(1, null);
  const unknown = unique('NOPE').toUpperCase();
  const table = page.getByTestId('ams-scan-table');
  const banner = page.getByTestId('scan-banner');

  await signInOnDesktop(page, operator);
  await page.goto('/internal/create-ams');
  await expect(page.getByRole('heading', { name: 'Create AMS', level: 1 })).toBeVisible();

  await test.step('picks the initiated AMS, which fills in its waybill data', async () => {
    // Without a date every initiated AMS is listed (the seeded one departs tomorrow).
    await page.getByTestId('ams-scan-date').fill('');
    const picker = page.getByRole('combobox', { name: /^AMS/ });
    await picker.click();
    await picker.fill(ams.name);
    await page.getByRole('option', { name: new RegExp(`^${ams.name} · departs`) }).click();
    await expect(page.getByTestId('ams-scan-masterAirWaybill')).toHaveValue(ams.masterAirWaybill);
    await expect(page.getByTestId('ams-scan-hawb')).toHaveValue(ams.hawb);
    await expect(page.getByTestId('ams-scan-airportCode')).toHaveValue('LAX');
    await setCarton(page, 'C1');
    await expectCounts(page, 'C1', 0, 0);
  });

  await test.step('two parcels scanned back to back go into carton C1', async () => {
    await scan(page, first.barcode);
    await scan(page, second.barcode);
    await expect(table.locator('tbody tr[data-outcome="added"]')).toHaveCount(2);
    await expect(row(page, first.barcode)).toContainText('C1');
    await expect(row(page, second.barcode)).toContainText('Added');
    await expect(banner).toContainText(`Added ${second.barcode}`);
    await expectCounts(page, 'C1', 2, 2);
  });

  await test.step('carton C2 takes the next one', async () => {
    await setCarton(page, 'C2');
    await expectCounts(page, 'C2', 0, 2);
    await scan(page, third.barcode);
    await expect(row(page, third.barcode)).toContainText('C2');
    await expectCounts(page, 'C2', 1, 3);
  });

  await test.step('an unknown barcode is refused, with why', async () => {
    await scan(page, unknown);
    const refused = row(page, unknown);
    await expect(refused).toHaveAttribute('data-outcome', 'failed');
    await expect(refused).toContainText('Failed');
    await expect(refused).toContainText(`No order has barcode ${unknown}.`);
    await expectToast(page, `Error: No order has barcode ${unknown}.`);
    await expect(banner).toHaveAttribute('data-outcome', 'error');
    await expectCounts(page, 'C2', 1, 3);
  });

  await test.step('the last parcel scanned in is re-weighed', async () => {
    await expect(page.getByTestId('ams-scan-weight-for')).toContainText(third.barcode);
    await page.getByTestId('ams-scan-weight').fill('450');
    await page.getByTestId('ams-scan-weight-submit').click();
    await expectToast(page, `Weight updated for ${third.barcode}`);
    await expect(row(page, third.barcode)).toContainText('0.45');
  });

  await test.step('back on carton C1: 2 in it, 3 in the AMS', async () => {
    await setCarton(page, 'C1');
    await expectCounts(page, 'C1', 2, 3);
    await shotWithoutToasts(page, 'ams-scan-1440');
    await page.setViewportSize({ width: 390, height: 844 });
    await expectCounts(page, 'C1', 2, 3);
    await shotWithoutToasts(page, 'ams-scan-390');
  });
});

test('an admin renames a carton, clears the one problem, files the AMS and downloads its files', async ({
  page,
  request,
}) => {
  const { admin, sellerApi, orders, ams } = await seedAms(request, 'AMSVIEW-', [
    'Dee Ford',
    'Eli Grant',
    'Fay Hill',
  ]);
  const [first, second, third] = orders as [PlacedOrder, PlacedOrder, PlacedOrder];
  // Its item has no HS code: the one parcel that stops the filing.
  const problem = await sellerApi.call<PlacedOrder>(
    'POST',
    '/orders',
    fileableOrder(unique('AMSVIEW-P-'), 'Gus Ives', null),
  );
  for (const [order, carton] of [
    [first, 'C1'],
    [second, 'C1'],
    [third, 'C2'],
    [problem, 'P1'],
  ] as const)
    await loadIntoAms(admin, ams, order.barcode, carton);

  await signInOnDesktop(page, E2E_ADMIN);
  await page.goto(`/internal/ams/${ams.sid}/view`);
  await expect(page.getByRole('heading', { name: 'View AMS', level: 1 })).toBeVisible();
  const statistics = page.getByRole('table', { name: 'Parcels and weight by carton label' });
  const filing = page.getByRole('region', { name: 'Filing', exact: true });
  const submit = filing.getByRole('button', { name: 'Submit AMS' });

  await test.step('the statistics by carton label', async () => {
    await expect(cartonCount(statistics, 'C1')).toHaveText('2');
    await expect(cartonCount(statistics, 'C2')).toHaveText('1');
    await expect(cartonCount(statistics, 'P1')).toHaveText('1');
    await expect(cartonCount(statistics, 'Total')).toHaveText('4');
  });

  await test.step('carton C2 is renamed C3', async () => {
    const form = page.getByRole('region', { name: 'Update carton label' });
    await choose(page, form.getByRole('combobox', { name: /^Old carton label/ }), 'C2');
    await form.getByRole('textbox', { name: /^New carton label/ }).fill('C3');
    await form.getByRole('button', { name: 'Update carton label' }).click();
    await expectToast(page, 'Successfully updated carton label');
    await expect(cartonCount(statistics, 'C3')).toHaveText('1');
    await expect(statistics.getByRole('cell', { name: 'C2', exact: true })).toHaveCount(0);
  });

  await test.step('the reconciliation names the parcel without HS code and keeps Submit AMS off', async () => {
    await expect(filing.getByTestId('ams-problems-count')).toHaveText('1 problem stops the filing');
    const problems = filing.getByRole('table', { name: 'Problems that stop the filing' });
    const link = problems.getByRole('link', { name: problem.barcode });
    await expect(link).toHaveAttribute('href', `/internal/orders/${problem.sid}/view`);
    await expect(problems).toContainText('has no HS code.');
    await expect(problems.getByRole('row')).toHaveCount(2);
    await expect(submit).toBeDisabled();
    await expect(filing).toContainText('Fix the problem above first: it stops the filing.');
    await shotWithoutToasts(page, 'ams-view-1440');
    await page.setViewportSize({ width: 390, height: 844 });
    await expect(filing.getByTestId('ams-problems-count')).toBeVisible();
    await shotWithoutToasts(page, 'ams-view-390');
    await page.setViewportSize({ width: 1440, height: 900 });
  });

  await test.step('taking that parcel out leaves nothing to stop the filing', async () => {
    const orderList = page.getByRole('region', { name: 'Orders in this AMS' });
    await orderList.getByRole('button', { name: `Remove ${problem.barcode} from the AMS` }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toContainText(`Take the order ${problem.barcode} out of this AMS?`);
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await expectToast(page, 'Order AMS deleted');
    await expect(filing.getByTestId('ams-problems-count')).toHaveText('0 problems stop the filing');
    await expect(statistics.getByRole('cell', { name: 'P1', exact: true })).toHaveCount(0);
    await expect(submit).toBeEnabled();
  });

  await test.step('Submit AMS files it: Filing…, then Submitted', async () => {
    await submitOnView(page, submit);
    await expectToast(page, 'Successfully submitted AMS');
    await expect(page.getByText('Submitted', { exact: true })).toBeVisible({ timeout: JOB_TIMEOUT });
    await expect(filing.getByTestId('ams-filing-now')).toHaveCount(0);
    // Filed for good: no Submit left that could only be refused (issue 28 item 4).
    await expect(submit).toHaveCount(0);
  });

  await test.step('the filed manifest and the AMS report, one row per parcel', async () => {
    const manifest = await downloadFrom(page, filing.getByRole('button', { name: 'Download manifest' }));
    expect(manifest.suggestedFilename()).toBe(`AMS-${ams.masterAirWaybill}.xlsx`);
    const manifestRows = await readWorkbook(await manifest.path());
    expect(manifestRows).toHaveLength(4);
    expect(manifestRows.flat()).toEqual(
      expect.arrayContaining([first.barcode, second.barcode, third.barcode]),
    );
    expect(manifestRows.flat()).not.toContain(problem.barcode);

    const report = await downloadFrom(page, filing.getByRole('button', { name: 'AMS report' }));
    expect(report.suggestedFilename()).toBe(`AMS-${ams.masterAirWaybill}-report.xlsx`);
    const reportRows = await readWorkbook(await report.path());
    expect(reportRows[0]).toEqual(expect.arrayContaining(['Carton label', 'Barcode', 'HS codes']));
    expect(reportRows).toHaveLength(4);
    expect(reportRows.flat()).toEqual(expect.arrayContaining(['C1', 'C3', third.barcode]));
  });
});

test('an admin loads parcels from a batch file and gets each row back with its outcome', async ({
  page,
  request,
}) => {
  const { orders, ams } = await seedAms(request, 'AMSBATCH-', ['Hal Jones', 'Ida King']);
  const [first, second] = orders as [PlacedOrder, PlacedOrder];
  const unknown = unique('NOPE').toUpperCase();
  const file = await writeWorkbook(unique('ams-batch-'), [
    ['barcode', 'ams_carton_label'],
    [first.barcode, 'B1'],
    [second.barcode, 'B2'],
    [unknown, 'B2'],
  ]);

  await signInOnDesktop(page, E2E_ADMIN);
  await page.goto(`/internal/ams/${ams.sid}/view`);
  const section = page.getByRole('region', { name: 'Batch upload' });
  await section.getByLabel(/^Batch Excel/).setInputFiles(file);
  const result = await downloadFrom(page, section.getByRole('button', { name: 'Upload', exact: true }));
  expect(result.suggestedFilename()).toBe('AMS_batch_result.xlsx');
  await expectToast(page, 'Added 2, already in 0, failed 1');

  const rows = await readWorkbook(await result.path());
  const outcome = (barcode: string) => rows.find((cells) => cells.includes(barcode))?.join(' ') ?? '';
  expect(outcome(first.barcode)).toContain('Added');
  expect(outcome(unknown)).toContain(`Failed: No order has barcode ${unknown}.`);

  const statistics = page.getByRole('table', { name: 'Parcels and weight by carton label' });
  await expect(cartonCount(statistics, 'B1')).toHaveText('1');
  await expect(cartonCount(statistics, 'B2')).toHaveText('1');
  await expect(cartonCount(statistics, 'Total')).toHaveText('2');
  await expect(page.getByRole('region', { name: 'Orders in this AMS' })).toContainText(second.barcode);
});
