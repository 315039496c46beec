/**
 * The app on a scratch database, signed in as admin, for benchmarks; the seeding, listening and timed uploads
 * they share; and a memory-peak sampler.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { writeHeapSnapshot } from 'node:v8';
import pg from 'pg';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { type DatabaseHandle, newPGlite, openDatabase } from '../apps/server/src/db/database.ts';
import { startWorkers } from '../apps/server/src/job-handlers.ts';
import { JobQueue } from '../apps/server/src/jobs/job-queue.ts';
import { newSid } from '../apps/server/src/lib/ids.ts';
import { hsCodes } from '../apps/server/src/modules/hs-codes/hs-codes.table.ts';
import { itemDeclarations } from '../apps/server/src/modules/item-declarations/item-declarations.table.ts';
import { priceTables } from '../apps/server/src/modules/price-tables/price-tables.table.ts';
import { bootstrapAdmin } from '../apps/server/src/modules/users/bootstrap-admin.ts';

export const ADMIN_PASSWORD = 'Bench#2026';
/** The secrets of the bench's app, for a server process started on the same database (vendor keys stay readable). */
export const BENCH_SECRETS = {
  JWT_SECRET: 'bench-jwt-secret-that-is-long-enough-0123456789',
  APP_SECRET: 'bench-app-secret-that-is-long-enough-0123456789',
};

export interface BenchApp {
  app: Awaited<ReturnType<typeof buildApp>>;
  kind: string;
  adminToken: string;
  createAccount(): Promise<string>;
  close(): Promise<void>;
}

async function scratchDatabase(): Promise<{
  handle: DatabaseHandle;
  kind: string;
  drop: () => Promise<void>;
}> {
  const baseUrl = process.env.DATABASE_URL;
  if (!baseUrl) {
    const handle = await openDatabase({ kind: 'pglite', client: newPGlite() });
    return { handle, kind: 'PGlite (in memory)', drop: async () => {} };
  }
  const name = `parcelops_bench_${process.pid}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  const handle = await openDatabase({ kind: 'postgres', url: url.toString() });
  return {
    handle,
    kind: 'PostgreSQL',
    drop: async () => {
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    },
  };
}

export interface BenchAppOptions {
  /** Run the job workers in this process (batch orders), polling every half second. */
  workers?: boolean;
  /** Serve this web build too (the web benchmarks), as `npm start` does. */
  webDistDir?: string;
  /** On this database (kept open and not dropped by close) instead of a scratch one. */
  database?: DatabaseHandle;
}

export async function openBenchApp(options: BenchAppOptions = {}): Promise<BenchApp> {
  const { handle, kind, drop } = options.database
    ? {
        handle: options.database,
        kind: options.database.kind === 'pglite' ? 'PGlite' : 'PostgreSQL',
        drop: async () => {},
      }
    : await scratchDatabase();
  const jobs = await JobQueue.open(handle, {
    workers: options.workers ?? false,
    pollingIntervalSeconds: 0.5,
  });
  const config = loadConfig(
    {},
    {
      dataDir: '/nonexistent-bench-data-dir',
      jwtSecret: BENCH_SECRETS.JWT_SECRET,
      appSecret: BENCH_SECRETS.APP_SECRET,
      adminUsername: 'admin',
      adminPassword: ADMIN_PASSWORD,
      webDistDir: options.webDistDir ?? null,
      logLevel: 'silent',
      // The benchmarks measure throughput: one key creating as fast as it can is what they do on purpose.
      createCallsPerWindow: 1_000_000,
    },
  );
  const app = await buildApp({ config, db: handle.db, logger: false, jobs });
  await bootstrapAdmin(handle.db, config, app.log);
  await app.ready();
  if (options.workers) await startWorkers(jobs, app.services);
  const login = await app.inject({
    method: 'POST',
    url: '/api/v1/login',
    payload: { username: 'admin', password: ADMIN_PASSWORD },
  });
  const adminToken = (login.json() as { token: string }).token;
  const call = async (url: string, payload: unknown) => {
    const response = await app.inject({
      method: 'POST',
      url,
      payload: payload as object,
      headers: { authorization: `Bearer ${adminToken}` },
    });
    if (response.statusCode >= 300) throw new Error(`${url}: ${response.statusCode} ${response.body}`);
    return response.json() as { sid: string };
  };
  return {
    app,
    kind,
    adminToken,
    async createAccount() {
      const vendor = await call('/api/v1/vendors', {
        vendor: 'mul',
        name: `Bench vendor ${Date.now()}`,
        api_key: 'k',
        api_secret: 's',
      });
      const account = await call('/api/v1/accounts', {
        name: `Bench shop ${Date.now()}`,
        email: 'bench@example.com',
        vendor_sid: vendor.sid,
      });
      return account.sid;
    },
    async close() {
      await jobs.stop(1_000);
      await app.close();
      if (!options.database) await handle.close();
      await drop();
    },
  };
}

export interface AccountSeed {
  /** VND of the first 500 g bracket; each next bracket costs 20,000 more. */
  basePrice: number;
  hsCodes: readonly { hsCode: string; description: string }[];
  /** Declarations of SKU-0 to SKU-(declared - 1), each with the HS code `hsCodeOf` gives. */
  declared: number;
  hsCodeOf: (index: number) => string | null;
  /** VND of credit topped up. */
  topup: number;
}

/**
 * The account's price table (500 g brackets up to 30 kg), the HS codes and the account's declarations,
 * written straight to the database; then the price table and credit in VND set on the account by the API.
 */
export async function seedAccount(bench: BenchApp, accountSid: string, seed: AccountSeed): Promise<void> {
  const db = bench.app.db;
  const priceSid = newSid();
  const rows = Array.from({ length: 60 }, (_, index) => ({
    weight: (index + 1) * 500,
    vnd: seed.basePrice + index * 20_000,
    usd: 7.5 + index,
  }));
  await db.insert(priceTables).values({ sid: priceSid, name: `Bench rates ${Date.now()}`, rows });
  await db.insert(hsCodes).values(seed.hsCodes.map((code) => ({ sid: newSid(), ...code })));
  await db.insert(itemDeclarations).values(
    Array.from({ length: seed.declared }, (_, index) => ({
      sid: newSid(),
      accountSid,
      skuNumber: `SKU-${index}`,
      name: `Item ${index}`,
      refName: `Hang ${index}`,
      itemDescription: `Declared item ${index}`,
      hsCode: seed.hsCodeOf(index),
      itemWeight: String(100 + (index % 400)),
      itemWidth: '20',
      itemHeight: '3',
      itemLength: '30',
    })),
  );
  const response = await bench.app.inject({
    method: 'PUT',
    url: `/api/v1/accounts/${accountSid}`,
    headers: { authorization: `Bearer ${bench.adminToken}` },
    payload: { price_sid: priceSid, use_credit: true, credit_unit: 'VND', topup: seed.topup },
  });
  if (response.statusCode !== 200) throw new Error(`account: ${response.statusCode} ${response.body}`);
}

/**
 * An order workbook written by a child process (make-order-file.ts), so building it is not counted in the
 * measuring process's memory; with what the child printed (the import kind's counts).
 */
export function orderFileFromChild(
  rows: number,
  tag: string,
  kind: 'one-row' | 'import' = 'one-row',
): { file: Buffer; stdout: string } {
  const dir = mkdtempSync(path.join(tmpdir(), 'parcelops-bench-'));
  const out = path.join(dir, `${tag}.xlsx`);
  try {
    const stdout = execFileSync(
      process.execPath,
      ['--import', 'tsx', path.join(import.meta.dirname, 'make-order-file.ts'), String(rows), tag, out, kind],
      { encoding: 'utf8' },
    );
    return { file: readFileSync(out), stdout };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Listens on a local port, a free one unless given (for clients that need a real socket); returns the origin. */
export async function listenLocally(bench: BenchApp, port = 0): Promise<string> {
  await bench.app.listen({ port, host: '127.0.0.1' });
  return `http://127.0.0.1:${(bench.app.server.address() as AddressInfo).port}`;
}

/**
 * POSTs a multipart form (the fields, then the file) as the admin, timed, with the memory peak while it ran;
 * throws unless the reply is a 200.
 */
export async function timedUpload(
  bench: BenchApp,
  url: string,
  file: Buffer,
  fileName: string,
  fields: Record<string, string> = {},
) {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.append(key, value);
  form.append('file', new Blob([file]), fileName);
  const peak = new MemoryPeak();
  const started = performance.now();
  const response = await bench.app.inject({
    method: 'POST',
    url,
    headers: { authorization: `Bearer ${bench.adminToken}` },
    payload: form,
  });
  const seconds = (performance.now() - started) / 1000;
  const memory = peak.stop();
  if (response.statusCode !== 200)
    throw new Error(`${url} failed: ${response.statusCode} ${response.body.slice(0, 300)}`);
  return { response, seconds, memory };
}

/** Samples memory every 20 ms until stopped; reports the peaks in MB. */
/**
 * BENCH_HEAP_SNAPSHOT_MB=n: a heap snapshot (written to the working folder) the first time the main thread's
 * heap passes n MB, to see what a case holds at its peak. It stops the thread while it is written: figures from
 * such a run are not timings.
 */
const SNAPSHOT_AT_MB = Number(process.env.BENCH_HEAP_SNAPSHOT_MB ?? 0);
let snapshotWritten = false;

export class MemoryPeak {
  private rss = 0;
  private heap = 0;
  private external = 0;
  private readonly timer: NodeJS.Timeout;
  constructor() {
    this.sample();
    this.timer = setInterval(() => this.sample(), 20);
  }
  private sample() {
    const usage = process.memoryUsage();
    this.rss = Math.max(this.rss, usage.rss);
    this.heap = Math.max(this.heap, usage.heapUsed);
    this.external = Math.max(this.external, usage.external);
    if (SNAPSHOT_AT_MB > 0 && !snapshotWritten && usage.heapUsed > SNAPSHOT_AT_MB * 1024 * 1024) {
      snapshotWritten = true;
      console.log(`  heap snapshot written: ${writeHeapSnapshot()}`);
    }
  }
  stop() {
    this.sample();
    clearInterval(this.timer);
    const mb = (bytes: number) => Math.round(bytes / 1024 / 1024);
    // external: buffers and other memory V8 objects hold outside the heap (file bytes, zlib, sockets).
    return { rssMb: mb(this.rss), heapMb: mb(this.heap), externalMb: mb(this.external) };
  }
}
