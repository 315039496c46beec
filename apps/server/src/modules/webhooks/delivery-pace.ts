/**
 * How webhook deliveries give way to the API they share a process with (issue 31, part 6). The lists must not
 * feel 10,000 deliveries draining, so the deliveries watch how late this process's event loop runs (what every
 * request waits on, and on the embedded database every statement too) and, while it runs late:
 * - take smaller slices of their batch (each slice one short transaction, so a list's statements wait less),
 * - rest after each slice twice as long as it took (two thirds of the loop's time are left to the API),
 * and at any time keep at most `concurrency` attempts in flight in this process and give the loop a turn
 * before each signature, so a burst of answers does not queue a batch's worth of callbacks ahead of a request.
 * When the loop is on time, slices are whole batches with a shorter rest (as long as the batch took).
 * A batch that has already run `batchBudgetMs` sends the rest of its events in one slice without rests, so
 * slicing never pushes a batch past its job's deadline (60 s, queues.ts), after which the queue would hand
 * its jobs out again while this batch still runs.
 *
 * On shutdown (`windDown`) no batch takes another slice: the slice in flight commits, and the rest of its batch
 * is handed back to the queue (deliverJobs throws), so the process stops within one slice rather than a whole
 * paced batch, and nothing it started outlives the database connection it needs.
 */
import { nextTurn } from '../../lib/turns.ts';

export interface DeliveryPaceSettings {
  /** Attempts in flight at once in this process, over every loop. */
  concurrency: number;
  /** How late the event loop may run (ms, recent worst) before deliveries count the process as busy. */
  busyLagMs: number;
  /** Events per transaction when the process is busy (a whole batch when not). */
  busySlice: number;
  /** Rest after a slice, as a share of the time it took: while the loop runs late, and while it is on time. */
  busyRestRatio: number;
  idleRestRatio: number;
  /** The longest rest after a slice, ms. */
  maxRestMs: number;
  /** How long an attempt keeps its slot without an answer before the next one may start, ms. */
  slotHoldMs: number;
  /** After this long (ms) a batch stops slicing and resting: what is left goes at once. */
  batchBudgetMs: number;
}

export const DEFAULT_DELIVERY_PACE: DeliveryPaceSettings = {
  concurrency: 4,
  busyLagMs: 3,
  busySlice: 10,
  busyRestRatio: 2,
  // Even on time, half the loop (and of a core) is left: a worker process apart cannot see the API's loop,
  // only share the cores with it; an idle server still drains well above 500 a second.
  idleRestRatio: 1,
  maxRestMs: 200,
  slotHoldMs: 250,
  // Slices started before it take at most the 15 s timeout each: 20 + 15 + 15 s (the last, whole slice)
  // stays inside the job's 60 s.
  batchBudgetMs: 20_000,
};

/** How often the loop's lateness is sampled, and for how long after the last delivery. */
const SAMPLE_MS = 10;
const WATCH_AFTER_LAST_MS = 5_000;
/** The recent worst lateness decays by this factor a sample, so one hiccup is forgotten within ~0.2 s. */
const DECAY = 0.8;

/**
 * Samples the event loop's lateness while deliveries run (a timer every 10 ms; unref'd, and stopped 5 s after
 * the last delivery, so an idle process keeps no timer for it).
 */
class LoopLateness {
  private timer: NodeJS.Timeout | null = null;
  private expected = 0;
  private worst = 0;
  private lastUse = 0;

  /** The recent worst lateness, ms; starts the sampling if it was not running. */
  recentMs(): number {
    this.lastUse = performance.now();
    if (!this.timer) {
      this.expected = this.lastUse + SAMPLE_MS;
      this.worst = 0;
      this.timer = setInterval(() => this.sample(), SAMPLE_MS);
      this.timer.unref();
    }
    return this.worst;
  }

  private sample(): void {
    const now = performance.now();
    this.worst = Math.max(now - this.expected, this.worst * DECAY);
    this.expected = now + SAMPLE_MS;
    if (now - this.lastUse > WATCH_AFTER_LAST_MS) this.stop();
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }
}

/**
 * At most `limit` attempts started and not yet answered, the others waiting their turn in order; a slot is
 * also given up after `holdMs` even without an answer, so a silent receiver (15 s timeout) does not hold the
 * slots of every other delivery, nor stretch a batch past its job's expiry: the cap is on bursts of work, which
 * happen at an attempt's start and at its answer.
 */
class Slots {
  private inside = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(
    private readonly limit: number,
    private readonly holdMs: number,
  ) {}

  async run<T>(work: () => Promise<T>): Promise<T> {
    if (this.inside >= this.limit) await new Promise<void>((resolve) => this.waiting.push(resolve));
    else this.inside += 1;
    let held = true;
    const release = () => {
      if (!held) return;
      held = false;
      const next = this.waiting.shift();
      // The slot passes straight to the next waiter, so `inside` stays at the limit while any wait.
      if (next) next();
      else this.inside -= 1;
    };
    const timer = setTimeout(release, this.holdMs);
    timer.unref();
    try {
      return await work();
    } finally {
      clearTimeout(timer);
      release();
    }
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** One per process (the webhooks service holds it), shared by every delivery loop. */
export class DeliveryPace {
  private readonly lateness = new LoopLateness();
  private readonly slots: Slots;
  /** Batches being delivered now, and who waits for there to be none (windDown). */
  private batches = 0;
  private readonly idleWaiters: (() => void)[] = [];
  private stoppingNow = false;

  constructor(private readonly settings: DeliveryPaceSettings = DEFAULT_DELIVERY_PACE) {
    this.slots = new Slots(Math.max(1, settings.concurrency), settings.slotHoldMs);
  }

  /** Whether the API is waiting on this process's loop now. */
  busy(): boolean {
    return this.lateness.recentMs() > this.settings.busyLagMs;
  }

  /** Whether a batch that began `batchElapsedMs` ago is past its budget (the rest goes at once). */
  private late(batchElapsedMs: number): boolean {
    return batchElapsedMs >= this.settings.batchBudgetMs;
  }

  /**
   * Events of the next slice of a batch with `left` to go, begun `batchElapsedMs` ago: all of them when the
   * loop is on time or the batch is past its budget.
   */
  sliceSize(left: number, batchElapsedMs = 0): number {
    if (this.late(batchElapsedMs) || !this.busy()) return left;
    return Math.min(left, Math.max(1, this.settings.busySlice));
  }

  /**
   * After a slice that took `workedMs`: a turn, and a rest in proportion (twice as long while busy); none for
   * a batch past its budget.
   */
  async rest(workedMs: number, batchElapsedMs = 0): Promise<void> {
    await nextTurn();
    if (this.late(batchElapsedMs) || this.stoppingNow) return;
    const busy = this.busy();
    const ratio = busy ? this.settings.busyRestRatio : this.settings.idleRestRatio;
    const restMs = Math.min(this.settings.maxRestMs, workedMs * ratio);
    if (restMs > 0) await sleep(busy ? Math.max(SAMPLE_MS, restMs) : restMs);
  }

  /** One attempt (sign and post) in one of the process's slots, after a turn of the loop. */
  async attempt<T>(work: () => Promise<T>): Promise<T> {
    return this.slots.run(async () => {
      await nextTurn();
      return work();
    });
  }

  /** Whether the process is stopping: no batch takes another slice (windDown). */
  get stopping(): boolean {
    return this.stoppingNow;
  }

  /** Counts a batch in until the returned function is called (what windDown waits for). */
  enter(): () => void {
    this.batches += 1;
    let left = false;
    return () => {
      if (left) return;
      left = true;
      this.batches -= 1;
      if (this.batches === 0) for (const wake of this.idleWaiters.splice(0)) wake();
    };
  }

  /**
   * For shutdown, before the queue stops: no batch takes another slice, and this resolves once the slices in
   * flight have committed (each is bounded by the receivers' timeout), or after `timeoutMs` at the latest.
   */
  async windDown(timeoutMs: number): Promise<void> {
    this.stoppingNow = true;
    this.lateness.stop();
    if (this.batches === 0) return;
    await new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, timeoutMs);
      timer.unref();
      this.idleWaiters.push(() => {
        clearTimeout(timer);
        resolve();
      });
    });
  }

  /** Stops the sampling timer at once (tests, shutdown); it starts again with the next delivery. */
  stop(): void {
    this.lateness.stop();
  }
}
