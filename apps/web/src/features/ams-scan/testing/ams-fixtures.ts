/**
 * AMS, scan replies and a stand-in server for the Create AMS scanning page's component tests. Scans go through
 * the station's batch endpoint (POST /ams/order/batch, issue 32); a test still says what the single call would
 * have answered for each barcode, and the stand-in answers each listed scan with that reply as a verdict.
 */
import {
  type Ams,
  type AmsOrderInput,
  type AmsOrderReply,
  type AmsStatistic,
  mawbWithCheckDigit,
  type Order,
  type StationVerdict,
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
  /**
   * What POST /ams/order would answer, by barcode (read at each call); other barcodes are unknown (404 with
   * the server's msg). POST /ams/order/batch answers each listed scan with it as a verdict.
   */
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
    if (request.method === 'POST' && request.path === AMS_BATCH_PATH) {
      const { scans: listed } = request.body as { scans: SentAmsScan[] };
      const verdicts = listed.map((scan) =>
        amsVerdict(scan, scans[scan.barcode] ?? unknownBarcode(scan.barcode)),
      );
      return { status: 200, body: { verdicts } };
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

export const AMS_BATCH_PATH = '/ams/order/batch';

/** One listed scan as the station sent it: the single load's fields with the scan's id and time. */
export type SentAmsScan = AmsOrderInput & { client_scan_id: string; scanned_at: string };

const unknownBarcode = (barcode: string): StubReply => ({
  status: 404,
  body: { msg: `No order found with barcode ${barcode}`, code: 'NOT_FOUND' },
});

/** A scan's verdict as the batch endpoint words the single call's `reply`. */
export function amsVerdict(scan: SentAmsScan, reply: StubReply): StationVerdict {
  const common = { client_scan_id: scan.client_scan_id, barcode: scan.barcode, scanned_at: scan.scanned_at };
  if (reply.status >= 400) {
    const { msg, code } = reply.body as { msg: string; code: StationVerdict['code'] };
    // A key no catalogue knows: the server's English shows, as the single call's msg did.
    return { ...common, status: reply.status, code, msg, key: `test.${code}`, order: null, replayed: false };
  }
  const body = reply.body as AmsOrderReply;
  const code = body.carton_moved_from ? 'MOVED' : body.already_in ? 'ALREADY_IN' : 'LOADED';
  return {
    ...common,
    status: reply.status,
    code,
    msg: `The server's own words for ${code}`,
    key: `ams.load.${code}`,
    order: body.order,
    ams_automatedManifestSystemId: body.ams_automatedManifestSystemId,
    ams_carton_label: body.order.ams_carton_label,
    carton_moved_from: body.carton_moved_from,
    replayed: false,
  };
}

/** Every scan sent to the batch endpoint so far, in the order sent, as the single load's fields. */
export function amsScansSent(fetchMock: { mock: { calls: unknown[][] } }): AmsOrderInput[] {
  return fetchMock.mock.calls.flatMap(([input, init]) => {
    const request = (init ?? {}) as RequestInit;
    if (!String(input).endsWith(AMS_BATCH_PATH) || typeof request.body !== 'string') return [];
    const { scans } = JSON.parse(request.body) as { scans: SentAmsScan[] };
    return scans.map(({ client_scan_id: _id, scanned_at: _at, ...fields }) => fields);
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
