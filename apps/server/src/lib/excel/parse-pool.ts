/**
 * Reads uploads in worker threads. Inflating and parsing a sheet is synchronous work of up to seconds, which on
 * the main thread would hold every other request (health checks included) until it ends. A small limit on
 * parses in flight per process bounds the CPU and memory uploads can take; over it, a 503 with Retry-After.
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
  MORE_ROWS,
  type ParsedSheet,
  type ParseJob,
  type ParseReply,
  type RowSlice,
  type SheetRow,
} from './sheet-parser.ts';
import { newWorkerTempDir, removeTempDir } from './sheet-temp.ts';

/** Mutable so that tests can lower the limits. */
export const SHEET_PARSING = {
  /** Parses in flight in this process; each may take a core and some hundreds of MB. */
  maxInFlight: 2,
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

/** The sheet read by a worker; a refusal becomes a 400 AppError, a full pool a 503 with Retry-After. */
export async function parseInWorker(job: ParseJob, options: ParseOptions = {}): Promise<ParsedSheet> {
  if (options.signal?.aborted) throw AppError.badRequest(ABANDONED);
  if (inFlight >= SHEET_PARSING.maxInFlight) throw AppError.busy(BUSY, SHEET_PARSING.retryAfterSeconds);
  inFlight++;
  try {
    return await run(takeWorker(), job, options.signal);
  } finally {
    inFlight--;
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
    // A worker's young generation is small by default, and ExcelJS makes many short-lived objects: at 64 MB a
    // large sheet reads as fast as on the main thread, at the default about half as fast.
    resourceLimits: { maxOldGenerationSizeMb: SHEET_PARSING.heapMb, maxYoungGenerationSizeMb: 64 },
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

function run(worker: Worker, job: ParseJob, signal: AbortSignal | undefined): Promise<ParsedSheet> {
  return new Promise<ParsedSheet>((resolve, reject) => {
    const fail = (error: Error) => {
      settle();
      void worker.terminate();
      reject(error);
    };
    const rows: SheetRow[] = [];
    let settled = false;
    const onReply = (reply: ParseReply | RowSlice) => {
      if ('rows' in reply) {
        for (const row of reply.rows) rows.push(row);
        // The next slice once other work has had a turn.
        setImmediate(() => settled || worker.postMessage(MORE_ROWS));
        return;
      }
      settle();
      if (reply.ok) {
        release(worker);
        return resolve({ rows, titles: reply.titles });
      }
      // A worker that refused a file may hold what that file made of it: a fresh one takes the next.
      void worker.terminate();
      if ('failure' in reply) return reject(new Error(`The sheet worker failed: ${reply.failure}`));
      const refusal = AppError.badRequest(reply.text);
      if (reply.cause) {
        // For the log, as an Error like the reader threw it.
        const cause = new Error(reply.cause.split('\n')[0]);
        cause.stack = reply.cause;
        refusal.cause = cause;
      }
      reject(refusal);
    };
    const onError = (error: Error & { code?: string }) =>
      fail(error.code === 'ERR_WORKER_OUT_OF_MEMORY' ? AppError.badRequest(TOO_BIG) : error);
    const onExit = (code: number) => fail(new Error(`The sheet worker stopped with exit code ${code}.`));
    const deadline = setTimeout(() => fail(AppError.badRequest(TOO_SLOW)), SHEET_PARSING.deadlineMs);
    const onAbort = () => fail(AppError.badRequest(ABANDONED));
    const settle = () => {
      settled = true;
      clearTimeout(deadline);
      signal?.removeEventListener('abort', onAbort);
      worker.off('message', onReply);
      worker.off('error', onError);
      worker.off('exit', onExit);
    };
    signal?.addEventListener('abort', onAbort, { once: true });
    worker.on('message', onReply);
    worker.on('error', onError);
    worker.on('exit', onExit);
    // A copy the worker owns: the upload's buffer may be a view into memory shared with other buffers.
    const file = new Uint8Array(job.file);
    worker.postMessage({ ...job, file }, [file.buffer]);
  });
}
