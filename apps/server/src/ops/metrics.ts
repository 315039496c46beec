/**
 * The numbers Prometheus scrapes from GET /metrics (ops/ops.routes.ts), one `AppMetrics` per app or worker
 * process. Its own registry keeps several apps in one process (the tests) from clashing over metric names;
 * the process's own figures (CPU, memory, event loop, GC: prom-client's defaults) are per process by nature,
 * so they live once in a registry of this module and are appended at scrape time.
 *
 * Domains never import prom-client: they get the few recording methods below through the composition root
 * (services.ts), so a service built without metrics (a script) records into an instance nobody scrapes.
 * Pool use and queue depth are read at scrape time, never on the request path.
 */
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import { type Database, driverClientOf, isEmbedded } from '../db/database.ts';
import { rowsOf } from '../db/raw-rows.ts';
import { JOB_SCHEMA } from '../jobs/job-lease.ts';
import { JOB_NAMES } from '../jobs/queues.ts';

const PREFIX = 'parcelops_';

/** Why a sign-in failed: a wrong username or password, or an inactive account's user. */
export type SignInFailure = 'invalid_credentials' | 'account_inactive';

/** What became of one webhook attempt (modules/webhooks/hook-dispatch.ts). */
export type WebhookOutcome = 'delivered' | 'retry' | 'failed' | 'not_sent';

/** The recording side, as services and workers see it. */
export interface MetricsRecorder {
  signInFailed(reason: SignInFailure): void;
  webhookAttempts(outcome: WebhookOutcome, count?: number): void;
  /** `count` jobs of `queue` ran for `seconds` (a batch's jobs all share its time) and succeeded or threw. */
  jobsRan(queue: string, seconds: number, failed: boolean, count?: number): void;
}

/** Deep enough for a backlog to show, bounded so a scrape never counts a runaway queue in full. */
export const QUEUE_DEPTH_CAP = 100_000;
/** A scrape's database reads give up after this; their gauges are then left out of that scrape. */
const SCRAPE_QUERY_MS = 2_000;

let processRegistry: Registry | undefined;

/** prom-client's process metrics, started once per process (they keep event-loop and GC observers running). */
function processMetrics(): Registry {
  if (!processRegistry) {
    processRegistry = new Registry();
    collectDefaultMetrics({ register: processRegistry, prefix: PREFIX });
  }
  return processRegistry;
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`timed out after ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

export class AppMetrics implements MetricsRecorder {
  readonly registry = new Registry();
  readonly contentType = Registry.PROMETHEUS_CONTENT_TYPE;
  private database: Database | undefined;

  private readonly httpDuration = new Histogram({
    name: `${PREFIX}http_request_duration_seconds`,
    help: 'HTTP request duration by method, route pattern and status code',
    labelNames: ['method', 'route', 'status_code'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
    registers: [this.registry],
  });

  private readonly httpInFlight = new Gauge({
    name: `${PREFIX}http_requests_in_flight`,
    help: 'HTTP requests being served',
    registers: [this.registry],
  });

  private readonly signInFailures = new Counter({
    name: `${PREFIX}sign_in_failures_total`,
    help: 'Failed sign-ins by reason',
    labelNames: ['reason'] as const,
    registers: [this.registry],
  });

  private readonly webhookDeliveries = new Counter({
    name: `${PREFIX}webhook_deliveries_total`,
    help: 'Webhook delivery attempts by outcome (retry: failed, another attempt is scheduled)',
    labelNames: ['outcome'] as const,
    registers: [this.registry],
  });

  private readonly jobDuration = new Histogram({
    name: `${PREFIX}job_duration_seconds`,
    help: 'Job run time by queue (a batch worker counts each job of the batch with the batch time)',
    labelNames: ['queue'] as const,
    buckets: [0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 15, 60, 300, 900, 3600],
    registers: [this.registry],
  });

  private readonly jobFailures = new Counter({
    name: `${PREFIX}job_failures_total`,
    help: 'Job runs that threw, by queue (the queue retries them until their retry limit)',
    labelNames: ['queue'] as const,
    registers: [this.registry],
  });

  constructor() {
    const metrics = this;
    new Gauge({
      name: `${PREFIX}db_pool_connections`,
      help: 'Database connections by state (PGlite: one connection, in process)',
      labelNames: ['state'] as const,
      registers: [this.registry],
      collect() {
        this.reset();
        const pool = metrics.pool();
        if (!pool) return;
        this.set({ state: 'total' }, pool.total);
        if (pool.idle !== undefined) this.set({ state: 'idle' }, pool.idle);
      },
    });
    new Gauge({
      name: `${PREFIX}db_pool_waiting_clients`,
      help: 'Queries waiting for a free database connection (PostgreSQL pool)',
      registers: [this.registry],
      collect() {
        this.reset();
        const pool = metrics.pool();
        if (pool) this.set(pool.waiting);
      },
    });
    new Gauge({
      name: `${PREFIX}job_queue_depth`,
      help: `Jobs waiting (created or retry) by queue, counted up to ${QUEUE_DEPTH_CAP}`,
      labelNames: ['queue'] as const,
      registers: [this.registry],
      async collect() {
        this.reset();
        const depths = await metrics.queueDepths();
        for (const [queue, depth] of depths) this.set({ queue }, depth);
      },
    });
  }

  /** The database the scrape-time gauges read (pool use, queue depth); without one they are left out. */
  watch(database: Database): this {
    this.database = database;
    return this;
  }

  /** Starts the process metrics now rather than at the first scrape, so their GC and lag figures cover the run. */
  startProcessMetrics(): void {
    processMetrics();
  }

  requestStarted(): void {
    this.httpInFlight.inc();
  }

  requestEnded(method: string, route: string, statusCode: number, seconds: number): void {
    this.httpInFlight.dec();
    this.httpDuration.observe({ method, route, status_code: String(statusCode) }, seconds);
  }

  /** The client went away before the answer: in flight no more, and no duration to speak of. */
  requestAborted(): void {
    this.httpInFlight.dec();
  }

  signInFailed(reason: SignInFailure): void {
    this.signInFailures.inc({ reason });
  }

  webhookAttempts(outcome: WebhookOutcome, count = 1): void {
    if (count > 0) this.webhookDeliveries.inc({ outcome }, count);
  }

  jobsRan(queue: string, seconds: number, failed: boolean, count = 1): void {
    for (let index = 0; index < count; index++) this.jobDuration.observe({ queue }, seconds);
    if (failed) this.jobFailures.inc({ queue }, count);
  }

  /** The exposition text: this instance's metrics, then the process's. */
  async text(): Promise<string> {
    const own = await this.registry.metrics();
    return `${own}\n${await processMetrics().metrics()}`;
  }

  /** PGlite is one in-process connection: no idle count, and its queue of statements is not visible. */
  private pool(): { total: number; idle?: number; waiting: number } | undefined {
    if (!this.database) return undefined;
    if (isEmbedded(this.database)) return { total: 1, waiting: 0 };
    const client = driverClientOf(this.database);
    if (!(client instanceof pg.Pool)) return undefined;
    return { total: client.totalCount, idle: client.idleCount, waiting: client.waitingCount };
  }

  /**
   * Waiting jobs per queue: pg-boss keeps them in state created or retry (`state < 'active'`, its own test,
   * answered from its partial index job_i5), each queue counted up to QUEUE_DEPTH_CAP.
   */
  private async queueDepths(): Promise<Map<string, number>> {
    const depths = new Map<string, number>();
    if (!this.database) return depths;
    const query = this.database.execute(sql`
      select q.name, (select count(*) from (select 1 from ${sql.raw(JOB_SCHEMA)}.job j
                                             where j.name = q.name and j.state < 'active'
                                             limit ${QUEUE_DEPTH_CAP}) waiting)::int as depth
        from unnest(${`{${JOB_NAMES.join(',')}}`}::text[]) as q(name)`);
    try {
      for (const row of rowsOf<{ name: string; depth: number }>(await withTimeout(query, SCRAPE_QUERY_MS)))
        depths.set(String(row.name), Number(row.depth));
    } catch {
      // A database that does not answer leaves the depths out of this scrape; /readyz says why.
      query.catch(() => {});
    }
    return depths;
  }
}
