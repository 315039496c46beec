/**
 * How a station's queue goes out (issue 32), as pure rules: in scan order, at most STATION_SCANS_MAX scans a
 * call, each as the wire wants it, and each verdict matched back to its scan by the scan's own id.
 */
import {
  type AmsStationScan,
  type HubStationScan,
  STATION_SCANS_MAX,
  type StationVerdict,
} from '@parcelops/shared';
import type { QueuedScan } from '../station-types.ts';

/** The first `max` scans of the queue, which is kept in scan order. */
export function takeSlice<T>(queue: readonly T[], max: number = STATION_SCANS_MAX): T[] {
  return queue.slice(0, Math.max(1, Math.min(max, STATION_SCANS_MAX)));
}

export const SEND_TIMEOUT_MS = 3_000;
/**
 * A live scan's call gives up after 3 s: past that the operator is better served by the queue. A backlog's
 * slice of 500 takes the server longer than that to apply (issue 31 measured 450-950 scans a second on a quiet
 * machine), and a slice that always timed out would never drain: each further scan adds this much.
 */
export const SEND_TIMEOUT_PER_SCAN_MS = 12;

export function sendTimeoutMs(scans: number): number {
  return SEND_TIMEOUT_MS + Math.max(0, scans - 1) * SEND_TIMEOUT_PER_SCAN_MS;
}

export type WireScan = HubStationScan | AmsStationScan;

/** The scan as the batch endpoints take it: its payload, identity and time. */
export function wireScan(scan: QueuedScan): WireScan {
  return { ...scan.payload, client_scan_id: scan.client_scan_id, scanned_at: scan.scanned_at } as WireScan;
}

/**
 * The verdicts matched to the scans sent, in scan order. Matched by id, not by position: a scan left without
 * a verdict (a reply cut short) stays queued rather than taking its neighbour's.
 */
export function matchVerdicts<S extends { client_scan_id: string }>(
  sent: readonly S[],
  verdicts: readonly StationVerdict[],
): { scan: S; verdict: StationVerdict }[] {
  const byId = new Map(verdicts.map((verdict) => [verdict.client_scan_id, verdict]));
  return sent.flatMap((scan) => {
    const verdict = byId.get(scan.client_scan_id);
    return verdict ? [{ scan, verdict }] : [];
  });
}
