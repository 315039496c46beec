/**
 * Reads uploads in worker threads. Inflating and parsing a sheet is synchronous work of up to seconds, which on
 * the main thread would hold every other request (health checks included) until it ends. A small limit on
 * reads in flight per process bounds the memory uploads can take (over it, a 503 with Retry-After), and at most
 * `parsingAtOnce` of them parse at the same moment, which bounds the cores: a streamed read waiting for its
 * consumer to take the next slice holds no turn.
 * A worker is kept for the next upload for a while (starting one costs 0.3-0.7 s) after reading a file; it is
 * ended when it refuses one, passes the deadline or its heap limit, or its caller gives up (the client went
 * away), so no file can hold a slot, the process's memory or anything else for long. Each worker has its own
 * temp folder (sheet-temp.ts), removed when it ends.
 */
import { Worker } from 'node:worker_threads';
import { text } from '@parcelops/shared';
import { COMPILED } from '../../runtime-paths.ts';
import { AppError } from '../app-error.ts';
import {
  type HeaderFound,
  MORE_ROWS,
  type ParsedSheet,
  type ParseJob,
  type ParseMessage,
  type ParseReply,
  type RowSlice,
  type SheetRow,
} from './sheet-parser.ts';
import { newWorkerTempDir, removeTempDir } from './sheet-temp.ts';

/** Mutable so that tests can lower the limits. */
export const SHEET_PARSING = {
  /**
   * Reads in flight in this process. A streamed read (an order file) stays in flight while its consumer places
   * the orders, its worker paused between slices holding the file and the reader's state (tens of MB).
   */
  maxInFlight: 4,
  /** Workers parsing at the same moment: each takes a core while it reads its next slice. */
  parsingAtOnce: 2,
  /** The largest real file (100,000 rows of 20 columns, 9.7 MB) takes 3-6 s on one core, 15-20 s read whole. */
  deadlineMs: 60_000,
  /** A worker's heap: that file takes about 150 MB streamed, about 750 MB read whole (the retry). */
  heapMb: 1024,
  /** How long an idle worker waits for the next upload before it ends. */
  idleMs: 30_000,
  retryAfterSeconds: 5,
};

const BUSY = text('sheets.busy');
const TOO_SLOW = text('sheets.tooSlow');
const TOO_BIG = text('sheets.tooBig');
/** Nobody reads it (the client went away), but the log does. */
const ABANDONED = text('sheets.abandoned');

/**
 * The worker's code. Compiled (`npm start`), it is dist/sheet-worker.js, next to the bundle this module is
 * part of (scripts/build.mjs). From the sources (`npm run dev`, tests): Node 20 does not apply `--import`
 * loaders to workers and Vitest does not transform code inside them, so the worker registers tsx itself (a
 * dependency of the server) before loading its .ts entry.
 */
const WORKER_CODE: { script: string | URL; eval: boolean; data: Record<string, string> } = COMPILED
  ? { script: new URL('./sheet-worker.js', import.meta.url), eval: false, data: {} }
  : {
      script: `
const { workerData } = require('node:worker_threads');
import(workerData.tsx).then(({ register }) => {
  register();
  return import(workerData.entry);
});
`,
      eval: true,
      data: {
        tsx: import.meta.resolve('tsx/esm/api'),
        entry: new URL('./sheet-worker.ts', import.meta.url).href,
      },
    };

let inFlight = 0;
/** Workers parsing now, and the reads waiting for their turn to ask for the next slice. */
let parsing = 0;
const waitingToParse: (() => void)[] = [];

/** A turn to parse (the job's start or a next slice); paused reads hold none, so they keep no core. */
async function takeParseTurn(): Promise<void> {
  if (parsing < SHEET_PARSING.parsingAtOnce) {
    parsing++;
    return;
  }
  await new Promise<void>((resolve) => waitingToParse.push(resolve));
}

function giveParseTurn(): void {
  const next = waitingToParse.shift();
  // The turn passes straight to the next read waiting, so `parsing` stays at the limit while any wait.
  if (next) next();
  else parsing--;
}
const idle = new Map<Worker, NodeJS.Timeout>();
/** Every worker that has not exited yet (idle, reading, or ending), with its temp folder. */
const live = new Map<Worker, string | undefined>();
// Workers end with the process without an 'exit' of their own: their folders go here.
process.once('exit', () => {
  for (const dir of live.values()) if (dir) removeTempDir(dir);
});

/** Parses running now in this process. */
export function parsesInFlight(): number {
  return inFlight;
}

/** Workers of this process that have not exited yet (the tests wait for ended ones to be gone). */
export function liveWorkers(): number {
  return live.size;
}

/** Ends the workers waiting for work (they never keep the process alive, but free their memory now). */
export async function endIdleWorkers(): Promise<void> {
  const workers = [...idle.keys()];
  for (const worker of workers) clearTimeout(idle.get(worker));
  idle.clear();
  await Promise.all(workers.map((worker) => worker.terminate()));
}

export interface ParseOptions {
  /** Aborted when the caller no longer wants the sheet (the client went away): the worker is ended. */
  signal?: AbortSignal;
}

/** The sheet read by a worker, whole; a refusal becomes a 400 AppError, a full pool a 503 with Retry-After. */
export async function parseInWorker(job: ParseJob, options: ParseOptions = {}): Promise<ParsedSheet> {
  const stream = await streamInWorker(job, options);
  const rows: SheetRow[] = [];
  for await (const slice of stream.slices) for (const row of slice) rows.push(row);
  return { rows, titles: stream.titles };
}

/** A sheet being read by a worker: the header's titles, then the rows a slice at a time. */
export interface SheetStream {
  titles: Map<string, string>;
  /**
   * The rows, each slice read once the previous one is taken. Stopping early (a `break`, a throw in the loop)
   * ends the worker. A refusal found part-way (too many rows, an unreadable part) is thrown here as a 400.
   */
  slices: AsyncGenerator<SheetRow[], void, undefined>;
  /** Ends the read where it is (the worker and its slot): for a consumer that stops before its loop. */
  close(): Promise<void>;
}

/**
 * Starts reading the sheet in a worker and answers once its header is read (or the file refused). The read
 * takes a parse slot until its last slice is taken or the consumer stops: a consumer must run `slices` to
 * the end or leave its loop.
 */
export async function streamInWorker(job: ParseJob, options: ParseOptions = {}): Promise<SheetStream> {
  if (options.signal?.aborted) throw AppError.badRequest(ABANDONED);
  if (inFlight >= SHEET_PARSING.maxInFlight) throw AppError.busy(BUSY, SHEET_PARSING.retryAfterSeconds);
  inFlight++;
  const messages = read(takeWorker(), job, options.signal);
  let done = false;
  const finish = async () => {
    if (done) return;
    done = true;
    inFlight--;
    await messages.return(undefined);
  };
  try {
    const first = await messages.next();
    // The header comes first; a sheet without one ends in a refusal, thrown by read().
    if (first.done || !('header' in first.value)) throw new Error('The sheet worker sent no header.');
    const titles = first.value.header;
    async function* slices(): AsyncGenerator<SheetRow[], void, undefined> {
      try {
        for await (const message of messages) if ('rows' in message) yield message.rows;
      } finally {
        await finish();
      }
    }
    return { titles, slices: slices(), close: finish };
  } catch (error) {
    await finish();
    throw error;
  }
}
function takeWorker(): Worker {
  const [worker] = idle.keys();
  if (worker) {
    clearTimeout(idle.get(worker));
    idle.delete(worker);
    worker.ref();
    return worker;
  }
  const tempDir = newWorkerTempDir();
  const started = new Worker(WORKER_CODE.script, {
    eval: WORKER_CODE.eval,
    workerData: { ...WORKER_CODE.data, tempDir },
    // os.tmpdir() in the worker, so anything the tmp package writes lands in the worker's own folder.
    env: tempDir ? { ...process.env, TMPDIR: tempDir } : process.env,
    // ExcelJS makes many short-lived objects, which a young generation collects cheaply. 64 MB read a large
    // sheet fastest but kept up to 64 MB resident beside the main thread's; at 16 MB a 10,000-row import takes
    // about 5% longer and peaks 50 MB lower (BENCH=deployed-memory, docs/decisions.md).
    resourceLimits: { maxOldGenerationSizeMb: SHEET_PARSING.heapMb, maxYoungGenerationSizeMb: 16 },
  });
  live.set(started, tempDir);
  // A worker that fails while idle must not take the process with it (an 'error' nobody listens to throws).
  started.on('error', () => forget(started));
  started.on('exit', () => {
    forget(started);
    live.delete(started);
    if (tempDir) removeTempDir(tempDir);
  });
  return started;
}

function forget(worker: Worker): void {
  clearTimeout(idle.get(worker));
  idle.delete(worker);
}

function release(worker: Worker): void {
  if (idle.size >= SHEET_PARSING.maxInFlight) {
    void worker.terminate();
    return;
  }
  worker.unref();
  const timer = setTimeout(() => {
    idle.delete(worker);
    void worker.terminate();
  }, SHEET_PARSING.idleMs);
  timer.unref();
  idle.set(worker, timer);
}

/**
 * The worker's messages for one job, each slice once the previous one was taken (back-pressure). The deadline
 * counts the worker's own time only (from the job or the last MORE_ROWS to its next message), not the
 * consumer's. A refusal ends in a 400 AppError; leaving early, a failure or the client going away ends the
 * worker, and a read to its end gives it back to the pool.
 */
async function* read(
  worker: Worker,
  job: ParseJob,
  signal: AbortSignal | undefined,
): AsyncGenerator<HeaderFound | RowSlice, void, undefined> {
  const inbox: Array<{ message: ParseMessage } | { error: Error }> = [];
  let wake: (() => void) | undefined;
  const deliver = (entry: { message: ParseMessage } | { error: Error }) => {
    inbox.push(entry);
    wake?.();
  };
  let spentMs = 0;
  let askedAt = 0;
  let deadline: NodeJS.Timeout | undefined;
  let turnHeld = false;
  const endTurn = () => {
    if (!turnHeld) return;
    turnHeld = false;
    giveParseTurn();
  };
  // The worker works between a question and its answer, and only with a turn: the deadline counts that time.
  const ask = async (message: unknown, transfer?: ArrayBuffer[]) => {
    await takeParseTurn();
    turnHeld = true;
    askedAt = performance.now();
    deadline = setTimeout(
      () => deliver({ error: AppError.badRequest(TOO_SLOW) }),
      Math.max(0, SHEET_PARSING.deadlineMs - spentMs),
    );
    worker.postMessage(message, transfer);
  };
  const onMessage = (message: ParseMessage) => {
    clearTimeout(deadline);
    spentMs += performance.now() - askedAt;
    endTurn();
    deliver({ message });
  };
  const onError = (error: Error & { code?: string }) =>
    deliver({ error: error.code === 'ERR_WORKER_OUT_OF_MEMORY' ? AppError.badRequest(TOO_BIG) : error });
  const onExit = (code: number) =>
    deliver({ error: new Error(`The sheet worker stopped with exit code ${code}.`) });
  const onAbort = () => deliver({ error: AppError.badRequest(ABANDONED) });
  signal?.addEventListener('abort', onAbort, { once: true });
  worker.on('message', onMessage);
  worker.on('error', onError);
  worker.on('exit', onExit);
  let reusable = false;
  try {
    // A copy the worker owns: the upload's buffer may be a view into memory shared with other buffers.
    const file = new Uint8Array(job.file);
    await ask({ ...job, file }, [file.buffer]);
    for (;;) {
      if (inbox.length === 0) await new Promise<void>((resolve) => (wake = resolve));
      wake = undefined;
      const entry = inbox.shift();
      if (!entry) continue;
      if ('error' in entry) throw entry.error;
      const { message } = entry;
      if ('ok' in message) {
        if (message.ok) {
          reusable = true;
          return;
        }
        throw replyError(message);
      }
      yield message;
      await ask(MORE_ROWS);
    }
  } finally {
    clearTimeout(deadline);
    endTurn();
    signal?.removeEventListener('abort', onAbort);
    worker.off('message', onMessage);
    worker.off('error', onError);
    worker.off('exit', onExit);
    // A worker that refused a file, failed, or was left part-way may hold what that file made of it: a fresh
    // one takes the next.
    if (reusable) release(worker);
    else void worker.terminate();
  }
}

/** A refusal for the uploader (a 400 with the reader's words for the log), or a failure of ours. */
function replyError(reply: Exclude<ParseReply, { ok: true }>): Error {
  if ('failure' in reply) return new Error(`The sheet worker failed: ${reply.failure}`);
  const refusal = AppError.badRequest(reply.text);
  if (reply.cause) {
    // For the log, as an Error like the reader threw it.
    const cause = new Error(reply.cause.split('\n')[0]);
    cause.stack = reply.cause;
    refusal.cause = cause;
  }
  return refusal;
}
