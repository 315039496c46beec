/**
 * Benchmark: order-status webhooks (BENCH=webhooks). Against the issue's targets:
 * 1. Fan-out: 10,000 events (`BENCH_HOOK_EVENTS`) queued by a status upload, then drained by the job workers
 *    (target above 500/s), to a receiver in a child process that answers 200 at once and checks it got every
 *    event id at least once.
 * 2. The orders list's p95 (GET /orders, page of 25, probed from a worker thread as the responsiveness bench
 *    does) while those deliveries drain, against idle just before (issue 31: within 3x with the workers in the
 *    API's process, on either database; within 1.5x on PostgreSQL with `npm run worker` apart). On PostgreSQL
 *    both are measured in one run: first 10,000 events drained by `npm run worker`'s entry in a child process
 *    (this process then serves the API only, as a deployment with WORKERS=0 API processes does), then another
 *    10,000 by the workers in this process, as `npm start` runs them. On PGlite, the second only (its database
 *    belongs to one process).
 * 3. A 10,000-barcode status upload for an account with an order status hook against one without (target
 *    within 1.5x), workers not started yet, so it is the cost of enqueueing, not of delivering. The hooks-off
 *    upload runs before and after the hooks-on one, and their mean is the baseline, so a drift of the database
 *    as it grows counts against neither.
 * The app is opened here, not by bench-app.ts: it needs hooks to private addresses (the receiver is on
 * 127.0.0.1) and workers started only once the events are queued. PGlite by default, PostgreSQL when
 * DATABASE_URL is set (a scratch database, created and dropped). BENCH_HOOK_BATCH and BENCH_HOOK_LOOPS try
 * other delivery batches (in-process only). The machine's load average is printed with the figures: on a
 * shared machine they mean little without it.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { loadavg } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import pg from 'pg';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { type DatabaseHandle, newPGlite, openDatabase } from '../apps/server/src/db/database.ts';
import { startWorkers } from '../apps/server/src/job-handlers.ts';
import { type BatchWorkOptions, JobQueue } from '../apps/server/src/jobs/job-queue.ts';
import { safeOutboundHttp } from '../apps/server/src/lib/outbound-http.ts';
import { createSecretBox } from '../apps/server/src/lib/secret-box.ts';
import { bootstrapAdmin } from '../apps/server/src/modules/users/bootstrap-admin.ts';
import type { DeliveryPaceSettings } from '../apps/server/src/modules/webhooks/delivery-pace.ts';
import { webhookJobs } from '../apps/server/src/modules/webhooks/webhooks.jobs.ts';
import { webhooksRepository } from '../apps/server/src/modules/webhooks/webhooks.repository.ts';
import { WebhooksService } from '../apps/server/src/modules/webhooks/webhooks.service.ts';
import { type BenchApp, listenLocally, MemoryPeak, timedUpload } from './bench-app.ts';
import { probe } from './responsiveness.bench.ts';

const EVENTS = Number(process.env.BENCH_HOOK_EVENTS ?? 10_000);
const WARM_UP = 1_000;
const IDLE_PROBE_MS = 10_000;
const DRAIN_LIMIT_MS = 10 * 60_000;
const LIST_PATHS = ['/orders?page_size=25'];
const ADMIN_PASSWORD = 'Bench#2026';
const JWT_SECRET = 'bench-jwt-secret-that-is-long-enough-0123456789';
const APP_SECRET = 'bench-app-secret-that-is-long-enough-0123456789';

/**
 * The niceness the worker process runs at: 10 by default, as deploy/parcelops-worker.service's `Nice=10` runs
 * it, so the kernel serves the API first when both want the cores; BENCH_HOOK_WORKER_NICE=0 for none.
 */
const WORKER_NICE = Number(process.env.BENCH_HOOK_WORKER_NICE ?? 10);

/** For trying other delivery batches without editing webhooks.jobs.ts: both set, the bench works the queue so. */
const TRY_BATCH = process.env.BENCH_HOOK_BATCH ? Number(process.env.BENCH_HOOK_BATCH) : null;
const TRY_LOOPS = process.env.BENCH_HOOK_LOOPS ? Number(process.env.BENCH_HOOK_LOOPS) : null;
/**
 * BENCH_HOOK_PACE=off: the in-process drain without the pace (no slices, rests or cap: every attempt of a batch
 * at once), as deliveries ran before issue 31; with BENCH_HOOK_BATCH=50 BENCH_HOOK_LOOPS=4 it is the old
 * schedule, for a before/after in one machine's conditions.
 */
const PACE_OFF = process.env.BENCH_HOOK_PACE === 'off';
const NO_PACE: DeliveryPaceSettings = {
  concurrency: 1_000_000,
  busyLagMs: Number.POSITIVE_INFINITY,
  busySlice: 1_000_000,
  busyRestRatio: 0,
  idleRestRatio: 0,
  maxRestMs: 0,
  slotHoldMs: 60_000,
  batchBudgetMs: Number.POSITIVE_INFINITY,
};

const TARGET_RATE = 500;
/** The list's p95 draining against idle: workers in the API's process, and (PostgreSQL) in a process apart. */
const TARGET_P95_RATIO_ONE_PROCESS = 3;
const TARGET_P95_RATIO_WORKER_APART = 1.5;
const TARGET_UPLOAD_RATIO = 1.5;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface HookBench extends BenchApp {
  /** The delivery batches of the workers in this process (webhooks.jobs.ts, or BENCH_HOOK_BATCH and _LOOPS). */
  batches: string;
  /** Whether `npm run worker` can drain apart (PostgreSQL only). */
  workerApart: boolean;
  /** Starts the job workers in this process as the server does (only the webhooks' when trying a batch). */
  startWorkersHere(): Promise<void>;
  /** Starts `npm run worker` in a child process, resolved once it takes jobs. */
  startWorkerProcess(): Promise<void>;
  /** Stops that child process (SIGTERM, as a deployment would), resolved once it exited. */
  stopWorkerProcess(): Promise<void>;
}

/** A scratch database: a fresh in-memory PGlite, or a database created on DATABASE_URL's server and dropped. */
async function scratchDatabase(): Promise<{
  handle: DatabaseHandle;
  kind: string;
  url: string | null;
  drop(): Promise<void>;
}> {
  const baseUrl = process.env.DATABASE_URL;
  if (!baseUrl) {
    const handle = await openDatabase({ kind: 'pglite', client: newPGlite() });
    return { handle, kind: 'PGlite (in memory)', url: null, drop: async () => {} };
  }
  const name = `parcelops_bench_hooks_${process.pid}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  const handle = await openDatabase({ kind: 'postgres', url: url.toString() });
  return {
    handle,
    kind: 'PostgreSQL',
    url: url.toString(),
    drop: async () => {
      // The pool's clients close a moment after its end() resolves: wait for them rather than cut them off.
      for (let tries = 0; tries < 50; tries++) {
        const { rows } = await admin.query(
          'SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = $1',
          [name],
        );
        if ((rows[0] as { n: number }).n === 0) break;
        await sleep(100);
      }
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    },
  };
}

/** The app as bench-app.ts opens it, with hooks allowed to 127.0.0.1 and its workers started on demand. */
async function openHookBench(): Promise<HookBench> {
  const { handle, kind, url, drop } = await scratchDatabase();
  const jobs = await JobQueue.open(handle, { workers: true, pollingIntervalSeconds: 0.5 });
  const config = loadConfig(
    {},
    {
      dataDir: '/nonexistent-bench-data-dir',
      jwtSecret: JWT_SECRET,
      appSecret: APP_SECRET,
      adminUsername: 'admin',
      adminPassword: ADMIN_PASSWORD,
      webDistDir: null,
      logLevel: 'silent',
      hooksAllowPrivate: true,
    },
  );
  const app = await buildApp({ config, db: handle.db, logger: false, jobs });
  await bootstrapAdmin(handle.db, config, app.log);
  await app.ready();
  const login = await app.inject({
    method: 'POST',
    url: '/api/v1/login',
    payload: { username: 'admin', password: ADMIN_PASSWORD },
  });
  const adminToken = (login.json() as { token: string }).token;
  const call = async (method: 'POST' | 'PUT', url: string, payload: object) => {
    const response = await app.inject({
      method,
      url,
      payload,
      headers: { authorization: `Bearer ${adminToken}` },
    });
    if (response.statusCode >= 300) throw new Error(`${url}: ${response.statusCode} ${response.body}`);
    return response.json() as { sid: string };
  };
  let accounts = 0;
  const unpaced = new WebhooksService(handle.db, createSecretBox(APP_SECRET), jobs, {
    outbound: safeOutboundHttp({ allowPrivate: true }),
    pace: NO_PACE,
  });
  const delivery = webhookJobs(PACE_OFF ? unpaced : app.services.webhooks)['webhooks.deliver'];
  const batch: BatchWorkOptions =
    TRY_BATCH !== null && TRY_LOOPS !== null ? { batchSize: TRY_BATCH, loops: TRY_LOOPS } : delivery.batch;
  let worker: ChildProcess | null = null;
  return {
    app,
    kind,
    adminToken,
    async createAccount() {
      accounts += 1;
      const vendor = await call('POST', '/api/v1/vendors', {
        vendor: 'mul',
        name: `Bench vendor ${accounts} ${Date.now()}`,
        api_key: 'k',
        api_secret: 's',
      });
      const account = await call('POST', '/api/v1/accounts', {
        name: `Bench shop ${accounts} ${Date.now()}`,
        email: 'bench@example.com',
        vendor_sid: vendor.sid,
      });
      return account.sid;
    },
    batches: `batches of ${batch.batchSize} x ${batch.loops} loops${PACE_OFF ? ' WITHOUT the pace (in this process)' : ''}`,
    workerApart: url !== null,
    async startWorkersHere() {
      if (batch !== delivery.batch || PACE_OFF)
        await jobs.workBatches('webhooks.deliver', batch, delivery.handle);
      else await startWorkers(jobs, app.services);
    },
    async startWorkerProcess() {
      worker = await startWorkerProcess(url as string);
    },
    async stopWorkerProcess() {
      await stopChild(worker);
      worker = null;
    },
    async close() {
      await stopChild(worker);
      await jobs.stop(1_000);
      await app.close();
      await handle.close();
      await drop();
    },
  };
}

async function stopChild(child: ChildProcess | null): Promise<void> {
  if (!child || child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

/**
 * `npm run worker` (apps/server/src/worker.ts) on the scratch database, as this app's config has it (the
 * secrets that open the hooks' signing keys, hooks to private addresses); resolved when it logs that it takes
 * jobs.
 */
async function startWorkerProcess(databaseUrl: string): Promise<ChildProcess> {
  const node = [
    process.execPath,
    '--import',
    'tsx',
    path.resolve(import.meta.dirname, '../apps/server/src/worker.ts'),
  ];
  const [command, ...args] = WORKER_NICE > 0 ? ['nice', '-n', String(WORKER_NICE), ...node] : node;
  const child = spawn(command as string, args, {
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl,
      JWT_SECRET,
      APP_SECRET,
      HOOKS_ALLOW_PRIVATE: '1',
      JOB_POLL_SECONDS: '1',
      LOG_LEVEL: 'info',
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  // Its log is read (and dropped) to the end; the one line looked for is its start.
  await new Promise<void>((resolve, reject) => {
    let seen = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      seen = (seen + chunk.toString()).slice(-4096);
      if (seen.includes('taking jobs')) resolve();
    });
    child.once('exit', (code) => reject(new Error(`the worker exited (${code})`)));
  });
  return child;
}

/**
 * The receiver, in a child process so its work is not this process's: answers 200 at once, counts requests,
 * those without the three Standard Webhooks headers, and the distinct webhook-id headers; told the expected
 * ids, answers how many it never got.
 */
const RECEIVER = `
const http = require('node:http');
const ids = new Set();
let requests = 0;
let unsigned = 0;
const server = http.createServer((request, response) => {
  requests++;
  const id = request.headers['webhook-id'];
  if (typeof id === 'string') ids.add(id);
  if (!id || !request.headers['webhook-timestamp'] || !request.headers['webhook-signature']) unsigned++;
  response.writeHead(200, { 'content-type': 'text/plain' });
  response.end('ok');
  request.resume();
});
server.listen(0, '127.0.0.1', () => process.send({ port: server.address().port }));
process.on('message', (message) => {
  const missing = message.expected.filter((id) => !ids.has(id)).length;
  process.send({ requests, unsigned, distinct: ids.size, missing });
});
process.on('disconnect', () => process.exit(0));
`;

interface ReceiverCounts {
  requests: number;
  unsigned: number;
  distinct: number;
  missing: number;
}

interface Receiver {
  url: string;
  counts(expected: string[]): Promise<ReceiverCounts>;
  stop(): void;
}

function nextMessage<T>(child: ChildProcess): Promise<T> {
  return new Promise((resolve, reject) => {
    const onExit = (code: number | null) => reject(new Error(`the receiver exited (${code})`));
    child.once('exit', onExit);
    child.once('message', (message) => {
      child.off('exit', onExit);
      resolve(message as T);
    });
  });
}

async function startReceiver(): Promise<Receiver> {
  const child = spawn(process.execPath, ['-e', RECEIVER], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  const { port } = await nextMessage<{ port: number }>(child);
  return {
    url: `http://127.0.0.1:${port}/hook`,
    async counts(expected) {
      const reply = nextMessage<ReceiverCounts>(child);
      child.send({ expected });
      return reply;
    },
    stop: () => child.kill(),
  };
}

/** `count` orders in Generated for the account, barcodes `<tag>` and ten digits, in one INSERT ... SELECT. */
async function seedOrders(
  bench: BenchApp,
  accountSid: string,
  tag: string,
  count: number,
): Promise<string[]> {
  await bench.app.db.execute(sql`
    insert into orders (sid, order_number, account_sid, status, name, address1, city, state, country,
      postal_code, weight, vnd, usd, barcode)
    select ${`hook-bench-${tag}-`} || g, ${`${tag}-`} || g, ${accountSid}, 0, 'Bench Customer',
      g || ' Main St', 'Los Angeles', 'CA', 'US', '90001', 400, 180000, 7.5, ${tag} || lpad(g::text, 10, '0')
    from generate_series(1, ${count}) g`);
  return Array.from({ length: count }, (_, index) => `${tag}${String(index + 1).padStart(10, '0')}`);
}

async function barcodeWorkbook(barcodes: string[]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Barcodes');
  sheet.addRow(['Barcode']);
  for (const barcode of barcodes) sheet.addRow([barcode]);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/** Generated -> Scanned for every barcode of the file; its seconds, checked that every order moved. */
async function statusUpload(bench: BenchApp, file: Buffer, expected: number): Promise<number> {
  const { response, seconds } = await timedUpload(bench, '/api/v1/orders/status', file, 'barcodes.xlsx', {
    status: '1',
  });
  const updated = Number(response.headers['x-status-updated']);
  if (updated !== expected) throw new Error(`status upload moved ${updated} of ${expected} orders`);
  return seconds;
}

async function rowsOf<T>(bench: BenchApp, query: ReturnType<typeof sql>): Promise<T[]> {
  const result = await bench.app.db.execute(query);
  return (result as unknown as { rows: T[] }).rows;
}

const ms = (value: number) => `${Math.round(value)} ms`;
const whole = (value: number) => Math.round(value).toLocaleString('en-US');
const verdict = (ok: boolean) => (ok ? 'met' : 'NOT met');
/** The machine's load average (1, 5, 15 min): the figures of a shared machine mean little without it. */
const load = () =>
  loadavg()
    .map((value) => value.toFixed(2))
    .join(' ');

function table(rows: readonly (readonly [string, string, string, string])[]): void {
  const widths = [0, 1, 2].map((column) => Math.max(...rows.map((row) => row[column]?.length ?? 0)));
  for (const row of rows)
    console.log(`  ${row.map((cell, column) => cell.padEnd(widths[column] ?? 0)).join('  ')}`.trimEnd());
}

interface Drain {
  where: string;
  target: number;
  rate: number;
  seconds: number;
  idle: ProbeFigures;
  busy: ProbeFigures;
  startMs: number;
  rssMb: number;
  heapMb: number;
  /** The machine's load average once the drain ended. */
  loadAfter: string;
}

type ProbeFigures = Awaited<ReturnType<ReturnType<typeof probe>['stop']>>;

/**
 * The list probed idle, then while `start`'s workers drain every pending event: the drain's rate and both
 * p95s. Throws if the queue does not empty within the limit.
 */
async function drain(
  bench: HookBench,
  base: string,
  where: string,
  target: number,
  start: () => Promise<void>,
): Promise<Drain> {
  const queued = await webhooksRepository.pendingCount(bench.app.db);
  const idleProbe = probe(base, bench.adminToken, LIST_PATHS);
  await sleep(IDLE_PROBE_MS);
  const idle = await idleProbe.stop();

  // The probe starts once the workers take jobs: a worker process's start (compiling its sources) is not what
  // a deployment, whose worker runs all along, makes the API feel.
  const peak = new MemoryPeak();
  const starting = performance.now();
  await start();
  const started = performance.now();
  const busyProbe = probe(base, bench.adminToken, LIST_PATHS);
  let pending = queued;
  while (pending > 0) {
    if (performance.now() - started > DRAIN_LIMIT_MS)
      throw new Error(`${pending} events still pending after ${DRAIN_LIMIT_MS / 1000} s`);
    await sleep(100);
    pending = await webhooksRepository.pendingCount(bench.app.db);
  }
  const seconds = (performance.now() - started) / 1000;
  const memory = peak.stop();
  const busy = await busyProbe.stop();
  return {
    where,
    target,
    rate: queued / seconds,
    seconds,
    idle,
    busy,
    startMs: started - starting,
    rssMb: memory.rssMb,
    heapMb: memory.heapMb,
    loadAfter: load(),
  };
}

export async function benchWebhooks(): Promise<void> {
  const receiver = await startReceiver();
  const bench = await openHookBench();
  try {
    const quiet = await bench.createAccount();
    const hooked = await bench.createAccount();
    const hook = await bench.app.inject({
      method: 'PUT',
      url: `/api/v1/accounts/${hooked}`,
      headers: { authorization: `Bearer ${bench.adminToken}` },
      payload: { order_status_hook: receiver.url },
    });
    if (hook.statusCode !== 200) throw new Error(`hook: ${hook.statusCode} ${hook.body}`);

    // Written before anything is timed; the warm-up file runs the upload path once (JIT, plans) first.
    const files = {
      warmUp: await barcodeWorkbook(await seedOrders(bench, quiet, 'HW', WARM_UP)),
      offBefore: await barcodeWorkbook(await seedOrders(bench, quiet, 'HA', EVENTS)),
      on: await barcodeWorkbook(await seedOrders(bench, hooked, 'HB', EVENTS)),
      offAfter: await barcodeWorkbook(await seedOrders(bench, quiet, 'HC', EVENTS)),
      // The second drain's events (PostgreSQL: the first drain is the worker apart's).
      onAgain: bench.workerApart
        ? await barcodeWorkbook(await seedOrders(bench, hooked, 'HD', EVENTS))
        : null,
    };
    await bench.app.db.execute(sql`analyze`);
    console.log(
      `Order-status webhooks, ${bench.kind}: ${whole(EVENTS)} events a drain, delivered in ${bench.batches} ` +
        `(RSS ${Math.round(process.memoryUsage().rss / 1024 / 1024)} MB before the uploads; load average ${load()})`,
    );

    // 3. The status upload with hooks off, on (workers not started: enqueueing only), off again.
    await statusUpload(bench, files.warmUp, WARM_UP);
    const offBefore = await statusUpload(bench, files.offBefore, EVENTS);
    const on = await statusUpload(bench, files.on, EVENTS);
    const offAfter = await statusUpload(bench, files.offAfter, EVENTS);
    const off = (offBefore + offAfter) / 2;
    const queued = await webhooksRepository.pendingCount(bench.app.db);
    if (queued !== EVENTS) throw new Error(`${queued} events pending after the upload, not ${EVENTS}`);

    // 2. The orders list idle, then while the workers drain the queue; 1. the drain itself.
    const base = `${await listenLocally(bench)}/api/v1`;
    const drains: Drain[] = [];
    if (files.onAgain) {
      drains.push(
        await drain(
          bench,
          base,
          `npm run worker apart (nice ${WORKER_NICE})`,
          TARGET_P95_RATIO_WORKER_APART,
          () => bench.startWorkerProcess(),
        ),
      );
      await bench.stopWorkerProcess();
      await statusUpload(bench, files.onAgain, EVENTS);
    }
    drains.push(
      await drain(bench, base, 'one process', TARGET_P95_RATIO_ONE_PROCESS, () => bench.startWorkersHere()),
    );

    const expected = (await rowsOf<{ id: string }>(bench, sql`select id from hook_events`)).map(
      (row) => row.id,
    );
    const got = await receiver.counts(expected);
    const [states] = await rowsOf<{ delivered: number; failed: number; attempts: number }>(
      bench,
      sql`select count(*) filter (where state = 'delivered')::int as delivered,
        count(*) filter (where state = 'failed')::int as failed,
        (select count(*)::int from hook_attempts) as attempts
      from hook_events`,
    );

    const uploadRatio = on / off;
    const rows: [string, string, string, string][] = [['figure', 'measured', 'target', '']];
    for (const [index, run] of drains.entries()) {
      const ratio = run.busy.p95 / run.idle.p95;
      rows.push(
        [
          `1${'ab'[index]}. deliveries per second, ${run.where}`,
          `${whole(run.rate)}/s (${run.seconds.toFixed(1)} s)`,
          `> ${TARGET_RATE}/s`,
          verdict(run.rate > TARGET_RATE),
        ],
        [
          `2${'ab'[index]}. GET /orders p95 draining vs idle, ${run.where}`,
          `${ms(run.busy.p95)} vs ${ms(run.idle.p95)} (${ratio.toFixed(2)}x)`,
          `<= ${run.target}x`,
          verdict(ratio <= run.target),
        ],
      );
    }
    rows.push(
      [
        '   receiver got every event id',
        `${whole(got.distinct)} distinct of ${whole(expected.length)}, ${got.missing} missing`,
        'all',
        verdict(got.missing === 0),
      ],
      [
        '3. status upload hooks on vs off',
        `${on.toFixed(2)} s vs ${off.toFixed(2)} s (${uploadRatio.toFixed(2)}x)`,
        `<= ${TARGET_UPLOAD_RATIO}x`,
        verdict(uploadRatio <= TARGET_UPLOAD_RATIO),
      ],
    );
    table(rows);
    console.log(
      `  hooks-off uploads ${offBefore.toFixed(2)} s before and ${offAfter.toFixed(2)} s after the hooks-on one; ` +
        `receiver: ${whole(got.requests)} requests, ${got.unsigned} unsigned; events ${whole(states?.delivered ?? 0)} ` +
        `delivered, ${states?.failed ?? '?'} failed, ${whole(states?.attempts ?? 0)} attempts`,
    );
    for (const run of drains)
      console.log(
        `  ${run.where}: GET /orders idle ${run.idle.calls} calls, p50 ${ms(run.idle.p50)}, worst ${ms(run.idle.worst)}; ` +
          `draining ${run.busy.calls} calls, p50 ${ms(run.busy.p50)}, p99 ${ms(run.busy.p99)}, worst ` +
          `${ms(run.busy.worst)}, ${run.busy.failed} failed; peak RSS of this process ${run.rssMb} MB, heap ` +
          `${run.heapMb} MB; workers took ${ms(run.startMs)} to start (not counted); load average at its end ` +
          run.loadAfter,
      );
  } finally {
    await bench.close();
    receiver.stop();
  }
}
