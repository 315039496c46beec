/**
 * Issue 28 items 3 and 4, in a real browser: the manifest's waiting list. Parcels received at the AMS's hub (a
 * hub scan at SGN) and in no manifest show under "Waiting" on the AMS view, which says before Submit how many
 * would miss the flight; one loaded on the Create AMS page leaves the list there and on the view. A submitted
 * AMS reads as text with no button that would only be refused. Phone and desk pictures of the screens go to
 * /tmp/issue28/shots. Each journey seeds its own orders and AMS.
 */
import { mkdirSync } from 'node:fs';
import { expect, type Page, test } from '@playwright/test';
import {
  createAms,
  ensureCustomsHsCode,
  loadIntoAms,
  type PlacedOrder,
  pickOnCreateAms,
  placeFileableOrders,
} from './support/ams.ts';
import { unique } from './support/api.ts';
import { E2E_ADMIN } from './support/constants.ts';
import { scanCode } from './support/scanner.ts';
import { billedSeller } from './support/seed.ts';
import { signInOnDesktop } from './support/ui.ts';

const PRICE_ROWS = [[5000, 100000, 4]] as const;
const SHOTS = '/tmp/issue28/shots';

async function picture(page: Page, name: string) {
  mkdirSync(SHOTS, { recursive: true });
  await expect(page.locator('.mantine-Loader-root')).toHaveCount(0);
  // A full-page capture of a scrolled page draws the fixed header where the scroll left it.
  await page.evaluate('window.scrollTo(0, 0)');
  await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true, animations: 'disabled' });
}

/** A handheld scanner reads the code (its keys in one burst, as a scanner sends them). */
const scan = scanCode;

/** Orders of a seller, received at the SGN hub (GET /orders/scan/barcode), and an initiated AMS at SGN. */
async function seedReceived(request: Parameters<typeof billedSeller>[0], names: string[]) {
  const { admin, sellerApi } = await billedSeller(request, PRICE_ROWS);
  await ensureCustomsHsCode(admin);
  const orders = await placeFileableOrders(sellerApi, unique('WAIT-'), names);
  for (const order of orders) await admin.call('GET', `/orders/scan/barcode/${order.barcode}?hub=SGN`);
  const ams = await createAms(admin);
  return { admin, orders, ams };
}

const waitingSection = (page: Page) => page.getByRole('region', { name: /^Waiting: / });

test('the waiting list shows a received parcel not loaded, which leaves it once loaded', async ({
  page,
  request,
}) => {
  const { orders, ams } = await seedReceived(request, ['Ann Carter', 'Ben Dale']);
  const [loaded, left] = orders as [PlacedOrder, PlacedOrder];
  await signInOnDesktop(page, E2E_ADMIN);

  await test.step('the AMS view lists both received parcels under Waiting, and Submit says so', async () => {
    await page.goto(`/internal/ams/${ams.sid}/view`);
    const waiting = waitingSection(page);
    await expect(waiting.getByRole('link', { name: loaded.barcode })).toBeVisible();
    await expect(waiting.getByRole('link', { name: left.barcode })).toBeVisible();
    await expect(page.getByTestId('ams-waiting-note')).toContainText(
      /\d+ received parcels? (is|are) not on this flight/,
    );
  });

  await test.step('loaded on Create AMS, it leaves the waiting list there', async () => {
    await page.goto('/internal/create-ams');
    await pickOnCreateAms(page, ams, 'C1');
    const waiting = waitingSection(page);
    await expect(waiting.getByRole('link', { name: loaded.barcode })).toBeVisible();
    await scan(page, loaded.barcode);
    await expect(page.getByTestId('scan-banner')).toContainText(`Added ${loaded.barcode}`);
    await expect(waiting.getByRole('link', { name: loaded.barcode })).toHaveCount(0);
    await expect(waiting.getByRole('link', { name: left.barcode })).toBeVisible();
    // The weight toast shows where it lands on this page (issue 28: a toast over the weight column).
    await page.getByTestId('ams-scan-weight').fill('450');
    await page.getByTestId('ams-scan-weight-submit').click();
    await expect(page.getByText(`Weight updated for ${loaded.barcode}`)).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/create-ams-desk-toast.png`, animations: 'disabled' });
  });

  await test.step('and on the AMS view: in its orders, no longer waiting', async () => {
    await page.goto(`/internal/ams/${ams.sid}/view`);
    const orders = page.getByRole('region', { name: 'Orders in this AMS' });
    await expect(orders.getByRole('link', { name: loaded.barcode })).toBeVisible();
    const waiting = waitingSection(page);
    await expect(waiting.getByRole('link', { name: left.barcode })).toBeVisible();
    await expect(waiting.getByRole('link', { name: loaded.barcode })).toHaveCount(0);
    await picture(page, 'ams-view-desk');
    await page.setViewportSize({ width: 390, height: 844 });
    await expect(waiting.getByRole('link', { name: left.barcode })).toBeVisible();
    await picture(page, 'ams-view-phone');
  });
});

test('on a phone, Create AMS puts the banner and counts above the fields once an AMS is picked', async ({
  page,
  request,
}) => {
  const { orders, ams } = await seedReceived(request, ['Cy Evans']);
  const [parcel] = orders as [PlacedOrder];
  await signInOnDesktop(page, E2E_ADMIN);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/internal/create-ams');
  await pickOnCreateAms(page, ams, 'C1');

  const banner = page.getByTestId('scan-banner');
  const manifest = page.getByRole('region', { name: 'Air manifest' });
  const bannerBox = await banner.boundingBox();
  const manifestBox = await manifest.boundingBox();
  expect(bannerBox && manifestBox && bannerBox.y < manifestBox.y).toBe(true);
  await expect(page.getByTestId('ams-scan-waybill')).toContainText(ams.masterAirWaybill);
  await expect(page.getByTestId('ams-scan-hawb')).toBeHidden();

  await scan(page, parcel.barcode);
  await expect(banner).toContainText(`Added ${parcel.barcode}`);
  await picture(page, 'create-ams-phone');

  // Where a refusal's toast lands on a phone, beside the banner that says the same.
  const unknown = unique('NOPE').toUpperCase();
  await scan(page, unknown);
  await expect(banner).toContainText(`Failed ${unknown}`);
  await expect(page.getByText(`Error: No order has barcode ${unknown}.`)).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/create-ams-phone-toast.png`, animations: 'disabled' });
});

test('a submitted manifest reads as text, with none of the buttons that would only be refused', async ({
  page,
  request,
}) => {
  const { admin, orders, ams } = await seedReceived(request, ['Di Fox']);
  const [parcel] = orders as [PlacedOrder];
  await loadIntoAms(admin, ams, parcel.barcode, 'C1');
  await admin.call('POST', '/ams/submitAms', { ams_sid: ams.sid });
  await expect
    .poll(async () => (await admin.call<{ submit_status: string }>('GET', `/ams/${ams.sid}`)).submit_status, {
      timeout: 30_000,
    })
    .toBe('submitted');

  await signInOnDesktop(page, E2E_ADMIN);
  await page.goto(`/internal/ams/${ams.sid}/view`);
  await expect(page.getByTestId('ams-read-only')).toContainText('Submitted — read-only');
  const loaded = page.getByRole('region', { name: 'Orders in this AMS' });
  await expect(loaded.getByRole('link', { name: parcel.barcode })).toBeVisible();
  for (const name of ['Update', 'Submit AMS', 'Remove', 'Update carton label', 'Delete AMS orders', 'Upload'])
    await expect(page.getByRole('button', { name, exact: true })).toHaveCount(0);
  await expect(page.getByTestId('ams-summary')).toContainText(ams.masterAirWaybill);
  await picture(page, 'ams-view-submitted-desk');
});
