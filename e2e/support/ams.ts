/**
 * Air manifests for the AMS journeys, seeded through the API: an AMS with a MAWB of its own (a valid check
 * digit, never used before), orders that file without a problem (or lack an HS code on purpose), and parcels
 * loaded into cartons as the scanning page would load them.
 */
import { expect, type Locator, type Page } from '@playwright/test';
import { type Api, unique } from './api.ts';

/** The HS code the fileable orders' items carry (cotton T-shirts), in the code table before an order names it. */
export const CUSTOMS_HS_CODE = '610910';
export const CUSTOMS_DESCRIPTION = 'Cotton T-shirt';

/**
 * A MAWB no other journey uses: the airline prefix and a random 7-digit serial, then its check digit (the
 * serial modulo 7, as @parcelops/shared's mawbWithCheckDigit writes it; the journeys do not import shared).
 */
export function uniqueMawb(prefix = '157'): string {
  const serial = String(Math.floor(Math.random() * 10_000_000)).padStart(7, '0');
  return `${prefix}-${serial}${Number(serial) % 7}`;
}

export interface SeededAms {
  sid: string;
  name: string;
  masterAirWaybill: string;
  airportCode: string;
  hawb: string;
  carrier: 'DHL' | 'USPS';
  serviceType: string;
  submit_status: string;
}

/** An initiated AMS departing tomorrow, with the defaults (LAX, DHL, First Class, SGN). */
export function createAms(admin: Api, name = unique('E2E AMS ')) {
  return admin.call<SeededAms>('POST', '/ams', {
    name,
    departureDate: new Date(Date.now() + 86_400_000).toISOString(),
    masterAirWaybill: uniqueMawb(),
    hawb: unique('H').toUpperCase().slice(0, 12),
  });
}

/** Makes sure the code table has CUSTOMS_HS_CODE, which fileableOrder's items name. */
export const ensureCustomsHsCode = (admin: Api) =>
  admin.ensureHsCode(CUSTOMS_HS_CODE, `${CUSTOMS_DESCRIPTION}s, knitted, of cotton`);

/**
 * An order to Austin that customs would take: a phone, fields within the manifest's lengths, one 300 g item
 * described plainly under CUSTOMS_HS_CODE; with `hsCode` null its item has no HS code (a filing problem).
 */
export const fileableOrder = (
  orderNumber: string,
  name: string,
  hsCode: string | null = CUSTOMS_HS_CODE,
) => ({
  orderNumber,
  name,
  phone: '+1 512 555 0100',
  address1: '1 Main St',
  city: 'Austin',
  state: 'TX',
  country: 'US',
  postalCode: '73301',
  items: [
    {
      skuNumber: unique('SKU-'),
      quantity: 1,
      itemDescription: CUSTOMS_DESCRIPTION,
      itemWeight: 300,
      itemWidth: 10,
      itemHeight: 10,
      itemLength: 10,
      ...(hsCode ? { hs_code: hsCode } : {}),
    },
  ],
});

export type PlacedOrder = { sid: string; barcode: string; orderNumber: string; weight: number };

/** Places fileableOrder for each name, numbered `${prefix}-1`, `${prefix}-2`…, one after another; their replies. */
export async function placeFileableOrders(api: Api, prefix: string, names: readonly string[]) {
  const placed: PlacedOrder[] = [];
  for (const [index, name] of names.entries())
    placed.push(
      await api.call<PlacedOrder>('POST', '/orders', fileableOrder(`${prefix}-${index + 1}`, name)),
    );
  return placed;
}

/** Loads a parcel into a carton of the AMS (POST /ams/order), with the AMS's own waybill data. */
export function loadIntoAms(api: Api, ams: SeededAms, barcode: string, carton: string) {
  return api.call<{ already_in: boolean }>('POST', '/ams/order', {
    ams_sid: ams.sid,
    barcode,
    ams_carton_label: carton,
    masterAirWaybill: ams.masterAirWaybill,
    airportCode: ams.airportCode,
    hawb: ams.hawb,
    carrier: ams.carrier,
    serviceType: ams.serviceType,
  });
}

/**
 * Clicks Submit AMS on the AMS view once its reconciliation is on screen. When received parcels would miss the
 * flight (other journeys leave parcels at the hub), the view says so and asks first (issue 28): confirmed here.
 */
export async function submitOnView(page: Page, submit: Locator) {
  const asks = await page.getByTestId('ams-waiting-note').isVisible();
  await submit.click();
  if (asks) await page.getByRole('dialog').getByRole('button', { name: 'Submit AMS' }).click();
}

/** Picks the AMS on the Create AMS page (listed by default: it departs tomorrow) and types the carton. */
export async function pickOnCreateAms(page: Page, ams: SeededAms, carton: string) {
  const picker = page.getByRole('combobox', { name: /^AMS/ });
  await picker.click();
  await picker.fill(ams.name);
  await page.getByRole('option', { name: new RegExp(`^${ams.name} · departs`) }).click();
  const field = page.getByTestId('ams-scan-ams_carton_label');
  await field.fill(carton);
  await field.press('Enter');
  await expect(field).not.toBeFocused();
}
