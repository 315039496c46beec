/**
 * Scans sent by a station in a list (issue 32; product decisions, Hub work): hub receiving
 * (POST /orders/scan/batch) and manifest loading (POST /ams/order/batch). Every scan carries its own identity
 * (`client_scan_id`, a UUID the station made) and the moment it was made (`scanned_at`), so a list sent again
 * after a lost reply is applied once, and the parcel's event keeps the time it was scanned rather than the time
 * the network came back. Each scan answers a verdict with the codes the single scans use.
 */
import { z } from 'zod';
import { AmsOrderInputSchema } from '../ams/ams.schemas.ts';
import { text } from '../texts/catalog.ts';
import { issueText, says } from '../texts/issues.ts';
import { TextSchema } from '../texts/text.schemas.ts';
import type { Text } from '../texts/text.ts';
import { OrderSchema } from './order.schemas.ts';
import { BARCODE_MAX, HubSchema } from './scan.schemas.ts';
import { SCAN_OUTCOME_CODES } from './scan-outcome.ts';

/** At most this many scans in one call: a station sends its queue in slices of this size. */
export const STATION_SCANS_MAX = 500;
/** A scan stamped later than the server's clock by more than this is refused (SCAN_TIME_AHEAD). */
export const SCAN_CLOCK_SKEW_MS = 5 * 60 * 1000;
/** A scan older than this is refused (SCAN_TOO_OLD): a week is longer than any outage a hub rides out. */
export const SCAN_MAX_AGE_MS = 7 * 24 * 60 * 60 * 1000;

/** Verdict codes of a manifest load that the server took (the single call's 201 and 200 replies). */
export const AmsLoadCode = {
  /** The parcel joined the manifest now. */
  LOADED: 'LOADED',
  /** It was in this manifest and carton already: nothing changed. */
  ALREADY_IN: 'ALREADY_IN',
  /** It was in this manifest under another carton label and moved to the scanned one. */
  MOVED: 'MOVED',
} as const;

/** Verdict codes only a listed scan can have. */
export const StationScanCode = {
  /** `scanned_at` is later than the server's clock by more than SCAN_CLOCK_SKEW_MS. */
  SCAN_TIME_AHEAD: 'SCAN_TIME_AHEAD',
  /** `scanned_at` is older than SCAN_MAX_AGE_MS. */
  SCAN_TOO_OLD: 'SCAN_TOO_OLD',
  /** This `client_scan_id` was sent before with another barcode, hub or manifest: nothing done. */
  SCAN_ID_REUSED: 'SCAN_ID_REUSED',
} as const;

/**
 * What a listed scan can answer: a hub scan's outcome codes (ScanOutcomeCode), a load's (AmsLoadCode), the
 * listed-scan codes above, or the error code the single call would have answered (NOT_FOUND,
 * PARCEL_SET_ASIDE, CONFLICT, VALIDATION_FAILED, …).
 */
export const STATION_VERDICT_CODES = [
  ...SCAN_OUTCOME_CODES,
  ...Object.values(AmsLoadCode),
  ...Object.values(StationScanCode),
  'NOT_FOUND',
  'CONFLICT',
  'PARCEL_SET_ASIDE',
  'VALIDATION_FAILED',
  'FORBIDDEN',
  // A load the status rules refuse (a Processed parcel outside any manifest: backwards to Processing).
  'STATUS_TRANSITION_REFUSED',
] as const;
export type StationVerdictCode = (typeof STATION_VERDICT_CODES)[number];

const ClientScanIdSchema = z.uuid();
/** The first moment a scan may claim: anything earlier is a station's clock gone wrong (and before year 1 the
 * database cannot hold it at all); a time within the bounds is still checked against SCAN_MAX_AGE_MS. */
const EARLIEST_SCAN = Date.UTC(1970, 0, 1);
const ScannedAtSchema = z.iso
  .datetime({ offset: true })
  .refine(
    (value) => Date.parse(value) >= EARLIEST_SCAN,
    says('validation.dateTime', { label: 'scanned_at' }),
  );
const ListedBarcodeSchema = z.string().trim().min(1).max(BARCODE_MAX);

/** One scan of hub receiving, as the station made it. */
export const HubStationScanSchema = z.object({
  client_scan_id: ClientScanIdSchema,
  barcode: ListedBarcodeSchema,
  scanned_at: ScannedAtSchema,
  hub: HubSchema,
});
export type HubStationScan = z.input<typeof HubStationScanSchema>;

/** One scan of manifest loading: the single load's fields (POST /ams/order) with the scan's identity and time. */
export const AmsStationScanSchema = AmsOrderInputSchema.extend({
  client_scan_id: ClientScanIdSchema,
  scanned_at: ScannedAtSchema,
});
export type AmsStationScan = z.input<typeof AmsStationScanSchema>;

/**
 * A listed scan the list takes whatever else it holds: its id and time as strings, the rest checked scan by
 * scan. A scan that fails its own schema (a carton label hand-edited past its length, a code too long) answers
 * VALIDATION_FAILED as its verdict, and the scans around it are applied: refusing the whole list would leave
 * a station's queue stuck behind one bad scan, sent again and refused again for ever.
 */
export const UncheckedStationScanSchema = z.looseObject({
  client_scan_id: z.string().min(1).max(100),
  scanned_at: z.string().min(1).max(100),
});
export type UncheckedStationScan = z.output<typeof UncheckedStationScanSchema>;

/** Each kind's scan as its schema reads it: the server checks every listed scan with it, the station too. */
export const STATION_SCAN_SCHEMAS = { hub: HubStationScanSchema, ams: AmsStationScanSchema } as const;

/** Why a listed scan fails its schema, in words: its first problem and the field it is in (VALIDATION_FAILED). */
export function invalidStationScanText(error: z.ZodError): Text {
  const [issue] = error.issues;
  if (!issue) return text('common.invalidValue');
  return text('hub.station.invalid', { field: issue.path.join('.') || 'scan', problem: issueText(issue) });
}

const scanList = <T extends z.ZodType>(scan: T) =>
  z.object({
    scans: z
      .array(z.union([scan, UncheckedStationScanSchema]))
      .min(1)
      .max(STATION_SCANS_MAX),
  });

export const HubStationScansInputSchema = scanList(HubStationScanSchema);
export const AmsStationScansInputSchema = scanList(AmsStationScanSchema);

/** What one listed scan did: its first verdict, answered again (`replayed`) when the scan is sent again. */
export const StationVerdictSchema = z.object({
  client_scan_id: z.string(),
  /** The barcode as sent, normalised as a scan normalises it. */
  barcode: z.string(),
  scanned_at: z.string(),
  /** The HTTP status the single scan call would have answered (200, 201, 404, 409, 400, 422). */
  status: z.number().int(),
  code: z.enum(STATION_VERDICT_CODES),
  /** The verdict in English words; `key` and `params` are the same words as a catalogue text. */
  msg: z.string(),
  key: z.string(),
  params: TextSchema.shape.params,
  /** The order as it stood after the scan (the single call's order); null when no parcel was found. */
  order: OrderSchema.nullable(),
  /** Hub scans: when and where the parcel was first received, once it has been. */
  received_at: z.string().nullable().optional(),
  received_hub: HubSchema.nullable().optional(),
  /** Manifest loads: the parcel's automated-manifest-system id and the carton it left, when it moved. */
  ams_automatedManifestSystemId: z.string().nullable().optional(),
  ams_carton_label: z.string().nullable().optional(),
  carton_moved_from: z.string().nullable().optional(),
  /** True when this scan had been applied before: the verdict is the one it had then. */
  replayed: z.boolean(),
});
export type StationVerdict = z.infer<typeof StationVerdictSchema>;

/** The reply: one verdict per scan, in the order sent. */
export const StationVerdictsSchema = z.object({ verdicts: z.array(StationVerdictSchema) });
export type StationVerdicts = z.infer<typeof StationVerdictsSchema>;
