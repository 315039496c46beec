/**
 * Issue 32: manifest loading never stops the line either. An operator opens Create AMS once (the service worker
 * installs), picks the flight's AMS and carton, and the network goes: 30 parcels scanned offline are queued,
 * never shown as added, and stay queued across a reload offline. Meanwhile an admin loads one of them into
 * another manifest. When the network is back the queue is sent: 29 parcels are loaded with the time they were
 * scanned, and the one in the other manifest shows as an exception until the operator acknowledges it.
 */
import { expect, type Page, test } from '@playwright/test';
import {
  createAms,
  ensureCustomsHsCode,
  loadIntoAms,
  type PlacedOrder,
  placeFileableOrders,
  type SeededAms,
} from './support/ams.ts';
import { unique } from './support/api.ts';
import { scanCode } from './support/scanner.ts';
import { billedSeller } from './support/seed.ts';
import { waitForServiceWorker } from './support/service-worker.ts';
import { shot, signInOnDesktop } from './support/ui.ts';

// 10,000 VND a parcel: the default credit (1,000,000 VND) pays for all 30.
const PRICE_ROWS = [[5000, 10000, 1]] as const;
const PARCELS = 30;

interface TrackingEvent {
  description: string;
  eventTime: string;
}

/** Picks the AMS on the Create AMS page (listed by default: it departs tomorrow) and types the carton. */
async function pickOnCreateAms(page: Page, ams: SeededAms, carton: string) {
  const picker = page.getByRole('combobox', { name: /^AMS/ });
  await picker.click();
  await picker.fill(ams.name);
  await page.getByRole('option', { name: new RegExp(`^${ams.name} · departs`) }).click();
  const field = page.getByTestId('ams-scan-ams_carton_label');
  await field.fill(carton);
  await field.press('Enter');
  await expect(field).not.toBeFocused();
}

test('an operator loads 30 parcels offline, reloads, and the queue is loaded once the network is back', async ({
  page,
  request,
}) => {
  test.setTimeout(150_000);
  const { admin, sellerApi } = await billedSeller(request, PRICE_ROWS);
  await ensureCustomsHsCode(admin);
  const names = Array.from({ length: PARCELS }, (_, index) => `Flight Customer ${index + 1}`);
  const parcels = await placeFileableOrders(sellerApi, unique('OFFAMS-'), names);
  for (const parcel of parcels) await admin.call('GET', `/orders/scan/barcode/${parcel.barcode}?hub=SGN`);
  const ams = await createAms(admin);
  const other = await createAms(admin);
  const taken = parcels[11] as PlacedOrder;
  const operator = await admin.createReadyUser(1, null);

  await signInOnDesktop(page, operator);
  await page.goto('/internal/create-ams');
  await pickOnCreateAms(page, ams, 'C1');
  await waitForServiceWorker(page);
  const queue = page.getByTestId('station-queue');
  const pending = page.getByTestId('station-pending');
  await expect(queue).toHaveAttribute('data-mode', 'live');

  await page.context().setOffline(true);
  const offlineFrom = Date.now();
  await test.step('30 loads offline: queued, the banner never green', async () => {
    for (const parcel of parcels) await scanCode(page, parcel.barcode);
    await expect(queue).toHaveAttribute('data-mode', 'queued');
    await expect(pending).toContainText(String(PARCELS));
    await expect(page.getByTestId('scan-banner')).not.toHaveAttribute('data-outcome', 'success');
    await shot(page, 'station-ams-queued');
  });

  await test.step('an admin loads one of them into another manifest meanwhile', async () => {
    await loadIntoAms(admin, other, taken.barcode, 'X1');
  });

  await test.step('the page reloads offline and still holds the 30 scans', async () => {
    await page.reload();
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(pending).toContainText(String(PARCELS));
  });
  const onlineAt = Date.now();

  await test.step('back online: 29 loaded, one exception, acknowledged', async () => {
    // The browser's 'online' event sends the queue at once: no need for Send now (its own tests click it).
    await page.context().setOffline(false);
    await expect(queue).toHaveAttribute('data-mode', 'live', { timeout: 30_000 });
    await expect(pending).toContainText('0');
    const exceptions = page.getByTestId('station-exception');
    await expect(exceptions).toHaveCount(1);
    await expect(exceptions.first()).toContainText(taken.barcode);
    // The counts come from the server again once it answers: the page was reloaded offline.
    await expect(page.getByTestId('ams-scan-count-ams-pieces')).toHaveText(`${PARCELS - 1} pieces`);
    await shot(page, 'station-ams-exception');
    await exceptions
      .first()
      .getByRole('button', { name: /Acknowledge/ })
      .click();
    await expect(exceptions).toHaveCount(0);
  });

  await test.step('each parcel is loaded once, stamped with the time it was scanned', async () => {
    const manifest = await admin.call<{ pieces: number }>('GET', `/ams/${ams.sid}`);
    expect(manifest.pieces).toBe(PARCELS - 1);
    for (const parcel of [parcels[0] as PlacedOrder, parcels[PARCELS - 1] as PlacedOrder]) {
      const response = await request.get(`/api/v1/tracking?filter=${parcel.barcode}`);
      expect(response.status()).toBe(200);
      const loads = ((await response.json()) as TrackingEvent[]).filter(
        (event) => event.description === `Loaded into manifest ${ams.masterAirWaybill}`,
      );
      expect(loads).toHaveLength(1);
      const at = Date.parse((loads[0] as TrackingEvent).eventTime);
      expect(at).toBeGreaterThanOrEqual(offlineFrom - 1_000);
      expect(at).toBeLessThan(onlineAt);
    }
  });
});
