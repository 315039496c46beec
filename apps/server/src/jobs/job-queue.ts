/**
 * The job queue: pg-boss 10.4.2 in the application's own database (PGlite or PostgreSQL, through the same
 * SqlClient the app's migrations ran on), so a job is as durable as the write that caused it.
 *
 * - `enqueue(tx, …)` writes the job in the caller's transaction: no job without its row, no row without its
 *   job. A send that pg-boss answers with null (a queue that does not exist) is an error, never a lost job.
 * - `work(name, handler)` runs a queue's jobs one at a time per process, each under a lease (job-lease.ts) so
 *   that a job whose process died is handed back within two minutes, not pg-boss's expiry.
 * - `stop(timeoutMs)` stops taking jobs and waits for the running ones up to the bound, then hands them back.
 * - Every job's data is checked against its queue's schema (queues.ts) before its handler runs: a job that
 *   does not match fails at once and for good (no retry would make it match), logged with its queue and the
 *   paths that are wrong, never the values.
 */
import { randomUUID } from 'node:crypto';
import PgBoss from 'pg-boss';
import type { DatabaseHandle, SqlClient, Transaction } from '../db/database.ts';
import { transactionSql } from '../db/database.ts';
import { handBackOrphans, JOB_SCHEMA, type LeaseKeeper, leaseKeeper, leaseSettings } from './job-lease.ts';
import { JOB_NAMES, JOB_PAYLOADS, type JobData, type JobName, QUEUES, SCHEDULES } from './queues.ts';

export interface JobQueueOptions {
  /** Whether this process runs workers: only then does it keep pg-boss's maintenance (expiry, archive). */
  workers: boolean;
  /** Seconds between two polls of an idle queue (pg-boss's minimum is 0.5). */
  pollingIntervalSeconds?: number;
  /** Seconds a running job's lease lasts without renewal (default 60; the crash tests shorten it). */
  leaseSeconds?: number;
  /** Where pg-boss's own errors go (the app's logger). */
  onError?: (error: unknown) => void;
  /** Told when a job starts and ends (ids and attempts only, never the job's data). */
  log?: (fields: Record<string, unknown>, message: string) => void;
  /** Told when a job's data does not match its queue's schema (ids and the wrong paths, never the data). */
  warn?: (fields: Record<string, unknown>, message: string) => void;
}

/** A job as pg-boss hands it to a worker (includeMetadata). */
interface FetchedJob {
  id: string;
  data: unknown;
  retryCount: number;
  retryLimit: number;
}

export interface EnqueueOptions {
  /** Not before this many seconds from now. */
  startAfterSeconds?: number;
  /** At most one job waiting with this key in the queue (pg-boss's singleton key). */
  singletonKey?: string;
}

/** One job as a handler gets it. */
export interface RunningJob<N extends JobName> {
  id: string;
  name: N;
  data: JobData[N];
  /** Attempts before this one (0 on the first). */
  retryCount: number;
  retryLimit: number;
}

export type JobHandler<N extends JobName> = (job: RunningJob<N>) => Promise<void>;

/** What a service needs of the queue: to enqueue in its own transaction. */
export interface JobSender {
  enqueue<N extends JobName>(
    tx: Transaction,
    name: N,
    data: JobData[N],
    options?: EnqueueOptions,
  ): Promise<string>;
  /** Many jobs of one queue in one statement, in the caller's transaction. */
  enqueueMany<N extends JobName>(tx: Transaction, name: N, jobs: readonly QueuedJob<N>[]): Promise<void>;
}

/** One job of `enqueueMany`. */
export interface QueuedJob<N extends JobName> {
  data: JobData[N];
  startAfterSeconds?: number;
}

export interface BatchWorkOptions {
  /** Jobs fetched at once, handled side by side. */
  batchSize: number;
  /** Fetch loops of this queue in this process. */
  loops: number;
}

/** Handles a fetched batch; a throw fails (and so retries) every job of the batch. */
export type BatchJobHandler<N extends JobName> = (jobs: RunningJob<N>[]) => Promise<void>;

/** A queue worked in batches (`workBatches`) rather than one job at a time under a lease. */
export interface BatchWorker<N extends JobName> {
  batch: BatchWorkOptions;
  handle: BatchJobHandler<N>;
}

export class JobQueue implements JobSender {
  private readonly leases: LeaseKeeper;
  /** The queues this process works (work, workBatches), and whether stop() began: for /readyz. */
  private readonly worked = new Set<JobName>();
  private stopping = false;
  /** Set once stop() has handed the running jobs back: a handler that ends later must not report on its job. */
  private handedBack = false;

  private constructor(
    private readonly boss: PgBoss,
    private readonly sql: SqlClient,
    private readonly kind: DatabaseHandle['kind'],
    private readonly options: JobQueueOptions,
  ) {
    this.leases = leaseKeeper(sql, kind, leaseSettings(options.leaseSeconds));
  }

  /** Starts pg-boss (its schema created or migrated on first use) and creates or updates every queue. */
  static async open(handle: DatabaseHandle, options: JobQueueOptions): Promise<JobQueue> {
    const boss = new PgBoss({
      db: handle.sql,
      schema: JOB_SCHEMA,
      migrate: true,
      // Expiry and archiving run where workers run; an API-only process just sends.
      supervise: options.workers,
      maintenanceIntervalSeconds: leaseSettings(options.leaseSeconds).maintenanceSeconds,
      // The cron of SCHEDULES (queues.ts) runs where workers run; pg-boss sends one job per tick among them.
      schedule: options.workers,
    });
    boss.on('error', (error) => options.onError?.(error));
    // pg-boss creates its schema under a transaction-level lock of its own, but decides whether to before
    // taking it: a second process starting at the same moment can then fail on "already exists" inside its
    // BEGIN, which pg-boss ignores, leaving that pool connection in an aborted transaction. Under the schema
    // lock the processes set the queue up one after another.
    await handle.withSchemaLock(async () => {
      await boss.start();
      for (const name of JOB_NAMES) {
        const settings = { name, policy: 'standard' as const, ...QUEUES[name] };
        // create_queue keeps an existing queue's options: the update makes them what this file says.
        await boss.createQueue(name, settings);
        await boss.updateQueue(name, settings);
      }
      if (options.workers)
        for (const [name, { cron, data }] of Object.entries(SCHEDULES))
          await boss.schedule(name, cron, data as object, { tz: 'UTC' });
    });
    const queue = new JobQueue(boss, handle.sql, handle.kind, options);
    // PGlite belongs to this one process: a job left active was a previous run's, which is gone.
    if (options.workers && handle.kind === 'pglite') await handBackOrphans(boss, handle.sql);
    return queue;
  }

  async enqueue<N extends JobName>(
    tx: Transaction,
    name: N,
    data: JobData[N],
    options: EnqueueOptions = {},
  ): Promise<string> {
    const id = await this.boss.send(name, data as object, {
      db: transactionSql(tx),
      startAfter: options.startAfterSeconds,
      singletonKey: options.singletonKey,
    });
    if (!id) throw new Error(`The job queue refused a ${name} job (does the queue exist?).`);
    return id;
  }

  async enqueueMany<N extends JobName>(
    tx: Transaction,
    name: N,
    jobs: readonly QueuedJob<N>[],
  ): Promise<void> {
    if (jobs.length === 0) return;
    // pg-boss 10's insert answers nothing, and skips jobs of a queue that does not exist: the ids are drawn
    // here and counted after, on the same transaction, so a job is never lost silently.
    const ids = jobs.map(() => randomUUID());
    const sql = transactionSql(tx);
    await this.boss.insert(
      jobs.map((job, index) => ({
        id: ids[index],
        name,
        data: job.data as object,
        // pg-boss casts this text to an interval.
        startAfter: `${Math.max(0, Math.round(job.startAfterSeconds ?? 0))} seconds`,
      })),
      { db: sql },
    );
    const { rows } = await sql.executeSql(
      `SELECT count(*)::int AS count FROM ${JOB_SCHEMA}.job WHERE name = $1 AND id = ANY($2::uuid[])`,
      [name, ids],
    );
    const written = Number((rows[0] as { count: number | string } | undefined)?.count ?? 0);
    if (written !== jobs.length)
      throw new Error(
        `The job queue refused ${jobs.length - written} ${name} job(s) (does the queue exist?).`,
      );
  }

  /**
   * Runs `handler` on batches of the queue's jobs, `loops` batches at a time in this process, without a lease:
   * for short jobs (a webhook delivery), whose expiry (queues.ts) already hands back those of a dead process
   * within minutes.
   */
  async workBatches<N extends JobName>(
    name: N,
    options: BatchWorkOptions,
    handler: BatchJobHandler<N>,
  ): Promise<void> {
    for (let loop = 0; loop < options.loops; loop++) {
      let workerId: string | undefined;
      workerId = await this.boss.work(
        name,
        {
          batchSize: options.batchSize,
          includeMetadata: true,
          pollingIntervalSeconds: this.options.pollingIntervalSeconds ?? 2,
        },
        (fetched) =>
          this.untilHandedBack(async () => {
            if (fetched.length === 0) return;
            // A full batch means more are waiting: fetch again at once instead of after the polling interval.
            if (fetched.length === options.batchSize && workerId) this.boss.notifyWorker(workerId);
            const jobs: RunningJob<N>[] = [];
            for (const job of fetched) {
              const running = await this.checked(name, job);
              if (running) jobs.push(running);
            }
            if (jobs.length > 0) await handler(jobs);
          }),
      );
    }
    this.worked.add(name);
  }

  /** Runs `handler` for each job of the queue, one at a time in this process, under a lease. */
  async work<N extends JobName>(name: N, handler: JobHandler<N>): Promise<void> {
    await this.boss.work(
      name,
      {
        batchSize: 1,
        includeMetadata: true,
        pollingIntervalSeconds: this.options.pollingIntervalSeconds ?? 2,
      },
      ([job]) =>
        this.untilHandedBack(async () => {
          if (!job) return;
          const running = await this.checked(name, job);
          if (!running) return;
          const lease = this.leases.hold(name, job.id);
          const started = performance.now();
          this.options.log?.({ job: job.id, queue: name, retryCount: job.retryCount }, 'job started');
          try {
            await handler(running);
            this.options.log?.(
              { job: job.id, queue: name, ms: Math.round(performance.now() - started) },
              'job finished',
            );
          } finally {
            lease.release();
          }
        }),
    );
    this.worked.add(name);
  }

  /**
   * The job with its data parsed by the queue's schema, or null when the data does not match: the job is
   * then failed for good (its retry limit brought down to the attempts made, so pg-boss does not retry it),
   * and pg-boss's completion of the fetched batch leaves it failed.
   */
  private async checked<N extends JobName>(name: N, job: FetchedJob): Promise<RunningJob<N> | null> {
    const parsed = JOB_PAYLOADS[name].safeParse(job.data);
    if (parsed.success)
      return {
        id: job.id,
        name,
        data: parsed.data as JobData[N],
        retryCount: job.retryCount,
        retryLimit: job.retryLimit,
      };
    const paths = parsed.error.issues.map((issue) => issue.path.map(String).join('.') || '(payload)');
    this.options.warn?.({ job: job.id, queue: name, paths }, 'job data does not match its queue; failed');
    await this.sql.executeSql(
      `UPDATE ${JOB_SCHEMA}.job SET retry_limit = retry_count WHERE name = $1 AND id = $2`,
      [name, job.id],
    );
    await this.boss.fail(name, job.id, {
      message: `The job's data does not match its queue (${paths.join(', ')}).`,
    });
    return null;
  }

  /** Whether this process works every queue and has not begun to stop (ops/readiness.ts). */
  workersRunning(): boolean {
    return !this.stopping && JOB_NAMES.every((name) => this.worked.has(name));
  }

  /** A job's state, for tests and the health of the queue. */
  async stateOf(name: JobName, id: string): Promise<string | undefined> {
    const job = await this.boss.getJobById(name, id);
    return job?.state;
  }

  /**
   * Stops taking jobs; running ones get `timeoutMs` to finish, then are handed back (failed, so pg-boss
   * retries them) for another worker.
   */
  async stop(timeoutMs = 30_000): Promise<void> {
    this.stopping = true;
    await this.boss.stop({ graceful: true, timeout: timeoutMs, wait: true });
    this.handedBack = true;
    this.leases.releaseAll();
  }

  /**
   * A handler's work as pg-boss sees it. pg-boss reports a job's end (complete or fail) without awaiting it; a
   * handler that outlives stop() ends after its job was handed back and, often, after the caller closed the
   * database, so that report would be an unhandled "pool ended" rejection, or would mark done a job another
   * worker now owns. Such a late end is kept from pg-boss: the promise it waits on never settles.
   */
  private async untilHandedBack(work: () => Promise<void>): Promise<void> {
    try {
      await work();
    } catch (error) {
      if (!this.handedBack) throw error;
    }
    if (this.handedBack) await new Promise<never>(() => {});
  }

  get database(): { sql: SqlClient; kind: DatabaseHandle['kind'] } {
    return { sql: this.sql, kind: this.kind };
  }
}
