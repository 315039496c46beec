/**
 * Which verdicts go to a station's Exceptions list (issue 32 item 4). A live verdict is on the banner while
 * the operator holds the parcel: they act on it there. A queued scan's verdict comes when the parcel is long on
 * a shelf, so one that needs attention is kept until someone acknowledges it: a barcode the server does not
 * know, a parcel another hub received, one Delivered, Failed or never accepted, one in or gone with a manifest,
 * one another station received first; for a manifest load, anything the server did not load; and, for either,
 * a scan refused for its time or its reused id.
 */
import { AmsLoadCode, StationScanCode, type StationVerdict } from '@parcelops/shared';
import type { StationKind } from '../station-types.ts';

/** What a hub scan may answer without anyone needing to look. */
const HUB_FINE = new Set<string>(['RECEIVED']);
const AMS_FINE = new Set<string>(Object.values(AmsLoadCode));
const TIME_OR_ID = new Set<string>(Object.values(StationScanCode));

export interface ExceptionContext {
  /** The verdict answered the scan while the operator was still at it. */
  live: boolean;
  /** This station itself received the barcode (an earlier scan of its own answered RECEIVED). */
  receivedHere: boolean;
}

export function isException(
  kind: StationKind,
  verdict: Pick<StationVerdict, 'code'>,
  { live, receivedHere }: ExceptionContext,
): boolean {
  if (live) return false;
  if (TIME_OR_ID.has(verdict.code)) return true;
  if (kind === 'ams') return !AMS_FINE.has(verdict.code);
  // Scanned twice here while offline: the second answer is this station's own receipt, nothing to look at.
  if (verdict.code === 'ALREADY_RECEIVED') return !receivedHere;
  return !HUB_FINE.has(verdict.code);
}

/** A first receipt, remembered so the same station's later scans of the parcel are not exceptions. */
export const isReceipt = (kind: StationKind, verdict: Pick<StationVerdict, 'code'>): boolean =>
  kind === 'hub' && verdict.code === 'RECEIVED';
