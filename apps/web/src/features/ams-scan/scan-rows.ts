/**
 * The scanned table's rows: one per scan, newest first, each keyed by the scan's own id (client_scan_id) so a
 * queued row is replaced in place by its verdict. A load the server took is "added" (LOADED: the parcel joined
 * the AMS now), "moved" (MOVED: it was in this AMS under another carton label and moved to the one scanned,
 * `carton_moved_from`) or "alreadyIn" (ALREADY_IN); anything else it answered is "failed" with the server's
 * words as the reason. A scan kept on the device (issue 32) is "queued" until its verdict arrives: blue, never
 * green, nothing was checked.
 */
import { AmsLoadCode, type AmsOrderInput, ErrorCode, type StationVerdict } from '@parcelops/shared';
import { type FailureWords, textOf } from '../../lib/server-text.ts';
import type { BannerLook, QueuedScan } from '../station/index.ts';

export const AMS_SCAN_OUTCOMES = ['added', 'moved', 'alreadyIn', 'failed', 'queued'] as const;
export type AmsScanOutcome = (typeof AMS_SCAN_OUTCOMES)[number];

export interface AmsScanRow {
  /** The scan's client_scan_id: unique on this screen, since the same barcode may be scanned twice. */
  id: string;
  outcome: AmsScanOutcome;
  barcode: string;
  orderSid: string | null;
  orderNumber: string | null;
  cartonLabel: string;
  amsSid: string;
  amsId: string | null;
  /** Grams. */
  weight: number | null;
  /** Why a scan failed, in English; `reasonText` (the server's text) shows it in the language chosen later too. */
  reason: string | null;
  reasonText?: FailureWords['reasonText'];
  unreachable?: true;
  /** The carton label a "moved" parcel left. */
  movedFrom?: string;
  /** The verdict's code of a failed scan: PARCEL_SET_ASIDE rows may be loaded anyway by an admin. */
  code?: string;
  /** A set-aside parcel's scan as it was sent, so "Load anyway" sends the same with the admin's reason. */
  input?: AmsOrderInput;
  /** A set-aside parcel an admin has since sent again with a reason (its answer is a row of its own). */
  retried?: true;
}

/** The banner's look for a row (the tones themselves are the station core's verdictTone). */
export const OUTCOME_LOOK: Record<AmsScanOutcome, BannerLook> = {
  added: 'success',
  // What the operator asked for by scanning with the new carton's label: done, and recorded.
  moved: 'success',
  // Nothing changed, but the operator may hold a parcel that was loaded before: look, don't stop.
  alreadyIn: 'warning',
  failed: 'error',
  queued: 'queued',
};

const OUTCOME_OF_CODE: Record<string, AmsScanOutcome> = {
  [AmsLoadCode.LOADED]: 'added',
  [AmsLoadCode.MOVED]: 'moved',
  [AmsLoadCode.ALREADY_IN]: 'alreadyIn',
};

/** A scan kept on the device: what it was sent with, no verdict yet. */
export function queuedRow({ client_scan_id, payload }: QueuedScan<'ams'>): AmsScanRow {
  return {
    id: client_scan_id,
    outcome: 'queued',
    barcode: payload.barcode,
    orderSid: null,
    orderNumber: null,
    cartonLabel: payload.ams_carton_label,
    amsSid: payload.ams_sid,
    amsId: null,
    weight: null,
    reason: null,
  };
}

export function rowOfVerdict(
  { client_scan_id, payload }: QueuedScan<'ams'>,
  verdict: StationVerdict,
): AmsScanRow {
  const outcome = OUTCOME_OF_CODE[verdict.code] ?? 'failed';
  const base = { id: client_scan_id, amsSid: payload.ams_sid, barcode: verdict.barcode || payload.barcode };
  if (outcome !== 'failed' && verdict.order) {
    const { order } = verdict;
    const movedFrom = outcome === 'moved' ? verdict.carton_moved_from : null;
    return {
      ...base,
      outcome,
      orderSid: order.sid,
      orderNumber: order.orderNumber,
      cartonLabel: verdict.ams_carton_label ?? order.ams_carton_label ?? payload.ams_carton_label,
      amsId: verdict.ams_automatedManifestSystemId ?? order.ams_automatedManifestSystemId ?? null,
      weight: order.weight,
      reason: null,
      ...(movedFrom ? { movedFrom } : {}),
    };
  }
  const reasonText = textOf(verdict);
  const setAside = verdict.code === ErrorCode.PARCEL_SET_ASIDE;
  return {
    ...base,
    outcome: 'failed',
    orderSid: null,
    orderNumber: null,
    cartonLabel: payload.ams_carton_label,
    amsId: null,
    weight: null,
    reason: verdict.msg,
    ...(reasonText ? { reasonText } : {}),
    code: verdict.code,
    // Only a set-aside parcel can be sent again (with a reason); the others' scans need not be kept.
    ...(setAside ? { input: payload } : {}),
  };
}

/** A failed row an admin may still load, giving a reason: set aside by the hub, not sent again yet. */
export const loadableAnyway = (row: AmsScanRow): boolean =>
  row.outcome === 'failed' &&
  row.code === ErrorCode.PARCEL_SET_ASIDE &&
  row.input !== undefined &&
  !row.retried;

/** The parcel the weight field applies to: the last one scanned successfully (added, moved or already in). */
export const lastSuccess = (rows: readonly AmsScanRow[]): AmsScanRow | null =>
  rows.find((row) => row.outcome !== 'failed' && row.orderSid !== null) ?? null;

/** The row replaced in place when its scan is listed already (queued), else added at the top. */
export function upsertRow(rows: readonly AmsScanRow[], row: AmsScanRow): AmsScanRow[] {
  const at = rows.findIndex((existing) => existing.id === row.id);
  if (at === -1) return [row, ...rows];
  return rows.map((existing, index) => (index === at ? row : existing));
}

const isRow = (row: unknown): row is AmsScanRow => {
  if (typeof row !== 'object' || row === null) return false;
  const record = row as Record<string, unknown>;
  return (
    typeof record.id === 'string' &&
    typeof record.barcode === 'string' &&
    AMS_SCAN_OUTCOMES.includes(record.outcome as AmsScanOutcome)
  );
};

export const isRows = (value: unknown): value is AmsScanRow[] => Array.isArray(value) && value.every(isRow);
