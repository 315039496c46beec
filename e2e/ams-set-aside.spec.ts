/**
 * Issue 28 item 1 (N1), in a real browser: a parcel the hub set aside as Failed ("address does not exist") is
 * scanned on the Create AMS page by an operator. It is refused, the scanned row marked Failed with the reason,
 * and the parcel stays Failed with its reason and off the manifest. Desk and phone pictures of the refusal go
 * to /tmp/issue28/shots. The journey seeds its own seller, order and AMS.
 */
import { mkdirSync } from 'node:fs';
import { expect, type Page, test } from '@playwright/test';
import { createAms, ensureCustomsHsCode, type PlacedOrder, placeFileableOrders } from './support/ams.ts';
import { unique } from './support/api.ts';
import { scanCode } from './support/scanner.ts';
import { billedSeller } from './support/seed.ts';
import { row, signInOnDesktop } from './support/ui.ts';

const PRICE_ROWS = [[5000, 100000, 4]] as const;
const SHOTS = '/tmp/issue28/shots';
const REASON = 'address does not exist';

async function picture(page: Page, name: string) {
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true, animations: 'disabled' });
}

/** A handheld scanner reads the code (its keys in one burst, as a scanner sends them). */
const scan = scanCode;

test('an operator scanning a parcel the hub set aside is refused, with its reason', async ({
  page,
  request,
}) => {
  const { admin, sellerApi } = await billedSeller(request, PRICE_ROWS);
  await ensureCustomsHsCode(admin);
  const [parcel] = (await placeFileableOrders(sellerApi, unique('ASIDE-'), ['Hoa Nguyen'])) as [PlacedOrder];
  await admin.scan(parcel.barcode, 'SGN');
  expect((await admin.uploadStatus([parcel.barcode], 5, REASON)).updated).toBe(1);
  const ams = await createAms(admin);
  const operator = await admin.createReadyUser(1, null);

  await signInOnDesktop(page, operator);
  await page.goto('/internal/create-ams');
  await expect(page.getByRole('heading', { name: 'Create AMS', level: 1 })).toBeVisible();

  await test.step('picks the AMS and a carton', async () => {
    const picker = page.getByRole('combobox', { name: /^AMS/ });
    await picker.click();
    await picker.fill(ams.name);
    await page.getByRole('option', { name: new RegExp(`^${ams.name} · departs`) }).click();
    const carton = page.getByTestId('ams-scan-ams_carton_label');
    await carton.fill('C1');
    await carton.press('Enter');
    await expect(carton).not.toBeFocused();
  });

  await test.step('the set-aside parcel is refused: its row is marked Failed with the reason', async () => {
    await scan(page, parcel.barcode);
    const refused = row(page, parcel.barcode);
    await expect(refused).toHaveAttribute('data-outcome', 'failed');
    await expect(refused).toContainText('Failed');
    await expect(refused).toContainText(`${parcel.barcode} was set aside as Failed: "${REASON}".`);
    await expect(page.getByTestId('scan-banner')).toHaveAttribute('data-outcome', 'error');
    await picture(page, 'ams-set-aside-1440');
    await page.setViewportSize({ width: 390, height: 844 });
    await expect(refused).toBeVisible();
    await picture(page, 'ams-set-aside-390');
  });

  await test.step('the parcel stays Failed with its reason, in no manifest', async () => {
    const order = await admin.call<{ status: number; reason: string | null; ams_sid: string | null }>(
      'GET',
      `/orders/${parcel.sid}`,
    );
    expect(order).toMatchObject({ status: 5, reason: REASON, ams_sid: null });
  });
});
