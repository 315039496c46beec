/**
 * Benchmark (issue 31, part 2): the memory ceilings measured on the server as it is deployed: the compiled
 * server run as `npm start` runs it (its flags, the heap cap included, read from apps/server's package), in a
 * process of its own, its peak resident memory read
 * from /proc (VmHWM) while one case runs, nothing of the bench's own process counted. Each case gets a fresh
 * server on the same seeded database, and its peak is reset (clear_refs) once the server is idle:
 * - idle: the resident memory 3 s after the health check answers;
 * - a 10,000-row import (target under 400 MB);
 * - the labels of a 10,000-order batch (target under 400 MB);
 * - a 50,000-row batch, upload to success (target under 500 MB on PostgreSQL, 700 MB on PGlite).
 * PGlite in a scratch folder by default, PostgreSQL when DATABASE_URL is set (a scratch database).
 * BENCH_SERVER_NODE_OPTIONS is handed to the server as NODE_OPTIONS and BENCH_SERVER_MALLOC_ARENA_MAX as
 * MALLOC_ARENA_MAX, to compare the settings a deployment could choose; BENCH_MEMORY_CASES=import,labels,batch
 * runs only those (labels places its 10,000-row batch first). Linux only.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { type DatabaseHandle, openDatabase } from '../apps/server/src/db/database.ts';
import { ADMIN_PASSWORD, BENCH_SECRETS, openBenchApp, orderFileFromChild } from './bench-app.ts';
import { seedImportAccount } from './order-import.bench.ts';
import { buildServer, resetPeak, type ServerProcess, startServer, statusKb } from './server-process.ts';

const BIG = Number(process.env.BENCH_BATCH_ROWS ?? 50_000);
const IMPORT_ROWS = 10_000;
const LABELS = 10_000;
const IDLE_MS = 3_000;
const CASES = new Set((process.env.BENCH_MEMORY_CASES ?? 'import,labels,batch').split(','));
const mb = (kb: number) => Math.round(kb / 1024);
const verdict = (peak: number, ceiling: number) =>
  `target < ${ceiling} MB: ${peak < ceiling ? 'met' : 'NOT met'}`;

interface Place {
  /** What the server processes are started with, besides the settings compared. */
  env: Record<string, string>;
  kind: 'PostgreSQL' | 'PGlite';
  drop(): Promise<void>;
}

/** A scratch PostgreSQL database or PGlite folder, migrated and seeded with an account that can pay for it all. */
async function seededPlace(): Promise<Place & { accountSid: string }> {
  const baseUrl = process.env.DATABASE_URL;
  let handle: DatabaseHandle;
  let place: Place;
  if (baseUrl) {
    const name = `parcelops_bench_memory_${process.pid}`;
    const admin = new pg.Client({ connectionString: baseUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    const url = new URL(baseUrl);
    url.pathname = `/${name}`;
    handle = await openDatabase({ kind: 'postgres', url: url.toString() });
    place = {
      env: { DATABASE_URL: url.toString() },
      kind: 'PostgreSQL',
      drop: async () => {
        await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        await admin.end();
      },
    };
  } else {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'parcelops-memory-bench-'));
    handle = await openDatabase({ kind: 'pglite', dataDir });
    place = {
      env: { DATA_DIR: dataDir },
      kind: 'PGlite',
      drop: async () => rmSync(dataDir, { recursive: true, force: true }),
    };
  }
  // Seeded through the app in this process, then closed: PGlite's folder is one process's at a time.
  const bench = await openBenchApp({ database: handle });
  try {
    const accountSid = await bench.createAccount();
    await seedImportAccount(bench, accountSid, (BIG + IMPORT_ROWS + LABELS + 1_000) * 2_000_000);
    return { ...place, accountSid };
  } finally {
    await bench.close();
    await handle.close();
  }
}

/** The server the cases run against, with the admin signed in. */
async function serverFor(place: Place): Promise<{ server: ServerProcess; token: string }> {
  const arenas = process.env.BENCH_SERVER_MALLOC_ARENA_MAX;
  const server = await startServer(
    {
      ...place.env,
      ...BENCH_SECRETS,
      ADMIN_USERNAME: 'admin',
      ADMIN_PASSWORD,
      CREATE_CALLS_PER_MINUTE: '1000000',
      ...(arenas ? { MALLOC_ARENA_MAX: arenas } : {}),
    },
    process.env.BENCH_SERVER_NODE_OPTIONS ?? '',
  );
  const login = await fetch(`${server.origin}/api/v1/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'admin', password: ADMIN_PASSWORD }),
  });
  if (login.status !== 200) throw new Error(`login: ${login.status} ${await login.text()}`);
  return { server, token: ((await login.json()) as { token: string }).token };
}

/** A fresh server, idle for a moment; `work` runs with its peak reset; the peak in MB. */
async function measured(place: Place, work: (origin: string, token: string) => Promise<void>) {
  const { server, token } = await serverFor(place);
  try {
    await new Promise((resolve) => setTimeout(resolve, IDLE_MS));
    const idle = mb(statusKb(server.pid, 'VmRSS'));
    resetPeak(server.pid);
    const started = performance.now();
    await work(server.origin, token);
    return { idle, peak: mb(statusKb(server.pid, 'VmHWM')), seconds: (performance.now() - started) / 1000 };
  } finally {
    await server.stop();
  }
}

async function upload(
  origin: string,
  token: string,
  url: string,
  fields: Record<string, string>,
  file: Buffer,
) {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.append(key, value);
  form.append('file', new Blob([file]), 'orders.xlsx');
  const response = await fetch(`${origin}/api/v1${url}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  const body = await response.text();
  if (response.status >= 300) throw new Error(`${url}: ${response.status} ${body.slice(0, 300)}`);
  return JSON.parse(body) as Record<string, unknown>;
}

/** Uploads a batch and waits for its success; its sid. */
async function batch(origin: string, token: string, accountSid: string, file: Buffer, rows: number) {
  const created = await upload(
    origin,
    token,
    '/batch_orders',
    { name: `Memory ${rows}`, account_sid: accountSid },
    file,
  );
  const sid = String(created.sid);
  for (;;) {
    await new Promise((resolve) => setTimeout(resolve, 500));
    const response = await fetch(`${origin}/api/v1/batch_orders/${sid}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    const state = (await response.json()) as { status: string; reason: string | null; orders: number };
    if (state.status === 'failed') throw new Error(`batch failed: ${state.reason?.slice(0, 300)}`);
    if (state.status === 'success') {
      if (state.orders !== rows) throw new Error(`batch placed ${state.orders} of ${rows}`);
      return sid;
    }
  }
}

export async function benchDeployedMemory(): Promise<void> {
  buildServer();
  // Every file first, written by child processes: none of it is the server's.
  const fileFor = (name: string, rows: number, prefix: string, kind?: 'import') =>
    CASES.has(name) ? orderFileFromChild(rows, prefix, kind).file : Buffer.alloc(0);
  const importFile = fileFor('import', IMPORT_ROWS, 'MIMP', 'import');
  const labelsFile = fileFor('labels', LABELS, 'MLAB');
  const bigFile = fileFor('batch', BIG, 'MBIG');
  const place = await seededPlace();
  const settings = [
    process.env.BENCH_SERVER_NODE_OPTIONS ? `NODE_OPTIONS="${process.env.BENCH_SERVER_NODE_OPTIONS}"` : '',
    process.env.BENCH_SERVER_MALLOC_ARENA_MAX
      ? `MALLOC_ARENA_MAX=${process.env.BENCH_SERVER_MALLOC_ARENA_MAX}`
      : '',
  ].filter(Boolean);
  console.log(
    `Peak RSS of the compiled server, a fresh process per case, ${place.kind}` +
      `${settings.length ? ` (${settings.join(' ')})` : ' (default settings)'}`,
  );
  try {
    if (CASES.has('import')) await importCase(place, importFile);
    if (CASES.has('labels')) await labelsCase(place, labelsFile);
    if (CASES.has('batch')) await bigBatchCase(place, bigFile);
  } finally {
    await place.drop();
  }
}

async function importCase(place: Place & { accountSid: string }, importFile: Buffer) {
  const imported = await measured(place, async (origin, token) => {
    const reply = await upload(
      origin,
      token,
      '/orders/import',
      { account_sid: place.accountSid },
      importFile,
    );
    if (!Array.isArray(reply.failedOrders)) throw new Error('import: no reply');
  });
  console.log(`  idle: ${imported.idle} MB`);
  console.log(
    `  ${IMPORT_ROWS.toLocaleString('en-US')}-row import: peak ${imported.peak} MB in ${imported.seconds.toFixed(1)} s (${verdict(imported.peak, 400)})`,
  );
}

async function labelsCase(place: Place & { accountSid: string }, labelsFile: Buffer) {
  let labelsSid = '';
  const placed = await measured(place, async (origin, token) => {
    labelsSid = await batch(origin, token, place.accountSid, labelsFile, LABELS);
  });
  console.log(
    `  ${LABELS.toLocaleString('en-US')}-row batch: peak ${placed.peak} MB in ${placed.seconds.toFixed(1)} s`,
  );
  const labels = await measured(place, async (origin, token) => {
    const response = await fetch(`${origin}/api/v1/labels/${labelsSid}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    if (response.status !== 200 || !response.body) throw new Error(`labels: ${response.status}`);
    // Read as it comes and let go, as a browser saving the file would.
    for await (const _ of response.body);
  });
  console.log(
    `  its ${LABELS.toLocaleString('en-US')} labels: peak ${labels.peak} MB in ${labels.seconds.toFixed(1)} s (${verdict(labels.peak, 400)})`,
  );
}

async function bigBatchCase(place: Place & { accountSid: string }, bigFile: Buffer) {
  const big = await measured(place, async (origin, token) => {
    await batch(origin, token, place.accountSid, bigFile, BIG);
  });
  const ceiling = place.kind === 'PGlite' ? 700 : 500;
  console.log(
    `  ${BIG.toLocaleString('en-US')}-row batch: peak ${big.peak} MB in ${big.seconds.toFixed(1)} s (${verdict(big.peak, ceiling)})`,
  );
}
