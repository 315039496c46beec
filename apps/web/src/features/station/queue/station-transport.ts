/**
 * The station's one call: a slice of its queue to the kind's batch endpoint (POST /orders/scan/batch,
 * POST /ams/order/batch), answered with a verdict per scan. Not through lib/api-client: the call must give up
 * after its timeout (AbortController), and a 401 must not end the session on the spot. An operator whose
 * session ran out while the hub was offline keeps scanning into the queue and signs in again when asked
 * (the station's Sign in button ends the session the way api-client does).
 */
import type { StationVerdict } from '@parcelops/shared';
import { API_BASE } from '../../../lib/api-client.ts';
import { type FailureWords, textOf } from '../../../lib/server-text.ts';
import { getToken } from '../../../lib/session.ts';
import type { SendOutcome } from '../rules/station-mode.ts';
import type { WireScan } from '../rules/station-slices.ts';
import type { StationKind } from '../station-types.ts';

export const STATION_BATCH_PATHS: Record<StationKind, string> = {
  hub: '/orders/scan/batch',
  ams: '/ams/order/batch',
};

export interface TransportReply {
  outcome: SendOutcome;
  /** The verdicts, in the order sent; empty unless answered. */
  verdicts: StationVerdict[];
}

export type StationTransport = (
  kind: StationKind,
  scans: WireScan[],
  timeoutMs: number,
) => Promise<TransportReply>;

/** Statuses that say the server (or the proxy before it) cannot take the list now, not that it is wrong. */
const TRY_AGAIN = new Set([429, 502, 503, 504]);
const UNREACHABLE: TransportReply = { outcome: { type: 'unreachable' }, verdicts: [] };

const isVerdict = (value: unknown): value is StationVerdict =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as StationVerdict).client_scan_id === 'string' &&
  typeof (value as StationVerdict).code === 'string' &&
  typeof (value as StationVerdict).barcode === 'string';

/** The server's words for a list refused whole, or a generic failure when it gave none. */
function refusalOf(status: number, body: unknown): FailureWords {
  const reply = typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : {};
  const reason = typeof reply.msg === 'string' ? reply.msg : `HTTP ${status}`;
  const reasonText = textOf(reply);
  return reasonText ? { reason, reasonText } : { reason };
}

/** What a reply means for the queue. Pure: the rules the station switches modes by. */
export function outcomeOfReply(status: number, body: unknown): TransportReply {
  if (status === 200 || status === 201) {
    const verdicts = (body as { verdicts?: unknown } | null)?.verdicts;
    if (Array.isArray(verdicts) && verdicts.every(isVerdict)) {
      return { outcome: { type: 'answered' }, verdicts };
    }
    return { outcome: { type: 'refused', failure: refusalOf(status, null) }, verdicts: [] };
  }
  if (status === 401) return { outcome: { type: 'unauthorized' }, verdicts: [] };
  if (TRY_AGAIN.has(status)) return UNREACHABLE;
  return { outcome: { type: 'refused', failure: refusalOf(status, body) }, verdicts: [] };
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

export const postStationScans: StationTransport = async (kind, scans, timeoutMs) => {
  const token = getToken();
  const headers: Record<string, string> = { accept: 'application/json', 'content-type': 'application/json' };
  if (token) headers.authorization = `Bearer ${token}`;
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), timeoutMs);
  try {
    const response = await fetch(`${API_BASE}${STATION_BATCH_PATHS[kind]}`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ scans }),
      signal: controller.signal,
    });
    // Read under the same timeout: a reply that stalls half-way is no answer either.
    return outcomeOfReply(response.status, parseJson(await response.text()));
  } catch {
    // Offline, refused connection, or aborted by the timeout: the scans wait.
    return UNREACHABLE;
  } finally {
    clearTimeout(timer);
  }
};
