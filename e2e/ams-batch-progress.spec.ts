/**
 * Issue 31, part 4: the AMS batch upload shows how far it is. An admin uploads a file of 3,000 parcels (seeded
 * through a batch order) on the AMS view; while the server loads them the section shows "Loading parcels: N of
 * 3,000" with its bar, polled from the server under the upload's id; then the result file comes down, the
 * counts are toasted and the bar goes.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { createAms } from './support/ams.ts';
import { unique } from './support/api.ts';
import { E2E_ADMIN } from './support/constants.ts';
import { billedAccount, ordersWorkbook, seattleRow } from './support/seed.ts';
import { expectToast, SCREENS_DIR, signInOnDesktop } from './support/ui.ts';
import { readWorkbook, writeWorkbook } from './support/workbooks.ts';

/** Parcels in the file: enough that loading them takes several polls of the progress. */
const PARCELS = 3_000;
/** 100 VND an order: the billed account's credit pays for them all. */
const PRICE_ROWS = [[5000, 100, 1]] as const;

test('an admin sees an AMS batch upload’s progress, then its result', async ({ page, request }) => {
  test.setTimeout(300_000);
  const { admin, account } = await billedAccount(request, PRICE_ROWS);
  const prefix = unique('ABP');
  const orders = await ordersWorkbook(
    Array.from({ length: PARCELS }, (_, index) =>
      seattleRow(`${prefix}-${index + 1}`, `Parcel ${index + 1}`),
    ),
  );
  const batch = await admin.createBatch(unique('AMS progress '), orders, account.sid);
  expect(await admin.finishedBatch(batch.sid, 180_000)).toBe('success');
  const placed = await admin.call<{ data: { barcode: string }[] }>(
    'GET',
    `/orders?account_sid=${account.sid}&page_size=${PARCELS}`,
  );
  expect(placed.data).toHaveLength(PARCELS);
  const ams = await createAms(admin);
  const file = await writeWorkbook(unique('ams-progress-'), [
    ['barcode', 'ams_carton_label'],
    ...placed.data.map((order, index) => [order.barcode, `P${Math.floor(index / 500) + 1}`]),
  ]);

  await signInOnDesktop(page, E2E_ADMIN);
  await page.goto(`/internal/ams/${ams.sid}/view`);
  const section = page.getByRole('region', { name: 'Batch upload' });
  await section.getByLabel(/^Batch Excel/).setInputFiles(file);
  const download = page.waitForEvent('download', { timeout: 180_000 });
  await section.getByRole('button', { name: 'Upload', exact: true }).click();

  const progress = section.getByTestId('ams-batch-progress');
  await expect(progress).toBeVisible();
  const loading = section.getByText(/^Loading parcels: [\d,]+ of 3,000$/);
  await expect(loading).toBeVisible({ timeout: 120_000 });
  await expect(
    section.getByRole('progressbar', { name: /^Loading parcels: [\d,]+ of 3,000$/ }),
  ).toBeVisible();
  mkdirSync(SCREENS_DIR, { recursive: true });
  await section.screenshot({ path: join(SCREENS_DIR, 'ams-batch-progress.png'), animations: 'disabled' });

  const result = await download;
  expect(result.suggestedFilename()).toBe('AMS_batch_result.xlsx');
  await expectToast(page, 'Added 3,000, already in 0, failed 0');
  await expect(progress).toBeHidden();
  const rows = await readWorkbook(await result.path());
  expect(rows.filter((cells) => cells.includes('Added'))).toHaveLength(PARCELS);
});
