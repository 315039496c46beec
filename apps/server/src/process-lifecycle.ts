/**
 * The boot and shutdown the API process (main.ts) and the worker process (worker.ts) share: the settings (a
 * bad one ends the process with its message), the database, the job queue opened with the same options, the
 * stale temp folders of a process that ended abruptly, and one shutdown on SIGTERM/SIGINT that stops the jobs
 * within JOBS_STOP_MS and closes what was opened; the API's HTTP server drains first (drainHttp).
 */
import type { Server } from 'node:http';
import type { AppConfig } from './config.ts';
import { ConfigError, loadConfig } from './config.ts';
import { type DatabaseHandle, openDatabase } from './db/database.ts';
import { JobQueue } from './jobs/job-queue.ts';
import { JOBS_STOP_MS } from './jobs/workers.ts';
import { removeStaleTempDirs, SHEET_TEMP_ROOT } from './lib/excel/sheet-temp.ts';

/** What boot and shutdown write to: console until the process has its logger (pino's shape). */
export interface ProcessLog {
  info(object: unknown, message?: string): void;
  warn(object: unknown, message?: string): void;
  error(object: unknown, message?: string): void;
}

export interface BootOptions<Claim> {
  /** Whether this process works the job queue (pg-boss's maintenance runs only there). */
  workers: (config: AppConfig) => boolean;
  /** Why the settings do not suit this process (printed, then exit 1), or null when they do. */
  refuse?: (config: AppConfig) => string | null;
  /** Runs before the database opens (the embedded data directory's claim); what it gives is `claim`. */
  beforeDatabase?: (config: AppConfig) => Promise<Claim>;
}

export interface BootedProcess<Claim = unknown> {
  config: AppConfig;
  claim: Claim | undefined;
  database: DatabaseHandle;
  jobs: JobQueue;
  /** From here on boot, the queue and shutdown log to `log` (the app's or the worker's logger). */
  useLog(log: ProcessLog): void;
  log(): ProcessLog;
}

/** The settings, or the process ends with the reason they are wrong (no stack: it is the operator's fix). */
function loadConfigOrExit(refuse: BootOptions<unknown>['refuse']): AppConfig {
  try {
    const config = loadConfig();
    const refusal = refuse?.(config) ?? null;
    if (refusal) {
      console.error(refusal);
      process.exit(1);
    }
    return config;
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
}

export async function bootProcess<Claim = undefined>(
  options: BootOptions<Claim>,
): Promise<BootedProcess<Claim>> {
  const config = loadConfigOrExit(options.refuse);
  let log: ProcessLog = console;
  const claim = await options.beforeDatabase?.(config);
  const database = await openDatabase(
    config.databaseUrl
      ? { kind: 'postgres', url: config.databaseUrl }
      : { kind: 'pglite', dataDir: config.dataDir },
  );
  const jobs = await JobQueue.open(database, {
    workers: options.workers(config),
    pollingIntervalSeconds: config.jobPollSeconds,
    leaseSeconds: config.jobLeaseSeconds,
    onError: (error) => log.error({ err: error }, 'Job queue error'),
    log: (fields, message) => log.info(fields, message),
    warn: (fields, message) => log.warn(fields, message),
  });
  return {
    config,
    claim,
    database,
    jobs,
    useLog(given) {
      log = given;
      // A process that ended abruptly may have left its upload workers' temp folders (lib/excel/sheet-temp.ts).
      const stale = removeStaleTempDirs();
      if (stale > 0) log.info(`Removed ${stale} stale upload temp folder(s) in ${SHEET_TEMP_ROOT}`);
    },
    log: () => log,
  };
}

/** Something the shutdown closes beside the job queue (the HTTP server, the ops server). */
interface Closable {
  close(): Promise<unknown>;
}

/** What draining needs of the app: its Node server, its close, and the mark /readyz reads (ops/ops.routes.ts). */
export interface DrainableHttp {
  readonly server: Server;
  startDraining(): void;
  close(): Promise<unknown>;
}

/** While draining, how often the connections whose last response has ended are closed. */
const IDLE_SWEEP_MS = 100;

/**
 * A rolling restart's half of the shutdown: /readyz answers 503 at once and no new connection is accepted;
 * the requests in flight finish (each response says `connection: close`, and idle keep-alive connections are
 * closed as they become idle) for up to `graceMs`, after which the connections still open are cut. Then the
 * app closes (its onClose hooks). A request arriving on a connection still busy is served, not refused.
 */
export async function drainHttp(app: DrainableHttp, graceMs: number, log: ProcessLog): Promise<void> {
  app.startDraining();
  const { server } = app;
  const started = Date.now();
  // Resolves once every connection is gone (an error only says the server was not listening: nothing to drain).
  const drained = new Promise<void>((resolve) => server.close(() => resolve()));
  const sweep = setInterval(() => server.closeIdleConnections(), IDLE_SWEEP_MS);
  let timer: NodeJS.Timeout | undefined;
  const graceOver = new Promise<'grace over'>((resolve) => {
    timer = setTimeout(() => resolve('grace over'), graceMs);
  });
  try {
    if ((await Promise.race([drained, graceOver])) === 'grace over') {
      log.warn({ graceMs }, 'shutdown grace over: closing the connections still open');
      server.closeAllConnections();
      await drained;
    } else log.info({ ms: Date.now() - started }, 'HTTP requests drained');
  } finally {
    clearInterval(sweep);
    clearTimeout(timer);
  }
  await app.close();
}

/** What a process closes on SIGTERM besides its job queue and database. */
export interface ShutdownSteps {
  /** Closed beside the job queue (the HTTP server, the ops server). */
  also?: readonly (Closable | null | undefined)[];
  /**
   * Work in flight that must settle before the job queue stops: webhook deliveries commit the slices they are
   * sending and take no further one, so no paced batch outlives the database it writes to.
   */
  windDown?: () => Promise<void>;
  /** Run once the database is closed. */
  after?: () => Promise<unknown>;
}

/**
 * How long webhook deliveries get to commit the slices in flight before the queue stops. With JOBS_STOP_MS after
 * it, a stop stays inside the service units' 40 s; a slice still waiting on a slow receiver then goes back to
 * the queue with its batch, and its events are sent again (receivers tell repeats by their webhook-id).
 */
export const WIND_DOWN_MS = 10_000;

/**
 * On SIGTERM or SIGINT, once: no new requests or jobs; webhook deliveries wind down, running jobs get
 * JOBS_STOP_MS to finish, then are handed back; then the database closes, `after` runs (the data directory's
 * claim), and the process exits.
 */
export function shutDownOnSignals(booted: BootedProcess, steps: ShutdownSteps = {}): void {
  const { also = [], windDown, after } = steps;
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    const log = booted.log();
    log.info({ signal }, 'shutting down');
    try {
      const stopJobs = async () => {
        await windDown?.();
        await booted.jobs.stop(JOBS_STOP_MS);
      };
      await Promise.all([stopJobs(), ...also.map((closable) => closable?.close())]);
      await booted.database.close();
      await after?.();
      process.exit(0);
    } catch (error) {
      log.error({ err: error }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));
}

/** Runs a process's main; what it throws ends the process with the stack. */
export function runProcess(main: () => Promise<void>): void {
  main().catch((error: unknown) => {
    console.error(error instanceof Error ? (error.stack ?? error.message) : error);
    process.exit(1);
  });
}
