/**
 * The one sender of a station's queue (issue 32). Every scan goes through the queue, online too: it is stored
 * first, then sent in scan order, at most 500 a call; it leaves the store only with its verdict. Online, a
 * scan is sent at once and its verdict is live. When a call gets no answer (network, timeout, 502-504) or is
 * refused whole, the station queues by itself: the scans waiting are held (their verdicts will not be live),
 * new scans are held as they come, and the queue is tried again with back-off until the first answer makes it
 * live again. A 401 holds everything until the operator has signed in again. React-free: `useStation` wires
 * it to a page; tests drive it with their own transport and store.
 */
import {
  englishOf,
  invalidStationScanText,
  STATION_SCAN_SCHEMAS,
  STATION_SCANS_MAX,
  type StationVerdict,
} from '@parcelops/shared';
import { isException, isReceipt } from '../rules/station-exceptions.ts';
import {
  connectionAfter,
  isQueuing,
  LIVE,
  maySend,
  retryDelayMs,
  type SendOutcome,
  type StationConnection,
} from '../rules/station-mode.ts';
import { matchVerdicts, sendTimeoutMs, wireScan } from '../rules/station-slices.ts';
import { newScanId } from '../scan-id.ts';
import type {
  QueuedScan,
  StationAnswer,
  StationException,
  StationKind,
  StationNotice,
  StationPayloads,
} from '../station-types.ts';
import { MemoryStationStore, type StationStore } from './station-store.ts';
import type { StationTransport } from './station-transport.ts';

export interface StationStatus {
  connection: StationConnection;
  /** The operator chose to queue (the switch): nothing is sent but by Send now. */
  manual: boolean;
  /** Scans kept on the station until their verdicts arrive. */
  pending: number;
  /** A call is on its way. */
  sending: boolean;
  /** When the server last answered this station's calls (ISO 8601), across reloads. */
  lastAnsweredAt: string | null;
  /** When the queue is tried again by itself (ms since the epoch), while queued. */
  retryAt: number | null;
  /** Whether scans outlive the page (IndexedDB); null until the store is open. */
  durable: boolean | null;
  exceptions: StationException[];
  notice: StationNotice | null;
}

export type StationEvent<K extends StationKind> =
  /** Scans kept back: made while queuing, or waiting when the server stopped answering. */
  | { type: 'held'; scans: QueuedScan<K>[] }
  /** Verdicts of one call, in scan order. */
  | { type: 'answers'; answers: StationAnswer<K>[] };

export interface StationSenderOptions {
  transport: StationTransport;
  openStore: () => Promise<StationStore>;
  manual?: boolean;
}

const INITIAL: StationStatus = {
  connection: LIVE,
  manual: false,
  pending: 0,
  sending: false,
  lastAnsweredAt: null,
  retryAt: null,
  durable: null,
  exceptions: [],
  notice: null,
};

export class StationSender<K extends StationKind> {
  private status: StationStatus;
  private readonly watchers = new Set<() => void>();
  private readonly listeners = new Set<(event: StationEvent<K>) => void>();
  private store: Promise<StationStore> | null = null;
  /** Every store operation, one after the other: the pending count is always the store's own. */
  private chain: Promise<unknown> = Promise.resolve();
  /** Scans made but not stored yet. */
  private unwritten = 0;
  /** Bumped by start and stop: a call answered for an earlier run is left for the next one to send again. */
  private run = 0;
  private running = false;
  private pumping = false;
  private pumpAgain: { forced: boolean } | null = null;
  private retryTimer: ReturnType<typeof setTimeout> | undefined;
  /** The scans made here, this page's: the others in the store were left by an earlier page. */
  private readonly own = new Set<string>();
  /** Held scans answered since the queue was last shown as sent. */
  private drained = { count: 0, exceptions: 0 };

  constructor(
    readonly kind: K,
    private readonly options: StationSenderOptions,
  ) {
    this.status = { ...INITIAL, manual: options.manual ?? false };
  }

  readonly subscribe = (watcher: () => void) => {
    this.watchers.add(watcher);
    return () => void this.watchers.delete(watcher);
  };

  readonly getStatus = () => this.status;

  listen(listener: (event: StationEvent<K>) => void): () => void {
    this.listeners.add(listener);
    return () => void this.listeners.delete(listener);
  }

  /** Opens the store and sends what an earlier page left in the queue. */
  start(): void {
    this.run += 1;
    this.running = true;
    const run = this.run;
    void this.op(async (store) => {
      // Scans left by an earlier page were scanned minutes or days ago: none of their verdicts is live.
      await store.hold(this.kind, this.own);
      const [exceptions, lastAnsweredAt] = await Promise.all([
        store.exceptions(this.kind),
        store.lastAnsweredAt(this.kind),
      ]);
      if (run === this.run) this.update({ exceptions, lastAnsweredAt, durable: store.durable });
    }).then(() => this.pump());
  }

  /** Stops sending and closes the store once what is being written is written. */
  stop(): void {
    this.run += 1;
    this.running = false;
    this.clearRetry();
    const store = this.store;
    this.store = null;
    if (store) void this.chain.then(() => store.then((open) => open.close()));
    this.update({ sending: false });
  }

  /**
   * A scan, kept at once; sent now when live, else held with a queued notice. One the server would refuse
   * for its form (a carton label too long, a code no barcode has) is answered here and now, VALIDATION_FAILED
   * as the server words it, and never queued: the operator fixes it while at the parcel.
   */
  scan(payload: StationPayloads[K]): QueuedScan<K> {
    const held = isQueuing(this.status.connection, this.status.manual);
    const scan: QueuedScan<K> = {
      client_scan_id: newScanId(),
      kind: this.kind,
      payload,
      scanned_at: new Date().toISOString(),
      held,
    };
    const refusal = refusedHere(scan);
    if (refusal) {
      this.emit({ type: 'answers', answers: [{ scan, verdict: refusal, live: true, exception: false }] });
      return scan;
    }
    this.unwritten += 1;
    this.own.add(scan.client_scan_id);
    this.update({
      pending: this.status.pending + 1,
      ...(held ? { notice: { type: 'queued', barcode: payload.barcode } } : {}),
    });
    if (held) this.emit({ type: 'held', scans: [scan] });
    void this.op(async (store) => {
      await store.add(scan);
      this.unwritten -= 1;
    }).then(() => this.pump());
    return scan;
  }

  /** The operator's Send now: whatever the mode (but signed out), the queue goes now. */
  sendNow(): void {
    this.clearRetry();
    void this.pump(true);
  }

  /** The operator's switch: queue by hand, or send again. */
  setManual(manual: boolean): void {
    if (manual === this.status.manual) return;
    this.update({ manual });
    if (manual) void this.holdWaiting();
    else this.sendNow();
  }

  /** A new session (signed in again): the queue goes now. */
  sessionRenewed(): void {
    if (this.status.connection.state !== 'signedOut') return;
    this.update({ connection: { state: 'queued', failures: 0, failure: null } });
    this.sendNow();
  }

  /** The browser says the network is back: no need to wait for the back-off. */
  networkBack(): void {
    if (this.status.connection.state === 'queued' && !this.status.manual) this.sendNow();
  }

  acknowledge(ids?: readonly string[]): Promise<void> {
    return this.op(async (store) => {
      await store.acknowledge(this.kind, ids);
      this.update({ exceptions: await store.exceptions(this.kind) });
    });
  }

  private async pump(forced = false): Promise<void> {
    if (this.pumping) {
      this.pumpAgain = { forced: forced || (this.pumpAgain?.forced ?? false) };
      return;
    }
    this.pumping = true;
    const run = this.run;
    try {
      while (this.running && run === this.run) {
        if (!maySend(this.status.connection, this.status.manual, forced)) break;
        const slice = await this.op((store) => store.oldest(this.kind, STATION_SCANS_MAX));
        if (slice.length === 0 || run !== this.run) break;
        this.clearRetry();
        this.update({ sending: true });
        const reply = await this.options.transport(
          this.kind,
          slice.map(wireScan),
          sendTimeoutMs(slice.length),
        );
        // Stopped meanwhile: the scans are still stored; the next start sends them again, applied once.
        if (run !== this.run) break;
        const answered = reply.outcome.type === 'answered' && (await this.settle(slice, reply.verdicts));
        if (!answered) {
          await this.failed(reply.outcome);
          break;
        }
      }
    } finally {
      this.pumping = false;
      if (run === this.run) this.update({ sending: false });
      const again = this.pumpAgain;
      this.pumpAgain = null;
      if (again && this.running) void this.pump(again.forced);
    }
  }

  /** Stores what the verdicts ask to keep and lets the answered scans go; false when none was answered. */
  private async settle(slice: QueuedScan[], verdicts: StationVerdict[]): Promise<boolean> {
    const matched = matchVerdicts(slice as QueuedScan<K>[], verdicts);
    if (matched.length === 0) return false;
    const at = new Date().toISOString();
    const rescans = matched.filter(({ verdict }) => verdict.code === 'ALREADY_RECEIVED');
    const receivedHere = await this.op((store) =>
      store.receivedHere(rescans.map(({ verdict }) => verdict.barcode)),
    );
    const answers: StationAnswer<K>[] = [];
    const receipts: string[] = [];
    for (const { scan, verdict } of matched) {
      const live = !scan.held;
      const exception = isException(this.kind, verdict, {
        live,
        receivedHere: receivedHere.has(verdict.barcode),
      });
      // In scan order: a parcel received by this slice is this station's own for the scans after it.
      if (isReceipt(this.kind, verdict)) {
        receivedHere.add(verdict.barcode);
        receipts.push(verdict.barcode);
      }
      answers.push({ scan, verdict, live, exception });
    }
    const exceptions = answers.filter((answer) => answer.exception).map((answer) => exceptionOf(answer, at));
    await this.op(async (store) => {
      await store.settle(this.kind, {
        answered: answers.map((answer) => answer.scan.client_scan_id),
        exceptions,
        receipts,
        at,
      });
      this.update({ exceptions: await store.exceptions(this.kind) });
    });
    for (const answer of answers) this.own.delete(answer.scan.client_scan_id);
    this.update({ connection: LIVE, lastAnsweredAt: at, retryAt: null, notice: this.noticeAfter(answers) });
    this.emit({ type: 'answers', answers });
    return true;
  }

  /** What the banner says once verdicts came: a live one speaks for itself; a drained backlog is summed up. */
  private noticeAfter(answers: StationAnswer<K>[]): StationNotice | null {
    const held = answers.filter((answer) => !answer.live);
    this.drained.count += held.length;
    this.drained.exceptions += held.filter((answer) => answer.exception).length;
    if (answers.some((answer) => answer.live)) {
      this.drained = { count: 0, exceptions: 0 };
      return null;
    }
    if (this.status.pending > 0 || this.unwritten > 0) return this.status.notice;
    const sent: StationNotice = { type: 'sent', ...this.drained };
    this.drained = { count: 0, exceptions: 0 };
    return sent;
  }

  private async failed(outcome: SendOutcome): Promise<void> {
    const connection = connectionAfter(
      this.status.connection,
      outcome.type === 'answered'
        ? { type: 'refused', failure: { reason: 'No verdict for the scans sent' } }
        : outcome,
    );
    this.update({ connection });
    await this.holdWaiting();
    if (connection.state === 'queued' && !this.status.manual) {
      const delay = retryDelayMs(connection.failures);
      this.update({ retryAt: Date.now() + delay });
      this.retryTimer = setTimeout(() => {
        this.retryTimer = undefined;
        void this.pump(true);
      }, delay);
    }
  }

  /** The waiting scans become held: their verdicts will come when the operator has moved on. */
  private async holdWaiting(): Promise<void> {
    const newly = await this.op((store) => store.hold(this.kind));
    const last = newly.at(-1) as QueuedScan<K> | undefined;
    if (!last) return;
    this.update({ notice: { type: 'queued', barcode: last.payload.barcode } });
    this.emit({ type: 'held', scans: newly as QueuedScan<K>[] });
  }

  private clearRetry(): void {
    clearTimeout(this.retryTimer);
    this.retryTimer = undefined;
    if (this.status.retryAt !== null) this.update({ retryAt: null });
  }

  /**
   * Runs `work` on the store after every earlier operation, then counts the queue again. The store is the one
   * open when the work was asked for, so work queued before a stop finishes before that store closes. A store
   * that fails (IndexedDB refused mid-way, storage full) gives way to memory, and the work is done there.
   */
  private op<T>(work: (store: StationStore) => Promise<T>): Promise<T> {
    const opened = this.openStore();
    const next = this.chain.then(async () => {
      let store = await opened;
      let result: T;
      try {
        result = await work(store);
      } catch {
        store = new MemoryStationStore();
        this.store = Promise.resolve(store);
        this.update({ durable: false });
        result = await work(store);
      }
      this.update({ pending: (await store.count(this.kind)) + this.unwritten });
      return result;
    });
    this.chain = next.catch(() => undefined);
    return next;
  }

  private openStore(): Promise<StationStore> {
    this.store ??= this.options.openStore();
    return this.store;
  }

  private update(change: Partial<StationStatus>): void {
    // Most updates (a recount after each store operation) change nothing: no new status, no render.
    const keys = Object.keys(change) as (keyof StationStatus)[];
    if (keys.every((key) => Object.is(this.status[key], change[key]))) return;
    this.status = { ...this.status, ...change };
    for (const watcher of this.watchers) watcher();
  }

  private emit(event: StationEvent<K>): void {
    for (const listener of this.listeners) listener(event);
  }
}

/** The verdict the server would give a scan that fails its schema, or null when the scan may be sent. */
function refusedHere(scan: QueuedScan): StationVerdict | null {
  const read = STATION_SCAN_SCHEMAS[scan.kind].safeParse(wireScan(scan));
  if (read.success) return null;
  const words = invalidStationScanText(read.error);
  return {
    client_scan_id: scan.client_scan_id,
    barcode: scan.payload.barcode,
    scanned_at: scan.scanned_at,
    status: 400,
    code: 'VALIDATION_FAILED',
    msg: englishOf(words),
    key: words.key,
    ...(words.params ? { params: words.params } : {}),
    order: null,
    replayed: false,
  };
}

function exceptionOf({ scan, verdict }: StationAnswer, at: string): StationException {
  return {
    client_scan_id: scan.client_scan_id,
    kind: scan.kind,
    barcode: verdict.barcode || scan.payload.barcode,
    scanned_at: scan.scanned_at,
    arrived_at: at,
    verdict,
  };
}
