/**
 * The boot and shutdown the API process (main.ts) and the worker process (worker.ts) share: the settings (a
 * bad one ends the process with its message), the database, the job queue opened with the same options, the
 * stale temp folders of a process that ended abruptly, and one shutdown on SIGTERM/SIGINT that stops the jobs
 * within JOBS_STOP_MS and closes what was opened.
 */
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

/**
 * On SIGTERM or SIGINT, once: no new requests or jobs; running jobs get JOBS_STOP_MS to finish, then are
 * handed back; then the database closes, `after` runs (the data directory's claim), and the process exits.
 */
export function shutDownOnSignals(
  booted: BootedProcess,
  also: readonly (Closable | null | undefined)[],
  after?: () => Promise<unknown>,
): void {
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    const log = booted.log();
    log.info({ signal }, 'shutting down');
    try {
      await Promise.all([booted.jobs.stop(JOBS_STOP_MS), ...also.map((closable) => closable?.close())]);
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
