/** Scan replies for the hub's component tests: an order as the scan route answers it, with the verdict. */
import type { Hub, Order, ScanOutcomeCode, ScanReply } from '@parcelops/shared';
import { stubFetch } from '../../../test/fetch.ts';
import { order } from '../../../test/order-fixtures.ts';

export const RECEIVED_AT = '2026-11-25T14:02:00.000Z';

export function scanReply(
  code: ScanOutcomeCode,
  over: Partial<Order> = {},
  received: { at?: string | null; hub?: Hub | null } = {},
): ScanReply {
  const barcode = over.barcode ?? 'PO1';
  return {
    ...order({ sid: `sid-${barcode}`, barcode, status: 1, ...over }),
    scan: {
      code,
      msg: `The server's own words for ${code}`,
      key: `hub.scan.${code}`,
      received_at: code === 'RECEIVED' ? null : (received.at ?? RECEIVED_AT),
      received_hub: code === 'RECEIVED' ? null : (received.hub ?? 'SGN'),
    },
  };
}

/**
 * The scan route: each barcode answers the replies given for it in turn (the last one again after that);
 * other barcodes are unknown (404 NOT_FOUND, with the server's msg).
 */
export function stubScans(replies: Record<string, ScanReply | ScanReply[]>) {
  const served: Record<string, number> = {};
  return stubFetch((request) => {
    const code = request.path.match(/^\/orders\/scan\/barcode\/(.+)$/)?.[1];
    if (request.method !== 'GET' || !code) return undefined;
    const barcode = decodeURIComponent(code);
    const answers = replies[barcode];
    if (!answers) {
      return { status: 404, body: { msg: `No order found with barcode ${barcode}`, code: 'NOT_FOUND' } };
    }
    const list = Array.isArray(answers) ? answers : [answers];
    const turn = served[barcode] ?? 0;
    served[barcode] = turn + 1;
    return { status: 200, body: list[Math.min(turn, list.length - 1)] };
  });
}
