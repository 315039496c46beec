/** Seeds for AMS tests: manifests with MAWBs of their own, the body that scans a parcel into one, a hub's receipt. */
import { type Ams, mawbWithCheckDigit, type Order } from '@parcelops/shared';
import { expect } from 'vitest';
import { type TestApp, unique } from './test-app.ts';

/** Seven digits from a random start, counted up, so no two MAWBs of a test file collide (a MAWB is once a year). */
let serial = 1_000_000 + Math.floor(Math.random() * 8_000_000);

/** A valid MAWB (airline 157, the right check digit) no other of this file has. */
export const nextMawb = () => mawbWithCheckDigit('157', String(serial++));

/**
 * An AMS created by the admin: named `namePrefix` and a unique tail, departing in 24 hours, HAWB H1, a fresh
 * MAWB; any other field given (location, departureDate, hawb, name…) replaces the default.
 */
export async function createTestAms(
  t: TestApp,
  admin: string,
  { namePrefix = 'AMS ', ...overrides }: { namePrefix?: string } & Record<string, unknown> = {},
): Promise<Ams> {
  const response = await t.call('POST', '/ams', {
    token: admin,
    body: {
      name: unique(namePrefix),
      departureDate: new Date(Date.now() + 86_400_000).toISOString(),
      masterAirWaybill: nextMawb(),
      hawb: 'H1',
      ...overrides,
    },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
}

/** The body of POST /ams/order that scans `barcode` into the manifest's carton; `extra` adds or replaces fields. */
export const amsOrderBody = (
  manifest: Ams,
  barcode: string,
  carton = 'C1',
  extra: Record<string, unknown> = {},
) => ({
  ams_sid: manifest.sid,
  barcode,
  ams_carton_label: carton,
  masterAirWaybill: manifest.masterAirWaybill,
  airportCode: manifest.airportCode,
  hawb: manifest.hawb,
  carrier: manifest.carrier,
  serviceType: manifest.serviceType,
  ...extra,
});

/** The hub scans a new parcel in: it must come back Received. */
export async function receiveAtHub(
  t: TestApp,
  operator: string,
  order: Pick<Order, 'barcode'>,
  hub: 'SGN' | 'HAN' = 'SGN',
): Promise<void> {
  const scan = await t.call('GET', `/orders/scan/barcode/${order.barcode}`, {
    token: operator,
    query: { hub },
  });
  expect(scan.statusCode, scan.body).toBe(200);
  expect(scan.json().scan.code).toBe('RECEIVED');
}
