/**
 * What the station makes of one scan (issue 16: a hub that stops the operator when it should). A found parcel
 * comes with the server's verdict code (shared `ScanOutcomeCode`); an unknown barcode is a 404; anything else
 * (no network, a refused call) means the parcel was not checked. Each verdict has its banner colour and tone
 * (`scanTone`) and the session counter it adds to (`scanTally`): red ones always stop the operator.
 */
import {
  type Hub,
  type Order,
  type ScanOutcomeCode,
  type ScanReply,
  type ScanTone,
  scanTally,
  scanTone,
} from '@parcelops/shared';
import { ApiError } from '../../lib/api-client.ts';
import { type FailureWords, failureWords } from '../../lib/server-text.ts';

export type VerdictCode = ScanOutcomeCode | 'NOT_FOUND' | 'LOOKUP_FAILED';
export type TallyKey = ReturnType<typeof scanTally>;

export interface ScanVerdict {
  code: VerdictCode;
  tone: ScanTone;
  tally: TallyKey;
  /** The barcode as scanned (trimmed, upper case). */
  barcode: string;
  /** The order as it stands after the scan; null when none was found. */
  order: Order | null;
  /** When and where the parcel was first received, once it has been. */
  receivedAt: string | null;
  receivedHub: Hub | null;
  /**
   * Why the lookup failed, in the server's words (shown in the chosen language): only for LOOKUP_FAILED, where
   * there is no code to word.
   */
  failure: FailureWords | null;
}

export function verdictOfReply(barcode: string, reply: ScanReply): ScanVerdict {
  const { scan, ...order } = reply;
  return {
    code: scan.code,
    tone: scanTone(scan.code),
    tally: scanTally(scan.code),
    barcode,
    order,
    receivedAt: scan.received_at,
    receivedHub: scan.received_hub,
    failure: null,
  };
}

export function verdictOfError(barcode: string, error: unknown): ScanVerdict {
  const notFound = error instanceof ApiError && error.status === 404 && error.code === 'NOT_FOUND';
  return {
    code: notFound ? 'NOT_FOUND' : 'LOOKUP_FAILED',
    tone: 'error',
    tally: 'refused',
    barcode,
    order: null,
    receivedAt: null,
    receivedHub: null,
    failure: notFound ? null : failureWords(error),
  };
}
