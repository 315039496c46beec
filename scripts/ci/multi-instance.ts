/**
 * CI step (issue 22): several instances on one PostgreSQL. Two API processes (WORKERS=0) and one worker
 * (`npm run worker`'s entry) on a fresh database, driven alternately through both APIs: an account on credit
 * with a webhook to a receiver here, 50 orders one by one, hub scans and status uploads, and a 2,000-row
 * batch. While the batch is being placed and webhook deliveries are in flight, one API and the worker are
 * killed (SIGKILL) and started again. Then: every batch order exactly once, every recorded webhook event
 * delivered and acknowledged, the ledger equal to the balance, both APIs ready. Exit 1 on any failure.
 *
 *   node --import tsx scripts/ci/multi-instance.ts      (PG_CI_URL: the server; default 127.0.0.1:5432)
 *
 * The kill always catches deliveries in flight (the receiver holds its answers then): a dead worker's
 * delivery jobs come back by pg-boss's expiry of the webhooks queue (jobs/queues.ts, 120 s), so the run
 * takes about three minutes, most of it that wait.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { orderRow, orderSheet } from '../../apps/server/test/order-sheets.ts';
import { xlsx } from '../../apps/server/test/workbooks.ts';
import { Api, multipart } from './multi-instance/api.ts';
import { type Check, printReport, verify } from './multi-instance/checks.ts';
import { activeDeliveries, batchJobState, createScratchDatabase, outbox } from './multi-instance/database.ts';
import { startHookReceiver } from './multi-instance/hook-receiver.ts';
import { Child, freePort, LAUNCH } from './multi-instance/processes.ts';
import { type Cleanups, runChecked, sampleOrder } from './multi-instance/run-checked.ts';

const BASE_URL = process.env.PG_CI_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
/** What "ready" is asked of each process (ops/readiness.ts: database, migrations, workers where they run). */
const READY_PATH = '/readyz';
/**
 * Whether the first API migrates alone before the others start. No: the schema lock (db/database.ts) makes
 * simultaneous starts on an empty database safe, and starting all three at once tests it.
 */
const MIGRATE_FIRST = false;
const SINGLE_ORDERS = 50;
const BATCH_ROWS = 2_000;
/** Up to 500 g: 180,000 VND (each order here is one 400 g item). */
const PRICE_ROWS = [
  [500, 180000, 7.5],
  [1000, 250000, 10],
  [2000, 400000, 16],
];
const ORDER_CHARGE = 180_000;
const TOPUPS = [300_000_000, 200_000_000];
/** From the kill, how long the batch and the webhook outbox get to finish. */
const SETTLE_MS = 240_000;
const ADMIN = { username: 'admin', password: 'Multi#Admin2026' };
/** One pair for every process, so a token signed by one API is good on the other. */
const SECRETS = {
  JWT_SECRET: 'multi-instance-ci-jwt-secret-0123456789abcdef',
  APP_SECRET: 'multi-instance-ci-app-secret-0123456789abcdef',
};

const started = performance.now();
const timings: [string, number][] = [];
let lap = started;
function mark(label: string): void {
  const now = performance.now();
  timings.push([label, (now - lap) / 1000]);
  lap = now;
  console.log(`  ${((now - started) / 1000).toFixed(1).padStart(6)} s  ${label}`);
}

/** Polls `probe` until it gives a value; undefined when `timeoutMs` passes first. */
async function poll<T>(
  timeoutMs: number,
  probe: () => Promise<T | undefined>,
  everyMs = 250,
): Promise<T | undefined> {
  for (const deadline = Date.now() + timeoutMs; ; await sleep(everyMs)) {
    const value = await probe();
    if (value !== undefined || Date.now() > deadline) return value;
  }
}

/** `poll`, for a step the run cannot go on without: a timeout is an error. */
async function until<T>(
  what: string,
  timeoutMs: number,
  probe: () => Promise<T | undefined>,
  everyMs = 250,
): Promise<T> {
  const value = await poll(timeoutMs, probe, everyMs);
  if (value === undefined) throw new Error(`Timed out after ${timeoutMs / 1000} s waiting for ${what}.`);
  return value;
}

const barcodeSheet = (barcodes: string[]) => xlsx([['Barcode'], ...barcodes.map((code) => [code])]);

/** POST /orders/status with the barcodes; the count of orders it moved. */
async function setStatus(api: Api, barcodes: string[], status: number): Promise<number> {
  const reply = await api.call(
    'POST',
    '/orders/status',
    multipart({ status: String(status) }, await barcodeSheet(barcodes), 'barcodes.xlsx'),
  );
  if (reply.status !== 200)
    throw new Error(`${api.name}: status upload answered ${reply.status} ${reply.body}`);
  return Number(reply.headers.get('x-status-updated'));
}

async function run(cleanups: Cleanups): Promise<Check[]> {
  console.log(`Launch: ${LAUNCH.what}; PostgreSQL at ${new URL(BASE_URL).host}`);
  const db = await createScratchDatabase(BASE_URL);
  cleanups.push(() => db.drop());
  const receiver = await startHookReceiver();
  cleanups.push(() => receiver.close());
  const [portA, portB, portWorker] = [await freePort(), await freePort(), await freePort()];
  const env = (name: string, extra: Record<string, string>) => {
    const dataDir = mkdtempSync(path.join(tmpdir(), `parcelops-multi-${name}-`));
    cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
    return {
      ...SECRETS,
      DATABASE_URL: `${db.url}?application_name=${name}`,
      DATA_DIR: dataDir,
      HOST: '127.0.0.1',
      ADMIN_USERNAME: ADMIN.username,
      ADMIN_PASSWORD: ADMIN.password,
      HOOKS_ALLOW_PRIVATE: '1',
      LOGIN_MAX_ATTEMPTS: '100000',
      JOB_POLL_SECONDS: '1',
      JOB_LEASE_SECONDS: '5',
      LOG_LEVEL: 'warn',
      ...extra,
    };
  };
  const serverA = new Child('API A', 'main', env('api-a', { PORT: String(portA), WORKERS: '0' }));
  const startRest = () => [
    new Child('API B', 'main', env('api-b', { PORT: String(portB), WORKERS: '0' })),
    // METRICS_PORT: the worker's own /readyz (ops/ops-server.ts), which says whether its workers run.
    new Child('worker', 'worker', env('worker', { METRICS_PORT: String(portWorker), LOG_LEVEL: 'info' })),
  ];
  let rest: Child[] = MIGRATE_FIRST ? [] : startRest();
  await serverA.waitUntilAnswering(`http://127.0.0.1:${portA}${READY_PATH}`);
  if (MIGRATE_FIRST) rest = startRest();
  const [serverB, worker] = rest as [Child, Child];
  const children = [serverA, serverB, worker];
  const printTails = () => {
    for (const child of children) console.error(`\n----- ${child.name}'s last output -----\n${child.tail()}`);
  };
  const ready = () =>
    Promise.all([
      serverB.waitUntilAnswering(`http://127.0.0.1:${portB}${READY_PATH}`),
      worker.waitUntilAnswering(`http://127.0.0.1:${portWorker}${READY_PATH}`),
    ]);
  await ready();
  mark('three processes up');

  const a = new Api('API A', `http://127.0.0.1:${portA}`);
  const b = new Api('API B', `http://127.0.0.1:${portB}`);
  const apis = [a, b];
  const via = (turn: number) => apis[turn % 2] as Api;
  try {
    const { token } = await a.ok('POST', '/login', ADMIN);
    a.token = token;
    b.token = token;

    // The seller: a vendor, a price table, an account on credit with its hook here (both APIs in turn).
    const vendor = await a.ok('POST', '/vendors', {
      vendor: 'mul',
      name: 'Multi vendor',
      api_key: 'key-123',
      api_secret: 'secret-456',
    });
    const price = await b.ok(
      'POST',
      '/pricese',
      multipart({ name: 'Multi rates' }, await xlsx([['weight', 'vnd', 'usd'], ...PRICE_ROWS]), 'rates.xlsx'),
    );
    const account = await a.ok('POST', '/accounts', {
      name: 'Multi seller',
      email: 'multi-seller@example.com',
      vendor_sid: vendor.sid,
      price_sid: price.sid,
      address: {
        name: 'Warehouse',
        address1: '1 Harbour Road',
        city: 'Ho Chi Minh City',
        state: 'HCM',
        postalCode: '700000',
        country: 'VN',
      },
      use_credit: true,
      credit_unit: 'VND',
      topup: TOPUPS[0],
      order_status_hook: receiver.url,
    });
    await b.ok('PUT', `/accounts/${account.sid}`, { topup: TOPUPS[1] });
    receiver.secrets.push((await b.ok('GET', `/accounts/${account.sid}/hook`)).secret);
    mark('seller set up');

    // Orders one by one, then a hub scan of each, alternately through A and B.
    const single: { barcode: string }[] = [];
    for (let index = 0; index < SINGLE_ORDERS; index++) {
      single.push(await via(index).ok('POST', '/orders', sampleOrder(account.sid, `SINGLE-${index + 1}`)));
    }
    for (const [index, order] of single.entries())
      await via(index + 1).ok('GET', `/orders/scan/barcode/${encodeURIComponent(order.barcode)}?hub=SGN`);
    mark(`${SINGLE_ORDERS} orders placed and scanned`);
    const batchNumbers = Array.from({ length: BATCH_ROWS }, (_, index) => `BATCH-${index + 1}`);
    const batchFile = await orderSheet(batchNumbers.map((orderNumber) => orderRow(orderNumber)));

    // The kill: deliveries held in flight at the receiver, the batch's job running in the worker.
    receiver.hold();
    const moved = await setStatus(
      b,
      single.map((order) => order.barcode),
      2,
    );
    if (moved !== SINGLE_ORDERS)
      throw new Error(`The status upload moved ${moved} of ${SINGLE_ORDERS} orders.`);
    await until('a delivery in flight', 30_000, async () => (receiver.heldCount > 0 ? true : undefined), 50);
    const batch = await a.ok(
      'POST',
      '/batch_orders',
      multipart({ name: 'Multi batch', account_sid: account.sid }, batchFile, 'orders.xlsx'),
    );
    const jobAtKill = await until(
      "the batch's job to start",
      60_000,
      async () => {
        const state = await batchJobState(db, batch.sid);
        return state === 'active' || state === 'completed' ? state : undefined;
      },
      25,
    );
    const atKill = {
      batchJob: jobAtKill,
      held: receiver.heldCount,
      activeDeliveries: await activeDeliveries(db),
      ...(await outbox(db)),
    };
    await Promise.all([serverB.kill('SIGKILL'), worker.kill('SIGKILL')]);
    receiver.release();
    const killedAt = Date.now();
    // Whether the killed attempt had committed the batch's orders (0: the retry places them).
    const [committed] = await db.query<{ count: number }>(
      'select count(*)::int as count from orders where batch_sid = $1',
      [batch.sid],
    );
    mark('API B and the worker killed');
    console.log(`    at the kill: ${JSON.stringify({ ...atKill, batchOrdersCommitted: committed?.count })}`);
    serverB.restart();
    worker.restart();
    await ready();
    mark('API B and the worker up again');

    // Bounded from the kill: the batch finished, then its orders scanned, then the outbox drained.
    const settleLeft = () => Math.max(5_000, killedAt + SETTLE_MS - Date.now());
    let polls = 0;
    const finished = await poll(
      settleLeft(),
      async () => {
        const now = await via(polls++).ok('GET', `/batch_orders/${batch.sid}`);
        return now.status === 'in-progress' ? undefined : now;
      },
      500,
    );
    mark(`batch ${finished?.status ?? 'still in progress'}`);

    // Every batch order scanned by a status upload, half through each API.
    let scanned = 0;
    if (finished?.status === 'success') {
      const list = await b.ok('GET', `/orders?batch_sid=${batch.sid}&page_size=${BATCH_ROWS}`);
      const barcodes: string[] = list.data.map((order: { barcode: string }) => order.barcode);
      const half = Math.ceil(barcodes.length / 2);
      scanned =
        (await setStatus(a, barcodes.slice(0, half), 1)) + (await setStatus(b, barcodes.slice(half), 1));
      mark(`${scanned} batch orders moved to Scanned`);
    }

    let left = await outbox(db);
    const drained = await poll(
      settleLeft(),
      async () => {
        left = await outbox(db);
        const job = await batchJobState(db, batch.sid);
        return left.pendingEvents === 0 && left.openJobs === 0 && job !== 'active' ? true : undefined;
      },
      1_000,
    );
    mark(drained ? 'outbox drained' : 'outbox NOT drained');
    const settled: Check = {
      name: `batch finished and outbox drained within ${SETTLE_MS / 1000} s of the kill`,
      ok: finished !== undefined && drained === true,
      detail: `batch ${finished?.status ?? 'in-progress'}, ${left.pendingEvents} event(s) pending, ${left.openJobs} delivery job(s) open`,
    };

    const checks = await verify({
      db,
      receiver,
      ready: [
        ...apis.map((api) => ({ name: api.name, url: `${api.origin}${READY_PATH}` })),
        { name: 'worker', url: `http://127.0.0.1:${portWorker}${READY_PATH}` },
      ],
      accountSid: account.sid,
      batchSid: batch.sid,
      batchNumbers,
      scanned,
      expected: {
        orders: SINGLE_ORDERS + BATCH_ROWS,
        events: 3 * SINGLE_ORDERS + 2 * BATCH_ROWS,
        topups: TOPUPS.reduce((sum, amount) => sum + amount, 0),
        orderCharge: ORDER_CHARGE,
      },
    });
    const all = [settled, ...checks];
    // A failed check says what was left behind; the processes' own lines (a job started, retried, expired) say
    // why, so they are printed with it, not only when the run breaks off.
    if (all.some((check) => !check.ok)) printTails();
    return all;
  } catch (error) {
    printTails();
    throw error;
  }
}

process.exitCode = await runChecked(run, (checks) =>
  printReport(checks, timings, (performance.now() - started) / 1000),
);
