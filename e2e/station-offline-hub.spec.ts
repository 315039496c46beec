/**
 * Issue 32: the hub station never stops the line. An admin at the bench opens Scan Orders once (the service
 * worker installs), then the network goes: 30 parcels scanned with the browser offline are queued, never shown
 * as received, and stay queued across a reload of the page offline and while the network is back but the server
 * still down. Meanwhile another station receives one of them. When both are back the queue is sent: 29 parcels
 * are received with the time they were scanned, and the one the other station took shows as an exception until
 * the operator acknowledges it.
 */
import { expect, test } from '@playwright/test';
import { Api, unique } from './support/api.ts';
import { E2E_ADMIN } from './support/constants.ts';
import { billedSeller, placeHcmOrders } from './support/seed.ts';
import { waitForServiceWorker } from './support/service-worker.ts';
import {
  acknowledgeTheException,
  backOnline,
  expectLive,
  expectOneEventBetween,
  reloadOffline,
  scanOffline,
} from './support/station.ts';
import { openScanOrders, shot, signInOnDesktop } from './support/ui.ts';

// 10,000 VND a parcel: the default credit (1,000,000 VND) pays for all 30.
const PRICE_ROWS = [[5000, 10000, 1]] as const;
const PARCELS = 30;

interface Placed {
  sid: string;
  barcode: string;
  orderNumber: string;
}

test('an admin scans 30 parcels offline, reloads, and the queue is received once the network is back', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const { sellerApi } = await billedSeller(request, PRICE_ROWS);
  const names = Array.from({ length: PARCELS }, (_, index) => `Offline Customer ${index + 1}`);
  const parcels = await placeHcmOrders<Placed>(sellerApi, unique('OFF-'), names);
  const taken = parcels[7] as Placed;

  await signInOnDesktop(page, E2E_ADMIN);
  await openScanOrders(page);
  await waitForServiceWorker(page);
  await expectLive(page);

  let offlineFrom = 0;
  await test.step('30 scans offline: queued, the banner never green', async () => {
    offlineFrom = await scanOffline(
      page,
      parcels.map((parcel) => parcel.barcode),
    );
    await expect(page.getByTestId('scan-count-received')).toHaveText('0');
    await shot(page, 'station-hub-queued');
  });

  await test.step('another station receives one of them meanwhile', async () => {
    const admin = await Api.admin(request);
    await admin.call('GET', `/orders/scan/barcode/${taken.barcode}?hub=SGN`);
  });

  await test.step('the page reloads offline and still holds the 30 scans', async () => {
    await reloadOffline(page, PARCELS);
    await expect(page.getByRole('heading', { name: 'Scan Orders', level: 1 })).toBeVisible();
  });

  await test.step('the network is back but the server is still down: the scans stay queued', async () => {
    // Every call refused as a stopped server refuses it (no process on the port).
    await page.route('**/api/v1/**', (route) => route.abort('connectionrefused'));
    const refused = page.waitForRequest((sent) => sent.url().includes('/orders/scan/batch'));
    await page.context().setOffline(false);
    await refused;
    await expect(page.getByTestId('station-queue')).toHaveAttribute('data-mode', 'queued');
    await expect(page.getByTestId('station-pending')).toContainText(String(PARCELS));
    await page.context().setOffline(true);
    await page.unroute('**/api/v1/**');
  });

  let onlineAt = 0;
  await test.step('back online: 29 received, one exception, acknowledged', async () => {
    onlineAt = await backOnline(page);
    await expect(page.getByTestId('scan-count-received')).toHaveText(String(PARCELS - 1));
    await acknowledgeTheException(page, taken.barcode, () => shot(page, 'station-hub-exception'));
  });

  await test.step('each parcel has one receipt, stamped with the time it was scanned', async () => {
    for (const parcel of [parcels[0] as Placed, parcels[PARCELS - 1] as Placed])
      await expectOneEventBetween(request, parcel.barcode, 'Received at SGN hub', offlineFrom, onlineAt);
  });
});
