/**
 * Where a station keeps its queue and its exceptions (issue 32). The real one is IndexedDB (station-db.ts),
 * which outlives a reload, a closed tab and a restarted browser. Where the browser has none (a private window
 * may refuse it) the station keeps them in memory instead and says so: scans still wait while the page stays
 * open, which beats dropping them, but the operator must not close it.
 */
import { takeSlice } from '../rules/station-slices.ts';
import type { QueuedScan, StationException, StationKind } from '../station-types.ts';

/** What the answer of one call changes, written at once: nothing is half settled if the tab closes. */
export interface Settlement {
  /** The scans whose verdicts arrived: they leave the queue now, and only now. */
  answered: readonly string[];
  exceptions: readonly StationException[];
  /** Barcodes this station received (RECEIVED): its own later scans of them are not exceptions. */
  receipts: readonly string[];
  /** When the server answered (ISO 8601). */
  at: string;
}

export interface StationStore {
  /** True when the queue survives the page (IndexedDB). */
  readonly durable: boolean;
  add(scan: QueuedScan): Promise<void>;
  count(kind: StationKind): Promise<number>;
  /** The oldest `max` scans of `kind`, in scan order. */
  oldest(kind: StationKind, max: number): Promise<QueuedScan[]>;
  /**
   * Marks the waiting scans of `kind` held, but those in `except`; answers those that were not held before.
   */
  hold(kind: StationKind, except?: ReadonlySet<string>): Promise<QueuedScan[]>;
  /** Which of `barcodes` this station received itself. */
  receivedHere(barcodes: readonly string[]): Promise<Set<string>>;
  settle(kind: StationKind, settlement: Settlement): Promise<void>;
  /** The exceptions of `kind` not acknowledged yet, in scan order. */
  exceptions(kind: StationKind): Promise<StationException[]>;
  /** Acknowledges the exceptions named, or all of `kind`. */
  acknowledge(kind: StationKind, ids?: readonly string[]): Promise<void>;
  lastAnsweredAt(kind: StationKind): Promise<string | null>;
  close(): void;
}

/** Receipts are kept as long as a scan may wait (the server refuses older ones: SCAN_TOO_OLD). */
export const RECEIPT_KEEP_MS = 8 * 24 * 60 * 60 * 1000;

export const byScanTime = (a: { scanned_at: string }, b: { scanned_at: string }) =>
  a.scanned_at < b.scanned_at ? -1 : a.scanned_at > b.scanned_at ? 1 : 0;

/** The queue for this page's life only, where IndexedDB is not to be had. */
export class MemoryStationStore implements StationStore {
  readonly durable = false;
  private scans: QueuedScan[] = [];
  private kept: StationException[] = [];
  private readonly receipts = new Map<string, string>();
  private readonly answeredAt = new Map<StationKind, string>();

  async add(scan: QueuedScan) {
    this.scans.push({ ...scan });
  }

  async count(kind: StationKind) {
    return this.scans.filter((scan) => scan.kind === kind).length;
  }

  async oldest(kind: StationKind, max: number) {
    return takeSlice(
      this.scans.filter((scan) => scan.kind === kind),
      max,
    );
  }

  async hold(kind: StationKind, except?: ReadonlySet<string>) {
    const holds = (scan: QueuedScan) => scan.kind === kind && !except?.has(scan.client_scan_id);
    const newly = this.scans.filter((scan) => holds(scan) && !scan.held);
    this.scans = this.scans.map((scan) => (holds(scan) ? { ...scan, held: true } : scan));
    return newly.map((scan) => ({ ...scan, held: true }));
  }

  async receivedHere(barcodes: readonly string[]) {
    return new Set(barcodes.filter((barcode) => this.receipts.has(barcode)));
  }

  async settle(kind: StationKind, { answered, exceptions, receipts, at }: Settlement) {
    const gone = new Set(answered);
    this.scans = this.scans.filter((scan) => !gone.has(scan.client_scan_id));
    const replaced = new Set(exceptions.map((exception) => exception.client_scan_id));
    this.kept = [...this.kept.filter((kept) => !replaced.has(kept.client_scan_id)), ...exceptions];
    for (const barcode of receipts) this.receipts.set(barcode, at);
    this.answeredAt.set(kind, at);
  }

  async exceptions(kind: StationKind) {
    return this.kept.filter((exception) => exception.kind === kind).sort(byScanTime);
  }

  async acknowledge(kind: StationKind, ids?: readonly string[]) {
    const named = ids ? new Set(ids) : null;
    this.kept = this.kept.filter(
      (exception) => exception.kind !== kind || (named !== null && !named.has(exception.client_scan_id)),
    );
  }

  async lastAnsweredAt(kind: StationKind) {
    return this.answeredAt.get(kind) ?? null;
  }

  close() {}
}
