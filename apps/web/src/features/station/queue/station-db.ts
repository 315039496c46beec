/**
 * The station's IndexedDB (Dexie): the queue of scans in scan order, the exceptions waiting for an
 * acknowledgement, the barcodes this station received, and when the server last answered. A scan leaves the
 * queue only in the transaction that stores what its verdict asks to keep, so a tab closed at any moment
 * loses nothing and keeps nothing twice.
 */
import { Dexie, type EntityTable } from 'dexie';
import type { QueuedScan, StationException, StationKind } from '../station-types.ts';
import {
  byScanTime,
  MemoryStationStore,
  RECEIPT_KEEP_MS,
  type Settlement,
  type StationStore,
} from './station-store.ts';

export const STATION_DB_NAME = 'parcelops-station';

/** A queued scan as stored: `seq` is its place in the queue, given by IndexedDB in the order scans are added. */
type StoredScan = QueuedScan & { seq?: number };
interface Receipt {
  barcode: string;
  at: string;
}
interface Meta {
  key: string;
  value: string;
}

class StationDatabase extends Dexie {
  scans!: EntityTable<StoredScan, 'seq'>;
  exceptions!: EntityTable<StationException, 'client_scan_id'>;
  receipts!: EntityTable<Receipt, 'barcode'>;
  meta!: EntityTable<Meta, 'key'>;

  constructor(indexedDB: IDBFactory, keyRange: typeof IDBKeyRange) {
    // The factory is read when the station opens, not when Dexie loads: tests give each case a fresh one.
    super(STATION_DB_NAME, { indexedDB, IDBKeyRange: keyRange });
    this.version(1).stores({
      // An index's entries of one kind come in primary-key order: the `kind` index reads the queue in scan order.
      scans: '++seq, &client_scan_id, kind',
      exceptions: '&client_scan_id, kind',
      receipts: '&barcode, at',
      meta: '&key',
    });
  }
}

const answeredKey = (kind: StationKind) => `lastAnsweredAt:${kind}`;
const withoutSeq = ({ seq: _seq, ...scan }: StoredScan): QueuedScan => scan;

export class DexieStationStore implements StationStore {
  readonly durable = true;

  constructor(private readonly db: StationDatabase) {}

  async add(scan: QueuedScan) {
    await this.db.scans.add({ ...scan });
  }

  count(kind: StationKind) {
    return this.db.scans.where('kind').equals(kind).count();
  }

  async oldest(kind: StationKind, max: number) {
    const rows = await this.db.scans.where('kind').equals(kind).limit(max).toArray();
    return rows.map(withoutSeq);
  }

  hold(kind: StationKind, except?: ReadonlySet<string>) {
    return this.db.transaction('rw', this.db.scans, async () => {
      const waiting = this.db.scans
        .where('kind')
        .equals(kind)
        .filter((scan) => !except?.has(scan.client_scan_id));
      const newly = (await waiting.clone().toArray()).filter((scan) => !scan.held);
      await waiting.modify({ held: true });
      return newly.map((scan) => ({ ...withoutSeq(scan), held: true }));
    });
  }

  async receivedHere(barcodes: readonly string[]) {
    if (barcodes.length === 0) return new Set<string>();
    const found = await this.db.receipts
      .where('barcode')
      .anyOf([...barcodes])
      .toArray();
    return new Set(found.map((receipt) => receipt.barcode));
  }

  settle(kind: StationKind, { answered, exceptions, receipts, at }: Settlement) {
    const { db } = this;
    return db.transaction('rw', [db.scans, db.exceptions, db.receipts, db.meta], async () => {
      await db.scans
        .where('client_scan_id')
        .anyOf([...answered])
        .delete();
      await db.exceptions.bulkPut([...exceptions]);
      await db.receipts.bulkPut(receipts.map((barcode) => ({ barcode, at })));
      const forgetBefore = new Date(Date.parse(at) - RECEIPT_KEEP_MS).toISOString();
      await db.receipts.where('at').below(forgetBefore).delete();
      await db.meta.put({ key: answeredKey(kind), value: at });
    });
  }

  async exceptions(kind: StationKind) {
    const kept = await this.db.exceptions.where('kind').equals(kind).toArray();
    return kept.sort(byScanTime);
  }

  async acknowledge(kind: StationKind, ids?: readonly string[]) {
    if (ids) await this.db.exceptions.bulkDelete([...ids]);
    else await this.db.exceptions.where('kind').equals(kind).delete();
  }

  async lastAnsweredAt(kind: StationKind) {
    return (await this.db.meta.get(answeredKey(kind)))?.value ?? null;
  }

  close() {
    this.db.close();
  }
}

/**
 * The station's store: IndexedDB when the browser gives it, else memory (a private window, a browser without
 * it, storage refused), which the station shows as not kept.
 */
export async function openStationStore(): Promise<StationStore> {
  const { indexedDB, IDBKeyRange } = globalThis;
  if (!indexedDB || !IDBKeyRange) return new MemoryStationStore();
  const db = new StationDatabase(indexedDB, IDBKeyRange);
  try {
    await db.open();
    return new DexieStationStore(db);
  } catch {
    db.close();
    return new MemoryStationStore();
  }
}
