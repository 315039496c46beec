/**
 * What a hub scan found (issue: a hub that stops the operator when it should). The scan reply carries one of
 * these codes beside the order, so the station and an API client read the same verdict; the station turns the
 * code into its banner, tone and words. Only RECEIVED is a first receipt: everything else should make the
 * operator look up.
 */
import { z } from 'zod';
import { TextSchema } from '../texts/text.schemas.ts';
import { OrderSchema } from './order.schemas.ts';
import { HubSchema } from './scan.schemas.ts';

export const ScanOutcomeCode = {
  /** A Generated parcel, received now: green. */
  RECEIVED: 'RECEIVED',
  /** Received earlier at this hub (another station, or a rescan): amber, with when. */
  ALREADY_RECEIVED: 'ALREADY_RECEIVED',
  /** Received earlier at the other hub: red, it may be on the wrong bench. */
  RECEIVED_AT_OTHER_HUB: 'RECEIVED_AT_OTHER_HUB',
  /** Loaded into an air manifest (Processing): amber. */
  IN_MANIFEST: 'IN_MANIFEST',
  /** Its manifest was filed (Processed): amber, it should have left. */
  DEPARTED: 'DEPARTED',
  /** Delivered: amber, it should not be at a hub at all. */
  DELIVERED: 'DELIVERED',
  /** Failed, with its reason: red. */
  FAILED: 'FAILED',
  /** Order Failed, never accepted: red. */
  ORDER_FAILED: 'ORDER_FAILED',
} as const;
export type ScanOutcomeCode = (typeof ScanOutcomeCode)[keyof typeof ScanOutcomeCode];
export const SCAN_OUTCOME_CODES = Object.values(ScanOutcomeCode) as [ScanOutcomeCode, ...ScanOutcomeCode[]];

export type ScanTone = 'success' | 'warning' | 'error';

const TONES: Record<ScanOutcomeCode, ScanTone> = {
  RECEIVED: 'success',
  ALREADY_RECEIVED: 'warning',
  IN_MANIFEST: 'warning',
  DEPARTED: 'warning',
  DELIVERED: 'warning',
  RECEIVED_AT_OTHER_HUB: 'error',
  FAILED: 'error',
  ORDER_FAILED: 'error',
};

export function scanTone(code: ScanOutcomeCode): ScanTone {
  return TONES[code];
}

/** How the session counts it: received now, already in (seen before), or refused (stop and look). */
export function scanTally(code: ScanOutcomeCode): 'received' | 'alreadyIn' | 'refused' {
  if (code === 'RECEIVED') return 'received';
  return TONES[code] === 'error' ? 'refused' : 'alreadyIn';
}

export const ScanOutcomeSchema = z.object({
  code: z.enum(SCAN_OUTCOME_CODES),
  /** The verdict in English words, for API clients (the station words it from the code). */
  msg: z.string(),
  /** The same words as a catalogue text, for clients that show them in another language. */
  key: z.string(),
  params: TextSchema.shape.params,
  /** When and where the parcel was first received, once it has been. */
  received_at: z.string().nullable(),
  received_hub: HubSchema.nullable(),
});
export type ScanOutcome = z.infer<typeof ScanOutcomeSchema>;

/** GET /orders/scan/barcode/{code}: the order as it stands after the scan, and what the scan found. */
export const ScanReplySchema = OrderSchema.extend({ scan: ScanOutcomeSchema });
export type ScanReply = z.infer<typeof ScanReplySchema>;
