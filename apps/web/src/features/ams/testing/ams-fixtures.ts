/** AMS, their statistics and orders for the AMS pages' component tests. */
import type {
  Ams,
  AmsStatistic,
  ManifestFinding,
  OrderSummary,
  Reconciliation,
  WaitingParcel,
} from '@parcelops/shared';
import { orderSummary } from '../../../test/order-fixtures.ts';

/** 157-12345675: 1234567 mod 7 is 5, so its check digit is right. */
export const GOOD_MAWB = '157-12345675';

export const ams = (over: Partial<Ams> = {}): Ams => ({
  sid: 'ams-1',
  name: 'SGN-LAX 23 Nov',
  departureDate: '2026-11-23T14:30:00.000Z',
  masterAirWaybill: GOOD_MAWB,
  airportCode: 'LAX',
  hawb: 'H1001',
  carrier: 'DHL',
  serviceType: 'First Class',
  status: 'initiated',
  location: 'SGN',
  submit_status: 'initiated',
  submit_reason: null,
  submit_reason_text: null,
  is_updating: false,
  date_created: '2026-11-20T08:00:00.000Z',
  departing_soon: false,
  pieces: 3,
  total_weight: 4560,
  tracking_url: `https://www.dhl.com/us-en/home/tracking.html?tracking-id=${GOOD_MAWB}`,
  has_manifest_file: false,
  ...over,
});

export const statistic = (): AmsStatistic => ({
  data: [
    { ams_carton_label: 'CTN-1', count: 2, total_weight: 2500 },
    { ams_carton_label: 'CTN-2', count: 1, total_weight: 2060 },
  ],
  total_weight: 4560,
  count: 3,
});

/** `count` orders of the AMS, carton CTN-1, 1.25 kg each. */
export const amsOrders = (count: number): OrderSummary[] =>
  Array.from({ length: count }, (_, index) =>
    orderSummary({
      sid: `ord-${index + 1}`,
      orderNumber: `ORD-${1001 + index}`,
      barcode: `PO${String(index + 1).padStart(9, '0')}`,
      status: 1,
      ams_sid: 'ams-1',
      ams_carton_label: 'CTN-1',
      ams_masterAirWaybill: GOOD_MAWB,
    }),
  );

/** A finding; one given its own message and no key shows that message (its key is unknown to the web). */
export const finding = (over: Partial<ManifestFinding> = {}): ManifestFinding => ({
  order_sid: 'ord-1',
  item_sid: null,
  barcode: 'PO000000001',
  field: 'hs_code',
  message: 'Item SKU-1 has no HS code.',
  ...(over.message
    ? { key: 'ams.finding.inTest' }
    : { key: 'ams.finding.noHsCode', params: { sku: 'SKU-1' } }),
  ...over,
});

/** The check before filing: nothing stops it unless `over` says so; the statistic's cartons and totals. */
export const reconciliation = (over: Partial<Reconciliation> = {}): Reconciliation => ({
  problems: [],
  warnings: [],
  cartons: statistic().data,
  pieces: 3,
  total_weight: 4560,
  waiting: 0,
  ...over,
});

/** `count` parcels received at SGN and in no manifest, newest scan first, 0.50 kg each. */
export const waitingParcels = (count: number): WaitingParcel[] =>
  Array.from({ length: count }, (_, index) => ({
    sid: `wait-${index + 1}`,
    barcode: `PO${String(900 + index + 1).padStart(9, '0')}`,
    orderNumber: `W-${index + 1}`,
    account_sid: 'acc-1',
    accountName: 'Saigon Crafts',
    status: 1,
    weight: 500,
    received_at: new Date(Date.UTC(2026, 10, 24, 9, 0) - index * 60_000).toISOString(),
  }));
