/**
 * Scans a station sends in a list (issue 32): hub receiving and manifest loading apply each scan through the
 * single call's own code (`StationKind.apply`); this holds what every listed scan shares. A scan's identity is
 * its actor and `client_scan_id`: claimed by inserting its row (the primary key decides, never a read first),
 * applied, and its verdict stored, all in one transaction per scan. So a scan sent twice, one after the other
 * or by two calls at once, is applied once and answers its first verdict again (`replayed`), and a process that
 * dies mid-scan leaves neither the claim nor the effect. The scan is applied inside a savepoint: a refusal (an
 * AppError) undoes what the scan wrote and becomes its verdict, anything else fails the whole call as the error
 * handler answers it, so the station sends the list again. The parcel's event keeps `scanned_at`, within bounds.
 */
import {
  BARCODE_MAX,
  englishOf,
  invalidStationScanText,
  normalizeBarcode,
  SCAN_CLOCK_SKEW_MS,
  SCAN_MAX_AGE_MS,
  STATION_VERDICT_CODES,
  StationScanCode,
  type StationVerdict,
  type StationVerdictCode,
  type Text,
  text,
  type UncheckedStationScan,
} from '@parcelops/shared';
import type { z } from 'zod';
import type { Database, Transaction } from '../../db/database.ts';
import type { Actor } from '../../lib/account-scope.ts';
import { AppError } from '../../lib/app-error.ts';
import { stationScansRepository } from './station-scans.repository.ts';

/**
 * How long a listed scan's record is kept: a day past SCAN_MAX_AGE_MS, so any scan a station may still send
 * again (one younger than that) finds its record; an older one is refused SCAN_TOO_OLD anyway.
 */
export const STATION_SCAN_KEEP_DAYS = 8;

export type StationScanKind = 'hub' | 'ams';

/** One scan of a list as this module needs it; `input` is what the kind applies. */
export interface ListedScan<Input> {
  clientScanId: string;
  /** The barcode as a scan normalises it. */
  barcode: string;
  scannedAt: Date;
  /** The rest of what the scan asks (the hub, the manifest and carton): the same id must ask the same again. */
  fingerprint: string;
  input: Input;
}

/** A scan of the list that failed its own schema: answered VALIDATION_FAILED, nothing claimed or done. */
export interface UnreadableScan {
  clientScanId: string;
  /** The barcode as sent when it is text, cut to a barcode's length (the verdict echoes it). */
  barcode: string;
  scannedAt: string;
  problem: Text;
}

export type SentScan<Input> = ListedScan<Input> | UnreadableScan;

const isUnreadable = (scan: SentScan<unknown>): scan is UnreadableScan => 'problem' in scan;

/**
 * A scan of a list read with its kind's schema: what the kind applies, with what else it asks (its hub, or its
 * manifest and carton) as its fingerprint; or, when the scan does not pass, its first problem.
 */
export function listedScan<Input extends { client_scan_id: string; barcode: string; scanned_at: string }>(
  sent: UncheckedStationScan,
  schema: z.ZodType<Input>,
  fingerprintOf: (scan: Input) => string,
): SentScan<Input> {
  const read = schema.safeParse(sent);
  if (!read.success) {
    return {
      clientScanId: sent.client_scan_id,
      barcode: typeof sent.barcode === 'string' ? sent.barcode.slice(0, BARCODE_MAX) : '',
      scannedAt: sent.scanned_at,
      problem: invalidStationScanText(read.error),
    };
  }
  const scan = read.data;
  return {
    clientScanId: scan.client_scan_id,
    barcode: normalizeBarcode(scan.barcode),
    scannedAt: new Date(scan.scanned_at),
    fingerprint: fingerprintOf(scan),
    input: scan,
  };
}

/** A verdict without what the scan itself says (its id, barcode and time) and without `replayed`. */
export type AppliedVerdict = Omit<StationVerdict, 'client_scan_id' | 'barcode' | 'scanned_at' | 'replayed'>;

/** Hub receiving or manifest loading, as the list runs it. */
export interface StationKind<Input> {
  kind: StationScanKind;
  /** The kind's own verdict fields when no parcel was taken (a refusal): all null. */
  blank: Partial<AppliedVerdict>;
  /**
   * Applies one scan in `tx` (a savepoint of the scan's transaction), its event stamped `scannedAt`; throws an
   * AppError for what the single call would have refused.
   */
  apply(tx: Transaction, input: Input, scannedAt: Date): Promise<AppliedVerdict>;
}

/** The words of a verdict: English, and the same as a catalogue text. */
export function verdictWords(words: Text): Pick<AppliedVerdict, 'msg' | 'key' | 'params'> {
  return { msg: englishOf(words), key: words.key, ...(words.params ? { params: words.params } : {}) };
}

const VERDICT_CODES: ReadonlySet<string> = new Set(STATION_VERDICT_CODES);
const isVerdictCode = (code: string): code is StationVerdictCode => VERDICT_CODES.has(code);

/** A refusal of the listed scan itself (422): its time out of bounds, its id sent before with other content. */
function refusal(station: StationKind<unknown>, code: StationVerdictCode, words: Text): AppliedVerdict {
  return { ...station.blank, status: 422, code, ...verdictWords(words), order: null };
}

/** The refusal of a scan whose time is out of bounds, or null when it is within them. */
function outOfTime(station: StationKind<unknown>, scannedAt: Date, now: Date): AppliedVerdict | null {
  const at = scannedAt.toISOString();
  if (scannedAt.getTime() > now.getTime() + SCAN_CLOCK_SKEW_MS)
    return refusal(
      station,
      StationScanCode.SCAN_TIME_AHEAD,
      text('hub.station.timeAhead', { at, minutes: SCAN_CLOCK_SKEW_MS / 60_000, now: now.toISOString() }),
    );
  if (scannedAt.getTime() < now.getTime() - SCAN_MAX_AGE_MS)
    return refusal(
      station,
      StationScanCode.SCAN_TOO_OLD,
      text('hub.station.tooOld', { at, days: SCAN_MAX_AGE_MS / 86_400_000 }),
    );
  return null;
}

/** The verdict of a scan that failed its schema (400, as the single call would answer): nothing was done. */
function unreadable(station: StationKind<unknown>, scan: UnreadableScan): StationVerdict {
  return {
    client_scan_id: scan.clientScanId,
    barcode: scan.barcode,
    scanned_at: scan.scannedAt,
    ...station.blank,
    status: 400,
    code: 'VALIDATION_FAILED',
    ...verdictWords(scan.problem),
    order: null,
    replayed: false,
  };
}

export class StationScansService {
  constructor(
    private readonly db: Database,
    /** The server's clock, which `scanned_at` is held against (tests move it). */
    private readonly now: () => Date = () => new Date(),
  ) {}

  /**
   * Applies the scans one after the other, in the order sent (two scans of one parcel in a list are its first
   * and its second), and answers a verdict for each, in that order. Each scan is its own transaction: the ones
   * done stay done if a later one fails the call.
   */
  async applyAll<Input>(
    actor: Actor,
    station: StationKind<Input>,
    scans: readonly SentScan<Input>[],
  ): Promise<StationVerdict[]> {
    // Hub work is a person's (access.hub refuses API keys); a key's scans would be its own all the same.
    const actorSid = actor.userSid ?? actor.apiKeySid;
    if (!actorSid) throw AppError.unauthorized();
    const verdicts: StationVerdict[] = [];
    for (const scan of scans) {
      verdicts.push(
        isUnreadable(scan) ? unreadable(station, scan) : await this.applyOne(actorSid, station, scan),
      );
    }
    return verdicts;
  }

  private applyOne<Input>(
    actorSid: string,
    station: StationKind<Input>,
    scan: ListedScan<Input>,
  ): Promise<StationVerdict> {
    return this.db.transaction(async (tx) => {
      const claimed = await stationScansRepository.claim(tx, {
        actorSid,
        clientScanId: scan.clientScanId,
        kind: station.kind,
        barcode: scan.barcode,
        fingerprint: scan.fingerprint,
        scannedAt: scan.scannedAt,
      });
      if (!claimed) return this.sentBefore(tx, actorSid, station, scan);
      const applied =
        outOfTime(station, scan.scannedAt, this.now()) ?? (await this.applied(tx, station, scan));
      const verdict: StationVerdict = { ...this.identity(scan), ...applied, replayed: false };
      await stationScansRepository.storeVerdict(tx, actorSid, scan.clientScanId, verdict);
      return verdict;
    });
  }

  private identity(
    scan: ListedScan<unknown>,
  ): Pick<StationVerdict, 'client_scan_id' | 'barcode' | 'scanned_at'> {
    return {
      client_scan_id: scan.clientScanId,
      barcode: scan.barcode,
      scanned_at: scan.scannedAt.toISOString(),
    };
  }

  /**
   * The scan's row exists, committed (a claim still open would have held the insert until it ended): the same
   * scan answers its first verdict again; the same id asking something else is refused and does nothing.
   */
  private async sentBefore<Input>(
    tx: Transaction,
    actorSid: string,
    station: StationKind<Input>,
    scan: ListedScan<Input>,
  ): Promise<StationVerdict> {
    const stored = await stationScansRepository.find(tx, actorSid, scan.clientScanId);
    // Claim and verdict commit together: a row without its verdict is a bug, and fails the call.
    if (!stored?.verdict) throw new Error(`station scan ${scan.clientScanId} has no stored verdict`);
    const same =
      stored.kind === station.kind &&
      stored.barcode === scan.barcode &&
      stored.fingerprint === scan.fingerprint;
    if (same) return { ...stored.verdict, client_scan_id: scan.clientScanId, replayed: true };
    const words = text('hub.station.idReused', { id: scan.clientScanId });
    return {
      ...this.identity(scan),
      ...refusal(station, StationScanCode.SCAN_ID_REUSED, words),
      replayed: false,
    };
  }

  /** The scan applied in a savepoint: a refusal rolls back to it and is the verdict; anything else fails the call. */
  private async applied<Input>(
    tx: Transaction,
    station: StationKind<Input>,
    scan: ListedScan<Input>,
  ): Promise<AppliedVerdict> {
    try {
      return await tx.transaction((savepoint) => station.apply(savepoint, scan.input, scan.scannedAt));
    } catch (error) {
      // An AppError whose code no verdict may carry is answered as the single call would answer it.
      if (!(error instanceof AppError) || !isVerdictCode(error.code)) throw error;
      return {
        ...station.blank,
        status: error.status,
        code: error.code,
        ...verdictWords(error.text),
        order: null,
      };
    }
  }

  /** The daily clean-up's job (station-scans.jobs.ts): the records older than STATION_SCAN_KEEP_DAYS. */
  dropOld(): Promise<number> {
    return stationScansRepository.dropOlderThan(this.db, STATION_SCAN_KEEP_DAYS);
  }
}
