/** AMS, scan replies and a stand-in server for the Create AMS scanning page's component tests. */
import {
  type Ams,
  type AmsOrderReply,
  type AmsStatistic,
  mawbWithCheckDigit,
  type Order,
  type WaitingParcel,
} from '@parcelops/shared';
import { type StubReply, type StubRequest, stubFetch } from '../../../test/fetch.ts';
import { order } from '../../../test/order-fixtures.ts';
import { ams as amsOfAmsPages } from '../../ams/testing/ams-fixtures.ts';

export const MAWB = mawbWithCheckDigit('157', '1234567');

/** The AMS pages' AMS, as the scanning station's tests know it: empty, flying to JFK. */
export const ams = (over: Partial<Ams> = {}): Ams =>
  amsOfAmsPages({
    name: 'SGN-LAX 25 Nov',
    departureDate: '2026-11-25T14:00:00.000Z',
    masterAirWaybill: MAWB,
    airportCode: 'JFK',
    hawb: 'HAWB01',
    carrier: 'USPS',
    serviceType: 'Priority',
    pieces: 0,
    total_weight: 0,
    tracking_url: null,
    ...over,
  });

/** POST /ams/order's answer for `barcode`: its order now in the AMS, carton `label`. */
export function amsOrderReply(
  barcode: string,
  label: string,
  {
    already_in = false,
    carton_moved_from = null,
    ...over
  }: Partial<Order> & { already_in?: boolean; carton_moved_from?: string | null } = {},
): AmsOrderReply {
  const amsId = `AMS-${barcode}`;
  return {
    order: order({
      sid: `sid-${barcode}`,
      barcode,
      orderNumber: `ORD-${barcode}`,
      status: 2,
      ams_sid: 'ams-1',
      ams_carton_label: label,
      ams_masterAirWaybill: MAWB,
      ams_automatedManifestSystemId: amsId,
      ...over,
    }),
    ams_automatedManifestSystemId: amsId,
    already_in,
    carton_moved_from,
  };
}

export const statistic = (entries: [label: string, count: number, grams: number][]): AmsStatistic => ({
  data: entries.map(([ams_carton_label, count, total_weight]) => ({ ams_carton_label, count, total_weight })),
  count: entries.reduce((sum, [, count]) => sum + count, 0),
  total_weight: entries.reduce((sum, [, , grams]) => sum + grams, 0),
});

interface AmsServer {
  /** GET /ams: the initiated AMS (the same for any day). */
  list?: Ams[];
  /** GET /orders/statisticForAms: answered in turn, the last one again after that. */
  statistics?: AmsStatistic[];
  /** POST /ams/order, by barcode; other barcodes are unknown (404 with the server's msg). */
  scans?: Record<string, StubReply>;
  /** PUT /ams/order/{sid}. */
  reweigh?: (request: StubRequest) => StubReply;
  /** GET /ams/{sid}/waiting: answered in turn, the last one again after that. */
  waiting?: WaitingParcel[][];
}

export function stubAmsServer({
  list = [ams()],
  statistics = [statistic([])],
  scans = {},
  reweigh,
  waiting = [[]],
}: AmsServer) {
  let served = 0;
  let waitingServed = 0;
  return stubFetch((request) => {
    if (request.method === 'GET' && request.path === '/ams') {
      return { status: 200, body: { data: list, total: list.length } };
    }
    if (request.method === 'GET' && request.path === '/orders/statisticForAms') {
      served += 1;
      return { status: 200, body: statistics[Math.min(served, statistics.length) - 1] };
    }
    if (request.method === 'POST' && request.path === '/ams/order') {
      const { barcode } = request.body as { barcode: string };
      return (
        scans[barcode] ?? {
          status: 404,
          body: { msg: `No order found with barcode ${barcode}`, code: 'NOT_FOUND' },
        }
      );
    }
    if (request.method === 'PUT' && request.path.startsWith('/ams/order/')) return reweigh?.(request);
    if (request.method === 'GET' && /^\/ams\/[^/]+\/waiting$/.test(request.path)) {
      waitingServed += 1;
      const data = waiting[Math.min(waitingServed, waiting.length) - 1] ?? [];
      return { status: 200, body: { data, total: data.length } };
    }
    return undefined;
  });
}

/** The calls `fetchMock` got to `path` with `method`, as the stub saw them. */
export function callsTo(fetchMock: ReturnType<typeof stubFetch>, method: string, path: string) {
  return fetchMock.mock.calls
    .map(([input, init]) => ({ url: new URL(String(input), 'http://localhost'), init: init ?? {} }))
    .filter(({ url, init }) => (init.method ?? 'GET') === method && url.pathname === `/api/v1${path}`)
    .map(({ url, init }) => ({
      query: url.searchParams,
      body: typeof init.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined,
    }));
}

/** A parcel received at the hub and in no manifest. */
export const waitingParcel = (barcode: string, over: Partial<WaitingParcel> = {}): WaitingParcel => ({
  sid: `sid-${barcode}`,
  barcode,
  orderNumber: `ORD-${barcode}`,
  account_sid: 'acc-1',
  accountName: 'Saigon Crafts',
  status: 1,
  weight: 700,
  received_at: '2026-11-24T09:00:00.000Z',
  ...over,
});
