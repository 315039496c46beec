/**
 * Benchmark: order-status webhooks (BENCH=webhooks). Against the issue's targets:
 * 1. Fan-out: 10,000 events (`BENCH_HOOK_EVENTS`) queued by a status upload, then the job workers started in
 *    this process; deliveries per second until none is pending (target above 500/s), to a receiver in a child
 *    process that answers 200 at once and checks it got every event id at least once.
 * 2. The orders list's p95 (GET /orders, page of 25, probed as the responsiveness bench does) while those
 *    deliveries drain, against idle (target within 20%).
 * 3. A 10,000-barcode status upload for an account with an order status hook against one without (target
 *    within 1.5x), workers not started yet, so it is the cost of enqueueing, not of delivering. The hooks-off
 *    upload runs before and after the hooks-on one, and their mean is the baseline, so a drift of the database
 *    as it grows counts against neither.
 * The app is opened here, not by bench-app.ts: it needs hooks to private addresses (the receiver is on
 * 127.0.0.1) and workers started only once the events are queued. PGlite by default, PostgreSQL when
 * DATABASE_URL is set (a scratch database, created and dropped). On PostgreSQL, BENCH_HOOK_WORKERS=process
 * drains with `npm run worker`'s entry in a child process instead, as a deployment with WORKERS=0 API
 * processes would. BENCH_HOOK_BATCH and BENCH_HOOK_LOOPS try other delivery batches (in-process only).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import pg from 'pg';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { type DatabaseHandle, newPGlite, openDatabase } from '../apps/server/src/db/database.ts';
import { startWorkers } from '../apps/server/src/job-handlers.ts';
import { type BatchWorkOptions, JobQueue } from '../apps/server/src/jobs/job-queue.ts';
import { bootstrapAdmin } from '../apps/server/src/modules/users/bootstrap-admin.ts';
import { webhookJobs } from '../apps/server/src/modules/webhooks/webhooks.jobs.ts';
import { webhooksRepository } from '../apps/server/src/modules/webhooks/webhooks.repository.ts';
import { type BenchApp, listenLocally, MemoryPeak, timedUpload } from './bench-app.ts';
import { probe } from './responsiveness.bench.ts';

const EVENTS = Number(process.env.BENCH_HOOK_EVENTS ?? 10_000);
const WARM_UP = 1_000;
const IDLE_PROBE_MS = 5_000;
const DRAIN_LIMIT_MS = 10 * 60_000;
const LIST_PATHS = ['/orders?page_size=25'];
const ADMIN_PASSWORD = 'Bench#2026';
const JWT_SECRET = 'bench-jwt-secret-that-is-long-enough-0123456789';
const APP_SECRET = 'bench-app-secret-that-is-long-enough-0123456789';
const WORKER_PROCESS = process.env.BENCH_HOOK_WORKERS === 'process';

/** For trying other delivery batches without editing webhooks.jobs.ts: both set, the bench works the queue so. */
const TRY_BATCH = process.env.BENCH_HOOK_BATCH ? Number(process.env.BENCH_HOOK_BATCH) : null;
const TRY_LOOPS = process.env.BENCH_HOOK_LOOPS ? Number(process.env.BENCH_HOOK_LOOPS) : null;

const TARGET_RATE = 500;
const TARGET_P95_RATIO = 1.2;
const TARGET_UPLOAD_RATIO = 1.5;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface HookBench extends BenchApp {
  /** Where the deliveries run and in what batches (webhooks.jobs.ts, or BENCH_HOOK_BATCH and BENCH_HOOK_LOOPS). */
  workers: string;
  /**
   * Starts the job workers: in this process as the server does (only the webhooks' when trying a batch), or
   * `npm run worker` in a child process, resolved once it takes jobs.
   */
  startWorkers(): Promise<void>;
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
  if (WORKER_PROCESS && !url) throw new Error('BENCH_HOOK_WORKERS=process needs PostgreSQL (DATABASE_URL)');
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
  const delivery = webhookJobs(app.services.webhooks)['webhooks.deliver'];
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
    workers: WORKER_PROCESS
      ? `a worker process, batches of ${delivery.batch.batchSize} x ${delivery.batch.loops} loops`
      : `this process, batches of ${batch.batchSize} x ${batch.loops} loops`,
    async startWorkers() {
      if (WORKER_PROCESS) worker = await startWorkerProcess(url as string);
      else if (batch !== delivery.batch) await jobs.workBatches('webhooks.deliver', batch, delivery.handle);
      else await startWorkers(jobs, app.services);
    },
    async close() {
      if (worker && worker.exitCode === null) {
        const exited = new Promise((resolve) => worker?.once('exit', resolve));
        worker.kill('SIGTERM');
        await exited;
      }
      await jobs.stop(1_000);
      await app.close();
      await handle.close();
      await drop();
    },
  };
}

/**
 * `npm run worker` (apps/server/src/worker.ts) on the scratch database, as this app's config has it (the
 * secrets that open the hooks' signing keys, hooks to private addresses); resolved when it logs that it takes
 * jobs.
 */
async function startWorkerProcess(databaseUrl: string): Promise<ChildProcess> {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', path.resolve(import.meta.dirname, '../apps/server/src/worker.ts')],
    {
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
    },
  );
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

function table(rows: readonly (readonly [string, string, string, string])[]): void {
  const widths = [0, 1, 2].map((column) => Math.max(...rows.map((row) => row[column]?.length ?? 0)));
  for (const row of rows)
    console.log(`  ${row.map((cell, column) => cell.padEnd(widths[column] ?? 0)).join('  ')}`.trimEnd());
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
    };
    await bench.app.db.execute(sql`analyze`);
    console.log(
      `Order-status webhooks, ${bench.kind}: ${whole(EVENTS)} events, delivered by ${bench.workers} ` +
        `(RSS ${Math.round(process.memoryUsage().rss / 1024 / 1024)} MB before the uploads)`,
    );

    // 3. The status upload with hooks off, on (workers not started: enqueueing only), off again.
    await statusUpload(bench, files.warmUp, WARM_UP);
    const offBefore = await statusUpload(bench, files.offBefore, EVENTS);
    const on = await statusUpload(bench, files.on, EVENTS);
    const offAfter = await statusUpload(bench, files.offAfter, EVENTS);
    const off = (offBefore + offAfter) / 2;
    const queued = await webhooksRepository.pendingCount(bench.app.db);
    if (queued !== EVENTS) throw new Error(`${queued} events pending after the upload, not ${EVENTS}`);
    const expected = (
      await rowsOf<{ id: string }>(bench, sql`select id from hook_events where state = 'pending'`)
    ).map((row) => row.id);

    // 2. The orders list idle, then while the workers drain the queue; 1. the drain itself.
    const base = `${await listenLocally(bench)}/api/v1`;
    const idleProbe = probe(base, bench.adminToken, LIST_PATHS);
    await sleep(IDLE_PROBE_MS);
    const idle = await idleProbe.stop();

    const busyProbe = probe(base, bench.adminToken, LIST_PATHS);
    const peak = new MemoryPeak();
    const starting = performance.now();
    await bench.startWorkers();
    const started = performance.now();
    let pending = queued;
    while (pending > 0) {
      if (performance.now() - started > DRAIN_LIMIT_MS)
        throw new Error(`${pending} events still pending after ${DRAIN_LIMIT_MS / 1000} s`);
      await sleep(100);
      pending = await webhooksRepository.pendingCount(bench.app.db);
    }
    const drainSeconds = (performance.now() - started) / 1000;
    const memory = peak.stop();
    const busy = await busyProbe.stop();

    const got = await receiver.counts(expected);
    const [states] = await rowsOf<{ delivered: number; failed: number; attempts: number }>(
      bench,
      sql`select count(*) filter (where state = 'delivered')::int as delivered,
        count(*) filter (where state = 'failed')::int as failed,
        (select count(*)::int from hook_attempts) as attempts
      from hook_events`,
    );

    const rate = EVENTS / drainSeconds;
    const p95Ratio = busy.p95 / idle.p95;
    const uploadRatio = on / off;
    table([
      ['figure', 'measured', 'target', ''],
      [
        '1. deliveries per second',
        `${whole(rate)}/s (${drainSeconds.toFixed(1)} s)`,
        '> 500/s',
        verdict(rate > TARGET_RATE),
      ],
      [
        '   receiver got every event id',
        `${whole(got.distinct)} distinct of ${whole(EVENTS)}, ${got.missing} missing`,
        'all',
        verdict(got.missing === 0),
      ],
      [
        '2. GET /orders p95 draining vs idle',
        `${ms(busy.p95)} vs ${ms(idle.p95)} (${p95Ratio.toFixed(2)}x)`,
        `<= ${TARGET_P95_RATIO}x`,
        verdict(p95Ratio <= TARGET_P95_RATIO),
      ],
      [
        '3. status upload hooks on vs off',
        `${on.toFixed(2)} s vs ${off.toFixed(2)} s (${uploadRatio.toFixed(2)}x)`,
        `<= ${TARGET_UPLOAD_RATIO}x`,
        verdict(uploadRatio <= TARGET_UPLOAD_RATIO),
      ],
    ]);
    console.log(
      `  hooks-off uploads ${offBefore.toFixed(2)} s before and ${offAfter.toFixed(2)} s after the hooks-on one; ` +
        `receiver: ${whole(got.requests)} requests, ${got.unsigned} unsigned; events ${whole(states?.delivered ?? 0)} ` +
        `delivered, ${states?.failed ?? '?'} failed, ${whole(states?.attempts ?? 0)} attempts`,
    );
    console.log(
      `  GET /orders idle: ${idle.calls} calls, p50 ${ms(idle.p50)}, worst ${ms(idle.worst)}; draining: ` +
        `${busy.calls} calls, p50 ${ms(busy.p50)}, p99 ${ms(busy.p99)}, worst ${ms(busy.worst)}, ${busy.failed} failed; ` +
        `peak RSS while draining ${memory.rssMb} MB, heap ${memory.heapMb} MB; workers took ` +
        `${ms(started - starting)} to start (not counted)`,
    );
  } finally {
    await bench.close();
    receiver.stop();
  }
}
