/**
 * Hub scan verdicts for the component tests, as the batch endpoint (POST /orders/scan/batch) answers them:
 * one verdict per scan, the order as it stands after the scan.
 */
import type { Hub, Order, StationVerdict, StationVerdictCode } from '@parcelops/shared';
import { type StubReply, type StubRequest, stubFetch } from '../../../test/fetch.ts';
import { order } from '../../../test/order-fixtures.ts';

export const RECEIVED_AT = '2026-11-25T14:02:00.000Z';
export const HUB_BATCH_PATH = '/orders/scan/batch';

export interface SentScan {
  client_scan_id: string;
  barcode: string;
  scanned_at: string;
  hub: Hub;
}

/** A verdict that found its parcel (`code` one of the hub's outcome codes) or refused it with the server's words. */
export function scanVerdict(
  code: StationVerdictCode,
  over: Partial<Order> = {},
  received: { at?: string | null; hub?: Hub | null } = {},
): StationVerdict {
  const barcode = over.barcode ?? 'PO1';
  return {
    client_scan_id: '',
    barcode,
    scanned_at: '',
    status: code === 'RECEIVED' ? 201 : 200,
    code,
    msg: `The server's own words for ${code}`,
    key: `hub.scan.${code}`,
    order: order({ sid: `sid-${barcode}`, barcode, status: 1, ...over }),
    received_at: code === 'RECEIVED' ? null : (received.at ?? RECEIVED_AT),
    received_hub: code === 'RECEIVED' ? null : (received.hub ?? 'SGN'),
    replayed: false,
  };
}

/** A scan the server refused: no order, its words as a catalogue text (unknown here, so the English shows). */
export function refusedVerdict(barcode: string, code: StationVerdictCode, msg: string): StationVerdict {
  return {
    client_scan_id: '',
    barcode,
    scanned_at: '',
    status: code === 'NOT_FOUND' ? 404 : 409,
    code,
    msg,
    key: `test.${code}`,
    order: null,
    replayed: false,
  };
}

export const notFoundVerdict = (barcode: string) =>
  refusedVerdict(barcode, 'NOT_FOUND', `No order found with barcode ${barcode}`);

/** The scans of a batch call, as the station sent them. */
export const sentScans = (request: Pick<StubRequest, 'body'>): SentScan[] =>
  (request.body as { scans: SentScan[] }).scans;

/** Every scan sent to the hub's batch endpoint so far, in the order sent. */
export function scansSent(fetchMock: ReturnType<typeof stubFetch>): SentScan[] {
  return fetchMock.mock.calls.flatMap(([, init]) => {
    const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as { scans?: SentScan[] }) : {};
    return body.scans ?? [];
  });
}

/** The verdicts of a batch call: each scan answered by `answer`, with its own id and time. */
export function batchReply(request: StubRequest, answer: (scan: SentScan) => StationVerdict): StubReply {
  const verdicts = sentScans(request).map((scan) => ({
    ...answer(scan),
    client_scan_id: scan.client_scan_id,
    scanned_at: scan.scanned_at,
  }));
  return { status: 200, body: { verdicts } };
}

/**
 * The batch endpoint: each barcode answers the verdicts given for it in turn (the last one again after that);
 * other barcodes are unknown (NOT_FOUND, with the server's msg).
 */
export function stubScans(verdicts: Record<string, StationVerdict | StationVerdict[]>) {
  const served: Record<string, number> = {};
  return stubFetch((request) => {
    if (request.method !== 'POST' || request.path !== HUB_BATCH_PATH) return undefined;
    return batchReply(request, ({ barcode }) => {
      const answers = verdicts[barcode];
      if (!answers) return notFoundVerdict(barcode);
      const list = Array.isArray(answers) ? answers : [answers];
      const turn = served[barcode] ?? 0;
      served[barcode] = turn + 1;
      return list[Math.min(turn, list.length - 1)] ?? notFoundVerdict(barcode);
    });
  });
}
