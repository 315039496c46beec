/**
 * What the hub station makes of one scan's verdict (issue 16: a hub that stops the operator when it should;
 * issue 32: verdicts come from the batch endpoint, one per scan). A found parcel comes with the server's
 * outcome code (shared `ScanOutcomeCode`); an unknown barcode is NOT_FOUND; a scan refused for its time or its
 * reused id has its own code; any other refusal means the parcel was not checked (LOOKUP_FAILED, with the
 * server's words). Each verdict has its banner colour and tone (`scanTone`) and the session counter it adds
 * to (`scanTally`): red ones always stop the operator.
 */
import {
  type Hub,
  type Order,
  SCAN_OUTCOME_CODES,
  type ScanOutcomeCode,
  type ScanTone,
  StationScanCode,
  type StationVerdict,
  scanTally,
  scanTone,
} from '@parcelops/shared';
import { type FailureWords, textOf } from '../../lib/server-text.ts';

type RefusedScanCode = (typeof StationScanCode)[keyof typeof StationScanCode];
export type VerdictCode = ScanOutcomeCode | RefusedScanCode | 'NOT_FOUND' | 'LOOKUP_FAILED';
export type TallyKey = ReturnType<typeof scanTally>;

export interface ScanVerdict {
  code: VerdictCode;
  tone: ScanTone;
  tally: TallyKey;
  /** The barcode as scanned (trimmed, upper case). */
  barcode: string;
  /** The order as it stands after the scan; null when none was found or the scan was refused. */
  order: Order | null;
  /** When and where the parcel was first received, once it has been. */
  receivedAt: string | null;
  receivedHub: Hub | null;
  /**
   * Why the scan was refused, in the server's words (shown in the chosen language): for NOT_FOUND (the
   * table's reason) and LOOKUP_FAILED (where there is no code to word).
   */
  failure: FailureWords | null;
}

const isOutcome = (code: string): code is ScanOutcomeCode =>
  (SCAN_OUTCOME_CODES as readonly string[]).includes(code);
const isRefusedScan = (code: string): code is RefusedScanCode =>
  (Object.values(StationScanCode) as string[]).includes(code);

/** The server's words of a refused verdict, kept as a row keeps them. */
function failureOf(verdict: StationVerdict): FailureWords {
  const reasonText = textOf(verdict);
  return reasonText ? { reason: verdict.msg, reasonText } : { reason: verdict.msg };
}

export function verdictOfStation(verdict: StationVerdict): ScanVerdict {
  const { code, barcode } = verdict;
  if (isOutcome(code)) {
    return {
      code,
      tone: scanTone(code),
      tally: scanTally(code),
      barcode,
      order: verdict.order,
      receivedAt: verdict.received_at ?? null,
      receivedHub: verdict.received_hub ?? null,
      failure: null,
    };
  }
  // Spec §8: a scan that found nothing clears the shown order; the table keeps the server's why.
  return {
    code: code === 'NOT_FOUND' || isRefusedScan(code) ? code : 'LOOKUP_FAILED',
    tone: 'error',
    tally: 'refused',
    barcode,
    order: null,
    receivedAt: null,
    receivedHub: null,
    failure: failureOf(verdict),
  };
}
