/**
 * A live verdict's banner colour and tone, for either station: a hub scan's outcome by the shared `scanTone`;
 * a manifest load green when the parcel is in the scanned carton now (loaded, or moved there), amber when it was
 * already there; anything refused red.
 */
import {
  AmsLoadCode,
  SCAN_OUTCOME_CODES,
  type ScanOutcomeCode,
  type ScanTone,
  type StationVerdict,
  scanTone,
} from '@parcelops/shared';
import type { StationKind } from '../station-types.ts';

const isOutcome = (code: string): code is ScanOutcomeCode =>
  (SCAN_OUTCOME_CODES as readonly string[]).includes(code);

export function verdictTone(kind: StationKind, { code }: Pick<StationVerdict, 'code'>): ScanTone {
  if (kind === 'hub') return isOutcome(code) ? scanTone(code) : 'error';
  if (code === AmsLoadCode.LOADED || code === AmsLoadCode.MOVED) return 'success';
  return code === AmsLoadCode.ALREADY_IN ? 'warning' : 'error';
}
