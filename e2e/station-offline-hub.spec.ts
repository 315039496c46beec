/**
 * Issue 32: the hub station never stops the line. An admin at the bench opens Scan Orders once (the service
 * worker installs), then the network goes: 30 parcels scanned with the browser offline are queued, never shown
 * as received, and stay queued across a reload of the page offline. Meanwhile another station receives one of
 * them. When the network is back the queue is sent: 29 parcels are received with the time they were scanned,
 * and the one the other station took shows as an exception until the operator acknowledges it.
 */
import { expect, test } from '@playwright/test';
import { Api, unique } from './support/api.ts';
import { E2E_ADMIN } from './support/constants.ts';
import { scanCode } from './support/scanner.ts';
import { billedSeller, placeHcmOrders } from './support/seed.ts';
import { waitForServiceWorker } from './support/service-worker.ts';
import { openScanOrders, shot, signInOnDesktop } from './support/ui.ts';

// 10,000 VND a parcel: the default credit (1,000,000 VND) pays for all 30.
const PRICE_ROWS = [[5000, 10000, 1]] as const;
const PARCELS = 30;

interface Placed {
  sid: string;
  barcode: string;
  orderNumber: string;
}

interface TrackingEvent {
  description: string;
  eventTime: string;
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
  const queue = page.getByTestId('station-queue');
  const pending = page.getByTestId('station-pending');
  await expect(queue).toHaveAttribute('data-mode', 'live');

  await page.context().setOffline(true);
  const offlineFrom = Date.now();
  await test.step('30 scans offline: queued, the banner never green', async () => {
    for (const parcel of parcels) await scanCode(page, parcel.barcode);
    await expect(queue).toHaveAttribute('data-mode', 'queued');
    await expect(pending).toContainText(String(PARCELS));
    await expect(page.getByTestId('scan-banner')).not.toHaveAttribute('data-outcome', 'success');
    await expect(page.getByTestId('scan-count-received')).toHaveText('0');
    await shot(page, 'station-hub-queued');
  });

  await test.step('another station receives one of them meanwhile', async () => {
    const admin = await Api.admin(request);
    await admin.call('GET', `/orders/scan/barcode/${taken.barcode}?hub=SGN`);
  });

  await test.step('the page reloads offline and still holds the 30 scans', async () => {
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Scan Orders', level: 1 })).toBeVisible();
    await expect(pending).toContainText(String(PARCELS));
  });
  const onlineAt = Date.now();

  await test.step('back online: 29 received, one exception, acknowledged', async () => {
    // The browser's 'online' event sends the queue at once: no need for Send now (its own tests click it).
    await page.context().setOffline(false);
    await expect(queue).toHaveAttribute('data-mode', 'live', { timeout: 30_000 });
    await expect(pending).toContainText('0');
    await expect(page.getByTestId('scan-count-received')).toHaveText(String(PARCELS - 1));
    const exceptions = page.getByTestId('station-exception');
    await expect(exceptions).toHaveCount(1);
    await expect(exceptions.first()).toContainText(taken.barcode);
    await shot(page, 'station-hub-exception');
    await exceptions
      .first()
      .getByRole('button', { name: /Acknowledge/ })
      .click();
    await expect(exceptions).toHaveCount(0);
  });

  await test.step('each parcel has one receipt, stamped with the time it was scanned', async () => {
    for (const parcel of [parcels[0] as Placed, parcels[PARCELS - 1] as Placed]) {
      const response = await request.get(`/api/v1/tracking?filter=${parcel.barcode}`);
      expect(response.status()).toBe(200);
      const receipts = ((await response.json()) as TrackingEvent[]).filter(
        (event) => event.description === 'Received at SGN hub',
      );
      expect(receipts).toHaveLength(1);
      const at = Date.parse((receipts[0] as TrackingEvent).eventTime);
      expect(at).toBeGreaterThanOrEqual(offlineFrom - 1_000);
      expect(at).toBeLessThan(onlineAt);
    }
  });
});
