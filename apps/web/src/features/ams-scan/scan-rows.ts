/**
 * The scanned table's rows: one per scan, newest first. A scan that the server took is "added" (201: the
 * parcel joined the AMS now), "moved" (it was in this AMS under another carton label and moved to the one
 * scanned, `carton_moved_from`) or "alreadyIn" (200: in this AMS and carton already); one it refused is
 * "failed" with the server's msg as the reason. Each row's banner colour and tone follow from its outcome.
 */
import { type AmsOrderInput, type AmsOrderReply, ErrorCode, type ScanTone } from '@parcelops/shared';
import type { FailureWords } from '../../lib/server-text.ts';

export const AMS_SCAN_OUTCOMES = ['added', 'moved', 'alreadyIn', 'failed'] as const;
export type AmsScanOutcome = (typeof AMS_SCAN_OUTCOMES)[number];

export interface AmsScanRow {
  /** Unique on this screen: the same barcode may be scanned twice. */
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
  /** Why the server refused it (ApiError code): PARCEL_SET_ASIDE rows may be loaded anyway by an admin. */
  code?: string;
  /** A set-aside parcel's scan as it was sent, so "Load anyway" sends the same with the admin's reason. */
  input?: AmsOrderInput;
  /** A set-aside parcel an admin has since sent again with a reason (its answer is a row of its own). */
  retried?: true;
}

export const OUTCOME_TONE: Record<AmsScanOutcome, ScanTone> = {
  added: 'success',
  // What the operator asked for by scanning with the new carton's label: done, and recorded.
  moved: 'success',
  // Nothing changed, but the operator may hold a parcel that was loaded before: look, don't stop.
  alreadyIn: 'warning',
  failed: 'error',
};

let sequence = 0;
const nextId = () => {
  sequence += 1;
  return `${Date.now().toString(36)}-${sequence}`;
};

export function rowOfReply(input: AmsOrderInput, reply: AmsOrderReply): AmsScanRow {
  return {
    id: nextId(),
    outcome: reply.carton_moved_from ? 'moved' : reply.already_in ? 'alreadyIn' : 'added',
    barcode: reply.order.barcode,
    orderSid: reply.order.sid,
    orderNumber: reply.order.orderNumber,
    cartonLabel: reply.order.ams_carton_label ?? input.ams_carton_label,
    amsSid: input.ams_sid,
    amsId: reply.ams_automatedManifestSystemId,
    weight: reply.order.weight,
    reason: null,
    ...(reply.carton_moved_from ? { movedFrom: reply.carton_moved_from } : {}),
  };
}

export function failedRow(input: AmsOrderInput, failure: FailureWords, code?: string): AmsScanRow {
  const setAside = code === ErrorCode.PARCEL_SET_ASIDE;
  return {
    id: nextId(),
    outcome: 'failed',
    barcode: input.barcode,
    orderSid: null,
    orderNumber: null,
    cartonLabel: input.ams_carton_label,
    amsSid: input.ams_sid,
    amsId: null,
    weight: null,
    ...failure,
    ...(code ? { code } : {}),
    // Only a set-aside parcel can be sent again (with a reason); the others' scans need not be kept.
    ...(setAside ? { input } : {}),
  };
}

/** A failed row an admin may still load, giving a reason: set aside by the hub, not sent again yet. */
export const loadableAnyway = (row: AmsScanRow): boolean =>
  row.outcome === 'failed' &&
  row.code === ErrorCode.PARCEL_SET_ASIDE &&
  row.input !== undefined &&
  !row.retried;

/** The parcel the weight field applies to: the last one scanned successfully (added or already in). */
export const lastSuccess = (rows: readonly AmsScanRow[]): AmsScanRow | null =>
  rows.find((row) => row.outcome !== 'failed' && row.orderSid !== null) ?? null;

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
