/**
 * Issue 32: manifest loading never stops the line either. An operator opens Create AMS once (the service worker
 * installs), picks the flight's AMS and carton, and the network goes: 30 parcels scanned offline are queued,
 * never shown as added, and stay queued across a reload offline. Meanwhile an admin loads one of them into
 * another manifest. When the network is back the queue is sent: 29 parcels are loaded with the time they were
 * scanned, and the one in the other manifest shows as an exception until the operator acknowledges it.
 */
import { expect, test } from '@playwright/test';
import {
  createAms,
  ensureCustomsHsCode,
  loadIntoAms,
  type PlacedOrder,
  pickOnCreateAms,
  placeFileableOrders,
} from './support/ams.ts';
import { unique } from './support/api.ts';
import { billedSeller } from './support/seed.ts';
import { waitForServiceWorker } from './support/service-worker.ts';
import {
  acknowledgeTheException,
  backOnline,
  expectLive,
  expectOneEventBetween,
  reloadOffline,
  scanOffline,
} from './support/station.ts';
import { shot, signInOnDesktop } from './support/ui.ts';

// 10,000 VND a parcel: the default credit (1,000,000 VND) pays for all 30.
const PRICE_ROWS = [[5000, 10000, 1]] as const;
const PARCELS = 30;

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
  await expectLive(page);

  let offlineFrom = 0;
  await test.step('30 loads offline: queued, the banner never green', async () => {
    offlineFrom = await scanOffline(
      page,
      parcels.map((parcel) => parcel.barcode),
    );
    await shot(page, 'station-ams-queued');
  });

  await test.step('an admin loads one of them into another manifest meanwhile', async () => {
    await loadIntoAms(admin, other, taken.barcode, 'X1');
  });

  await test.step('the page reloads offline and still holds the 30 scans', async () => {
    await reloadOffline(page, PARCELS);
  });

  let onlineAt = 0;
  await test.step('back online: 29 loaded, one exception, acknowledged', async () => {
    onlineAt = await backOnline(page);
    // The counts come from the server again once it answers: the page was reloaded offline.
    await expect(page.getByTestId('ams-scan-count-ams-pieces')).toHaveText(`${PARCELS - 1} pieces`);
    await acknowledgeTheException(page, taken.barcode, () => shot(page, 'station-ams-exception'));
  });

  await test.step('each parcel is loaded once, stamped with the time it was scanned', async () => {
    const manifest = await admin.call<{ pieces: number }>('GET', `/ams/${ams.sid}`);
    expect(manifest.pieces).toBe(PARCELS - 1);
    const loaded = `Loaded into manifest ${ams.masterAirWaybill}`;
    for (const parcel of [parcels[0] as PlacedOrder, parcels[PARCELS - 1] as PlacedOrder])
      await expectOneEventBetween(request, parcel.barcode, loaded, offlineFrom, onlineAt);
  });
});
