/**
 * Benchmark (issue 17): how other calls fare while big legitimate work runs. A 100,000-order import
 * (`BENCH_BIG_ROWS`, one row each) through POST /orders/import, then GET /orders/report over those 100,000
 * orders, then POST /orders/getDetails for 20,000 of their barcodes (`BENCH_DETAILS_BARCODES`), each while a probe calls GET /health and GET /orders (page 1, 25 rows) one after another over a real
 * port from a worker thread. Prints the probes' p50, p99 and worst beside the big work's own time (target: p99
 * under 200 ms). Runs on a fresh PGlite, or on PostgreSQL when DATABASE_URL is set (a scratch database).
 */
import { request } from 'node:http';
import { Worker } from 'node:worker_threads';
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { orders } from '../apps/server/src/modules/orders/orders.table.ts';
import { listenLocally, openBenchApp } from './bench-app.ts';
import { oneRowOrders, seedImportAccount } from './order-import.bench.ts';

const ROWS = Number(process.env.BENCH_BIG_ROWS ?? 100_000);
const DETAILS_BARCODES = Number(process.env.BENCH_DETAILS_BARCODES ?? 20_000);
/** Pause between two probe calls: a busy screen polls, it does not hammer. */
const PROBE_GAP_MS = 10;

export interface ProbeFigures {
  calls: number;
  /** Calls that got no 200 (a connection the server dropped after waiting too long counts here). */
  failed: number;
  p50: number;
  p95: number;
  p99: number;
  worst: number;
  /** Calls that took over 200 ms. */
  slow: number;
}

/**
 * Calls GET /health and GET /orders in turn until stopped, from a worker thread: a probe on the server's own
 * event loop would not start while that loop is blocked, and so would never see the wait.
 */
const DEFAULT_PROBE_PATHS = ['/health', '/orders?page_size=25'];
const PROBE = `
const { parentPort, workerData } = require('node:worker_threads');
const { base, token, gapMs, paths } = workerData;
const latencies = [];
let failed = 0;
let running = true;
parentPort.on('message', () => { running = false; });
(async () => {
  for (let turn = 0; running; turn++) {
    const started = performance.now();
    try {
      const response = await fetch(base + paths[turn % paths.length], { headers: { authorization: 'Bearer ' + token } });
      await response.arrayBuffer();
      if (response.status !== 200) failed++;
    } catch {
      failed++;
    }
    latencies.push(performance.now() - started);
    await new Promise((resolve) => setTimeout(resolve, gapMs));
  }
  parentPort.postMessage({ latencies, failed });
})();
`;

export function probe(
  base: string,
  token: string,
  paths: readonly string[] = DEFAULT_PROBE_PATHS,
): { stop(): Promise<ProbeFigures> } {
  const worker = new Worker(PROBE, { eval: true, workerData: { base, token, gapMs: PROBE_GAP_MS, paths } });
  const result = new Promise<{ latencies: number[]; failed: number }>((resolve, reject) => {
    worker.once('message', resolve);
    worker.once('error', reject);
  });
  return {
    async stop() {
      worker.postMessage('stop');
      const { latencies, failed } = await result;
      await worker.terminate();
      const sorted = [...latencies].sort((a, b) => a - b);
      const at = (p: number) => sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] ?? 0;
      return {
        calls: sorted.length,
        failed,
        p50: at(0.5),
        p95: at(0.95),
        p99: at(0.99),
        worst: sorted.at(-1) ?? 0,
        slow: sorted.filter((latency) => latency > 200).length,
      };
    },
  };
}

/**
 * POSTs a form over node:http: fetch gives up on headers after 300 s, which an import of 100,000 orders on a
 * busy machine can take.
 */
async function postForm(
  url: string,
  token: string,
  form: FormData,
): Promise<{ status: number; body: string }> {
  const encoded = new Request(url, { method: 'POST', body: form });
  const body = Buffer.from(await encoded.arrayBuffer());
  return new Promise((resolve, reject) => {
    const sent = request(
      url,
      {
        method: 'POST',
        headers: {
          authorization: `Bearer ${token}`,
          'content-type': encoded.headers.get('content-type') ?? '',
          'content-length': body.length,
        },
      },
      (response) => {
        const parts: Buffer[] = [];
        response.on('data', (part: Buffer) => parts.push(part));
        response.on('end', () =>
          resolve({ status: response.statusCode ?? 0, body: Buffer.concat(parts).toString() }),
        );
        response.on('error', reject);
      },
    );
    sent.on('error', reject);
    sent.end(body);
  });
}

const ms = (value: number) => `${Math.round(value)} ms`;

function print(what: string, seconds: number, figures: ProbeFigures): void {
  console.log(
    `  ${what}: ${seconds.toFixed(1)} s; meanwhile ${figures.calls} other calls: p50 ${ms(figures.p50)}, ` +
      `p99 ${ms(figures.p99)}, worst ${ms(figures.worst)}, ${figures.slow} over 200 ms, ${figures.failed} failed ` +
      `(target p99 < 200 ms: ${figures.p99 < 200 ? 'met' : 'NOT met'})`,
  );
}

export async function benchResponsiveness(): Promise<void> {
  const file = await oneRowOrders(ROWS, 'BIG');
  const bench = await openBenchApp();
  try {
    const account = await bench.createAccount();
    await seedImportAccount(bench, account, ROWS * 2_000_000);
    const base = `${await listenLocally(bench)}/api/v1`;
    const headers = { authorization: `Bearer ${bench.adminToken}` };
    console.log(
      `Other calls while big work runs, ${bench.kind}: ${ROWS.toLocaleString('en-US')} orders ` +
        `(${(file.length / 1024 / 1024).toFixed(1)} MB xlsx)`,
    );

    const form = new FormData();
    form.append('account_sid', account);
    form.append('file', new Blob([file]), 'orders.xlsx');
    let probes = probe(base, bench.adminToken);
    let started = performance.now();
    const imported = await postForm(`${base}/orders/import`, bench.adminToken, form);
    const body = JSON.parse(imported.body) as { imported?: number; failedOrders?: unknown[] };
    let seconds = (performance.now() - started) / 1000;
    print(`POST /orders/import (${body.imported ?? imported.status} imported)`, seconds, await probes.stop());
    if (body.imported !== ROWS)
      throw new Error(`import: ${imported.status} ${JSON.stringify(body).slice(0, 300)}`);

    probes = probe(base, bench.adminToken);
    started = performance.now();
    const report = await fetch(`${base}/orders/report?from_date=2000-01-01`, { headers });
    if (report.status !== 200 || !report.body) throw new Error(`report: ${report.status}`);
    let bytes = 0;
    for await (const chunk of report.body) bytes += (chunk as Uint8Array).byteLength;
    seconds = (performance.now() - started) / 1000;
    print(`GET /orders/report (${(bytes / 1024 / 1024).toFixed(1)} MB)`, seconds, await probes.stop());

    const codes = await bench.app.db
      .select({ barcode: orders.barcode })
      .from(orders)
      .orderBy(sql`random()`)
      .limit(DETAILS_BARCODES);
    const barcodes = new ExcelJS.Workbook();
    const sheet = barcodes.addWorksheet('Barcodes');
    sheet.addRow(['Barcode']);
    for (const { barcode } of codes) sheet.addRow([barcode]);
    const detailsForm = new FormData();
    detailsForm.append('file', new Blob([await barcodes.xlsx.writeBuffer()]), 'barcodes.xlsx');
    probes = probe(base, bench.adminToken);
    started = performance.now();
    const details = await postForm(`${base}/orders/getDetails`, bench.adminToken, detailsForm);
    seconds = (performance.now() - started) / 1000;
    if (details.status !== 200) throw new Error(`details: ${details.status} ${details.body.slice(0, 300)}`);
    print(
      `POST /orders/getDetails (${codes.length.toLocaleString('en-US')} barcodes)`,
      seconds,
      await probes.stop(),
    );
  } finally {
    await bench.close();
  }
}
