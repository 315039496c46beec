/**
 * Crash recovery of a batch order's job with real processes: the process placing a batch is killed with
 * SIGKILL while it places the orders (chunks of staged orders committed, batch-staging.ts), and the batch still
 * ends placed exactly once: every order once, every charge once, the ledger summing to the balance, the balance
 * down by exactly the batch's charge.
 *
 * - PGlite (the suite without DATABASE_URL): the one server process (`npm start`) is killed and started again
 *   on the same data directory, first without workers to see what the crash left, then with them.
 * - PostgreSQL: two worker processes (`npm run worker`) compete for the job; the one that took it is killed,
 *   the other takes it over once the lease (3 s here) runs out, and the killed one started again finds
 *   nothing left to do.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { Child, killChildren, startSignedInServer } from '../../test/child-server.ts';
import { databaseUrlFor } from '../../test/global-setup.ts';
import { ACCOUNT_ADDRESS, PRICE_ROWS } from '../../test/order-fixtures.ts';
import { orderRow, orderSheet } from '../../test/order-sheets.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { multipart, xlsx } from '../../test/workbooks.ts';
import { type Database, openDatabase } from '../db/database.ts';
import { selectRow, selectRows } from '../db/raw-rows.ts';
import { JOB_SCHEMA } from './job-lease.ts';

const POSTGRES_URL = process.env.DATABASE_URL;
const ADMIN_PASSWORD = 'Crash#Admin2026';
/**
 * Orders in the batch: enough that the kill lands well inside the placing transaction. PGlite places 8,000 in
 * about 3.5 s. PostgreSQL places 15,000 in about 6 s, twice the workers' lease (3 s), so the attempt that takes
 * over must outlast the dead one's lease, the case a lease kept in the job's expiry breaks (pg-boss gives a
 * fetched job its expire_in as the handler's deadline).
 */
const ROWS = POSTGRES_URL ? 15_000 : 8_000;
/** 180,000 VND each (one 400 g item, PRICE_ROWS). */
const ORDER_CHARGE = 180_000;
/** Twice what the batch costs. */
const TOPUP = 2 * ROWS * ORDER_CHARGE;
/**
 * A backstop only: each step waits on its own condition. Three server processes start, compile and migrate
 * here, and a batch is read and placed: about 40 s on a quiet 2-core machine, 95 s and more beside a CI run
 * and a CPU burner, so 300 s keeps the test well inside its limit on a busy machine.
 */
const TEST_TIMEOUT_MS = 300_000;

const cleanups: (() => Promise<void> | void)[] = [];
afterAll(async () => {
  // The children first: a database is dropped (PostgreSQL) or a data directory removed only once nothing uses it.
  await killChildren();
  for (const cleanup of cleanups.reverse()) await cleanup();
});

function tempDir(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'parcelops-crash-'));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

/** One API request as the admin: the reply's JSON, or an error naming the request and the reply. */
// biome-ignore lint/suspicious/noExplicitAny: replies of every shape.
type Send = (method: 'GET' | 'POST', route: string, body?: unknown) => Promise<any>;

interface Seeded {
  accountSid: string;
  batchSid: string;
  orderNumbers: string[];
}

/** An account that orders on credit (TOPUP VND) and a batch of ROWS one-item orders for it, through the API. */
async function seedBatch(send: Send, prefix: string): Promise<Seeded> {
  const vendor = await send('POST', '/vendors', {
    vendor: 'mul',
    name: `${prefix} vendor`,
    api_key: 'key-123',
    api_secret: 'secret-456',
  });
  const price = await send(
    'POST',
    '/pricese',
    multipart({ name: `${prefix} rates` }, { buffer: await xlsx([['weight', 'vnd', 'usd'], ...PRICE_ROWS]) }),
  );
  const account = await send('POST', '/accounts', {
    name: `${prefix} seller`,
    email: `${prefix.toLowerCase()}@example.com`,
    vendor_sid: vendor.sid,
    price_sid: price.sid,
    address: ACCOUNT_ADDRESS,
    use_credit: true,
    credit_unit: 'VND',
    topup: TOPUP,
  });
  const orderNumbers = Array.from({ length: ROWS }, (_, index) => `${prefix}-${index + 1}`);
  const file = await orderSheet(orderNumbers.map((orderNumber) => orderRow(orderNumber)));
  const batch = await send(
    'POST',
    '/batch_orders',
    multipart({ name: `${prefix} batch`, account_sid: account.sid }, { buffer: file, name: 'orders.xlsx' }),
  );
  expect(batch).toMatchObject({ status: 'in-progress', rows: ROWS });
  return { accountSid: account.sid, batchSid: batch.sid, orderNumbers };
}

/** Polls the batch until it leaves in-progress; returns it. */
async function finishedBatch(send: Send, batchSid: string, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const batch = await send('GET', `/batch_orders/${batchSid}`);
    if (batch.status !== 'in-progress') return batch;
    if (Date.now() > deadline) throw new Error(`The batch is still in progress after ${timeoutMs} ms.`);
    await sleep(250);
  }
}

/** The batch's job as pg-boss keeps it; `message` is a failed attempt's error (a completed job has none). */
async function jobsOf(db: Database, batchSid: string) {
  return selectRows<{ state: string; retry_count: number; message: string | null }>(
    db,
    sql.raw(
      `select state, retry_count, output->>'message' as message from ${JOB_SCHEMA}.job
        where name = 'batch-orders.place' and data->>'batchSid' = '${batchSid}'`,
    ),
  );
}

/** What the database holds of the batch, its account and its job. */
async function recordOf(db: Database, seeded: Seeded) {
  const rows = <T>(query: ReturnType<typeof sql>) => selectRows<T>(db, query);
  const [orders] = await rows<{ placed: number; distinct_numbers: number; of_account: number }>(sql`
    select count(*) filter (where batch_sid = ${seeded.batchSid})::int as placed,
           count(distinct order_number) filter (where batch_sid = ${seeded.batchSid})::int as distinct_numbers,
           count(*)::int as of_account
      from orders where account_sid = ${seeded.accountSid}`);
  const numbers = await rows<{ order_number: string }>(
    sql`select order_number from orders where batch_sid = ${seeded.batchSid}`,
  );
  const [ledger] = await rows<{ charges: number; charged_orders: number; sum: string }>(sql`
    select count(*) filter (where kind = 'order_charge')::int as charges,
           count(distinct order_sid) filter (where kind = 'order_charge')::int as charged_orders,
           coalesce(sum(amount), 0)::text as sum
      from credit_ledger where account_sid = ${seeded.accountSid}`);
  const [account] = await rows<{ balance: string }>(
    sql`select credit_balance::text as balance from accounts where sid = ${seeded.accountSid}`,
  );
  const [batch] = await rows<{ status: string; orders: number; total_charge: string }>(
    sql`select status, orders, total_charge::text as total_charge from batch_orders where sid = ${seeded.batchSid}`,
  );
  const jobs = await jobsOf(db, seeded.batchSid);
  return {
    orders: orders?.placed,
    distinctOrderNumbers: orders?.distinct_numbers,
    ordersOfAccount: orders?.of_account,
    orderNumbers: numbers.map((row) => row.order_number).sort(),
    charges: ledger?.charges,
    chargedOrders: ledger?.charged_orders,
    ledgerSum: Number(ledger?.sum),
    balance: Number(account?.balance),
    batch: batch && { status: batch.status, orders: batch.orders, totalCharge: Number(batch.total_charge) },
    jobs,
  };
}

/** Every order exactly once, each charged once, the ledger equal to the balance, down by the batch's charge. */
function expectPlacedOnce(record: Awaited<ReturnType<typeof recordOf>>, seeded: Seeded) {
  const totalCharge = ROWS * ORDER_CHARGE;
  expect(record.batch).toEqual({ status: 'success', orders: ROWS, totalCharge });
  expect(record.orders).toBe(ROWS);
  expect(record.distinctOrderNumbers).toBe(ROWS);
  expect(record.ordersOfAccount).toBe(ROWS);
  expect(record.orderNumbers).toEqual([...seeded.orderNumbers].sort());
  expect(record.charges).toBe(ROWS);
  expect(record.chargedOrders).toBe(ROWS);
  expect(record.ledgerSum).toBe(record.balance);
  expect(record.balance).toBe(TOPUP - totalCharge);
  // The job ran twice: the killed attempt, handed back (failed, so retried), and the one that placed it.
  expect(record.jobs).toEqual([{ state: 'completed', retry_count: 1, message: null }]);
}

describe.skipIf(POSTGRES_URL)('a server killed mid-batch on PGlite', () => {
  it(
    'places the batch exactly once after it is started again on the same data directory',
    async () => {
      const dataDir = tempDir();
      const { env, api, server, token } = await startSignedInServer(dataDir, ADMIN_PASSWORD);
      const send: Send = (method, route, body) => api.ok(method, route, { token, body });
      const seeded = await seedBatch(send, 'PGL');

      // Placing commits the orders a chunk at a time, staged (hidden) until the batch succeeds; `placed` counts
      // them. The kill lands once some chunks have committed and before the last commit.
      for (const deadline = Date.now() + 60_000; ; ) {
        if (Date.now() > deadline) throw server.failure('never started placing the batch');
        const batch = await send('GET', `/batch_orders/${seeded.batchSid}`);
        if (batch.status !== 'in-progress')
          throw new Error(`The batch ended ${batch.status} before the kill.`);
        if (batch.placed > 0) break;
        await sleep(25);
      }
      await server.stop('SIGKILL');

      // Without workers first, to see what the crash left: committed chunks of staged orders, which nothing shows
      // and nobody was charged for.
      const inspector = Child.start('server without workers', 'server', { ...env, WORKERS: '0' });
      await api.waitUntilHealthy(inspector);
      const left = await send('GET', `/batch_orders/${seeded.batchSid}`);
      expect(left, 'the kill came after the batch had succeeded').toMatchObject({
        status: 'in-progress',
        orders: 0,
      });
      expect(left.placed, 'no chunk had committed before the kill').toBeGreaterThan(0);
      expect((await send('GET', `/orders?batch_sid=${seeded.batchSid}`)).total).toBe(0);
      expect((await send('GET', `/accounts/${seeded.accountSid}`)).credit_balance).toBe(TOPUP);
      await inspector.stop('SIGTERM');
      expect(await inspector.exited).toBe(0);

      // With workers: the killed run's job is handed back at start and retried.
      const again = Child.start('server again', 'server', env);
      await api.waitUntilHealthy(again);
      expect((await finishedBatch(send, seeded.batchSid)).status).toBe('success');
      await again.stop('SIGTERM');
      expect(await again.exited).toBe(0);

      // PGlite belongs to one process: the data directory is read here only now that the server is gone.
      const database = await openDatabase({ kind: 'pglite', dataDir }, { migrate: false });
      try {
        expectPlacedOnce(await recordOf(database.db, seeded), seeded);
      } finally {
        await database.close();
      }
    },
    TEST_TIMEOUT_MS,
  );
});

describe.runIf(POSTGRES_URL)('two workers on PostgreSQL, the one placing a batch killed', () => {
  it(
    'leaves the batch to the other, which places it exactly once; the killed one restarted changes nothing',
    async () => {
      // The account and the batch are made by an app in this process that runs no workers: the children compete.
      const t: TestApp = await createTestApp();
      cleanups.push(() => t.close());
      const admin = await t.adminToken();
      const send: Send = async (method, route, body) => {
        const reply = await t.call(method, route, { token: admin, body });
        if (reply.statusCode >= 300) throw new Error(`${method} ${route}: ${reply.statusCode} ${reply.body}`);
        return reply.json();
      };
      const current = await selectRow<{ name: string }>(
        t.database.db,
        sql`select current_database() as name`,
      );
      const databaseUrl = databaseUrlFor(POSTGRES_URL as string, current?.name as string);
      // Each worker's connections carry its name, so pg_stat_activity tells which one is placing the batch.
      const workerEnv = (name: string) => ({
        DATABASE_URL: `${databaseUrl}?application_name=${name}`,
        DATA_DIR: tempDir(),
        LOG_LEVEL: 'info',
        JOB_POLL_SECONDS: '1',
        JOB_LEASE_SECONDS: '3',
      });
      const workers = new Map(
        ['crash-worker-a', 'crash-worker-b'].map((name) => [
          name,
          Child.start(name, 'worker', workerEnv(name)),
        ]),
      );
      for (const worker of workers.values()) await worker.waitForLog(/is taking jobs/);

      const seeded = await seedBatch(send, 'PG');

      // The worker placing the batch: the one whose open transaction has inserted into orders (its
      // RowExclusiveLock on the table lasts until the transaction ends).
      let placing: string | undefined;
      for (const deadline = Date.now() + 60_000; !placing; ) {
        const now = await selectRow<{ status: string; placing: string | null }>(
          t.database.db,
          sql`
          select (select status from batch_orders where sid = ${seeded.batchSid}) as status,
                 (select a.application_name
                    from pg_locks l join pg_stat_activity a on a.pid = l.pid
                   where l.database = (select oid from pg_database where datname = current_database())
                     and l.relation = 'orders'::regclass and l.mode = 'RowExclusiveLock' and l.granted
                     and a.application_name like 'crash-worker-%'
                   limit 1) as placing`,
        );
        placing = now?.placing ?? undefined;
        if (placing) break;
        if (now?.status !== 'in-progress' || Date.now() > deadline) {
          const logs = [...workers.values()].map((worker) => worker.failure('was running').message);
          throw new Error(`No worker was seen placing the batch (${now?.status}).\n${logs.join('\n')}`);
        }
        await sleep(20);
      }
      const victim = workers.get(placing) as Child;
      const survivor = [...workers.values()].find((worker) => worker !== victim) as Child;
      await victim.stop('SIGKILL');

      const left = await send('GET', `/batch_orders/${seeded.batchSid}`);
      expect(left, 'the kill came after the placing transaction had committed').toMatchObject({
        status: 'in-progress',
        orders: 0,
      });
      expect((await send('GET', `/accounts/${seeded.accountSid}`)).credit_balance).toBe(TOPUP);

      // The survivor takes the job over once the dead worker's lease runs out (and the retry's delay passes).
      expect((await finishedBatch(send, seeded.batchSid)).status).toBe('success');
      expect(survivor.running).toBe(true);
      // pg-boss records the job's end just after the handler returns.
      await expect
        .poll(async () => (await jobsOf(t.database.db, seeded.batchSid))[0]?.state, { timeout: 10_000 })
        .not.toBe('active');
      const placed = await recordOf(t.database.db, seeded);
      expectPlacedOnce(placed, seeded);

      // The killed worker started again finds nothing to do: a few of its polls later, nothing has changed.
      const restarted = Child.start(`${placing} again`, 'worker', workerEnv(placing));
      await restarted.waitForLog(/is taking jobs/);
      await sleep(3_000);
      expect(await recordOf(t.database.db, seeded)).toEqual(placed);

      await Promise.all([restarted.stop('SIGTERM'), survivor.stop('SIGTERM')]);
      expect([await restarted.exited, await survivor.exited]).toEqual([0, 0]);
    },
    TEST_TIMEOUT_MS,
  );
});
