/**
 * Benchmark (issue 18): batch orders through the real app with its job workers in this process. A 1,000-row
 * batch and its labels (target under 2 s), a 10,000-row batch with the RSS of placing it and of its 10,000
 * labels, then a 50,000-row batch (`BENCH_BATCH_ROWS`): seconds from upload to success, orders per second
 * (target under 60 s) and the whole process's peak RSS (target under 500 MB on PostgreSQL, 700 MB on PGlite,
 * whose data lives in the process), with the orders list's p95 and worst call while it runs beside the idle
 * ones (targets: p95 within twice idle; on PGlite no call waits over 1 s). The workbooks are written by a child process (make-order-file.ts), so their
 * building is not counted. PGlite by default, PostgreSQL when DATABASE_URL is set (a scratch database).
 */
import { type BenchApp, listenLocally, MemoryPeak, openBenchApp, orderFileFromChild } from './bench-app.ts';
import { seedImportAccount } from './order-import.bench.ts';
import { probe } from './responsiveness.bench.ts';

const BIG = Number(process.env.BENCH_BATCH_ROWS ?? 50_000);
/**
 * BENCH_BATCH_CASE=big: the big batch alone, in this fresh process, so its peak RSS is not the smaller batches'
 * and labels' memory that V8 and PGlite keep once grown (the ceilings are for the big batch by itself).
 */
const ONLY_BIG = process.env.BENCH_BATCH_CASE === 'big';
const LIST_PATHS = ['/orders?page_size=25'];

interface Placed {
  sid: string;
  seconds: number;
  rssMb: number;
  /** The main thread's JavaScript heap at its peak (the rest of RSS: the parse worker, buffers, PGlite). */
  heapMb: number;
  externalMb: number;
}

/** Uploads the batch and waits for its job to finish it; the time and the process's peak RSS meanwhile. */
async function placeBatch(
  bench: BenchApp,
  accountSid: string,
  rows: number,
  tag: string,
  file = orderFile(rows, tag),
): Promise<Placed> {
  const form = new FormData();
  form.append('name', `Bench ${tag}`);
  form.append('account_sid', accountSid);
  form.append('file', new Blob([file]), 'orders.xlsx');
  const peak = new MemoryPeak();
  const started = performance.now();
  const created = await bench.app.inject({
    method: 'POST',
    url: '/api/v1/batch_orders',
    headers: { authorization: `Bearer ${bench.adminToken}` },
    payload: form,
  });
  if (created.statusCode !== 201)
    throw new Error(`batch: ${created.statusCode} ${created.body.slice(0, 300)}`);
  const sid = (created.json() as { sid: string }).sid;
  for (;;) {
    await new Promise((resolve) => setTimeout(resolve, 200));
    const response = await bench.app.inject({
      method: 'GET',
      url: `/api/v1/batch_orders/${sid}`,
      headers: { authorization: `Bearer ${bench.adminToken}` },
    });
    const batch = response.json() as { status: string; reason: string | null; orders: number };
    if (batch.status === 'failed') throw new Error(`batch failed: ${batch.reason?.slice(0, 300)}`);
    if (batch.status === 'success') {
      if (batch.orders !== rows) throw new Error(`batch placed ${batch.orders} of ${rows}`);
      break;
    }
  }
  const seconds = (performance.now() - started) / 1000;
  const memory = peak.stop();
  return { sid, seconds, ...memory };
}

/** Downloads the batch's labels; the time and the peak RSS meanwhile. */
async function labels(bench: BenchApp, sid: string): Promise<{ seconds: number; rssMb: number; mb: number }> {
  const peak = new MemoryPeak();
  const started = performance.now();
  const response = await bench.app.inject({
    method: 'GET',
    url: `/api/v1/labels/${sid}`,
    headers: { authorization: `Bearer ${bench.adminToken}` },
  });
  if (response.statusCode !== 200) throw new Error(`labels: ${response.statusCode}`);
  return {
    seconds: (performance.now() - started) / 1000,
    rssMb: peak.stop().rssMb,
    mb: response.rawPayload.length / 1024 / 1024,
  };
}

/** The workbook, written by a child process (make-order-file.ts) so its building is not this process's RSS. */
const orderFile = (rows: number, tag: string): Buffer => orderFileFromChild(rows, tag).file;

const rate = (rows: number, seconds: number) => Math.round(rows / seconds).toLocaleString('en-US');
const mb = () => Math.round(process.memoryUsage().rss / 1024 / 1024);

export async function benchBatchOrders(): Promise<void> {
  const bench = await openBenchApp({ workers: true });
  try {
    const account = await bench.createAccount();
    await seedImportAccount(bench, account, (BIG + 11_000) * 2_000_000);
    console.log(`Batch orders, ${bench.kind} (RSS ${mb()} MB before the first batch)`);

    if (!ONLY_BIG) await smallerBatches(bench, account);
    await bigBatch(bench, account);
  } finally {
    await bench.close();
  }
}

/** The 1,000- and 10,000-row batches and their labels. */
async function smallerBatches(bench: BenchApp, account: string): Promise<void> {
  const small = await placeBatch(bench, account, 1_000, 'S');
  const smallLabels = await labels(bench, small.sid);
  console.log(
    `  1,000 rows: placed in ${small.seconds.toFixed(1)} s; their labels ${smallLabels.seconds.toFixed(2)} s ` +
      `(${smallLabels.mb.toFixed(1)} MB, target < 2 s: ${smallLabels.seconds < 2 ? 'met' : 'NOT met'})`,
  );

  const before = mb();
  const medium = await placeBatch(bench, account, 10_000, 'M');
  const mediumLabels = await labels(bench, medium.sid);
  console.log(
    `  10,000 rows: ${medium.seconds.toFixed(1)} s (${rate(10_000, medium.seconds)} orders/s), peak RSS ` +
      `${medium.rssMb} MB, heap ${medium.heapMb} MB (${before} MB before); their labels ${mediumLabels.seconds.toFixed(1)} s, ` +
      `${mediumLabels.mb.toFixed(1)} MB, peak RSS ${mediumLabels.rssMb} MB (target < 400 MB: ` +
      `${mediumLabels.rssMb < 400 ? 'met' : 'NOT met'})`,
  );
}

/** The 50,000-row batch with the orders list probed beside it. */
async function bigBatch(bench: BenchApp, account: string): Promise<void> {
  const base = `${await listenLocally(bench)}/api/v1`;
  const idleProbe = probe(base, bench.adminToken, LIST_PATHS);
  await new Promise((resolve) => setTimeout(resolve, 3_000));
  const idle = await idleProbe.stop();
  const before = mb();
  // Written before the probe starts: the child writing it holds this thread while it runs.
  const bigFile = orderFile(BIG, 'L');
  const busyProbe = probe(base, bench.adminToken, LIST_PATHS);
  const big = await placeBatch(bench, account, BIG, 'L', bigFile);
  const busy = await busyProbe.stop();
  const embedded = bench.kind.startsWith('PGlite');
  const ceiling = embedded ? 700 : 500;
  console.log(
    `  ${BIG.toLocaleString('en-US')} rows: ${big.seconds.toFixed(1)} s (${rate(BIG, big.seconds)} orders/s, target < 60 s: ` +
      `${big.seconds < 60 ? 'met' : 'NOT met'}), peak RSS ${big.rssMb} MB, heap ${big.heapMb} MB, external ${big.externalMb} MB (${before} MB before; ` +
      `target < ${ceiling} MB: ${big.rssMb < ceiling ? 'met' : 'NOT met'})`,
  );
  const worstTarget = embedded ? `; worst < 1,000 ms: ${busy.worst < 1_000 ? 'met' : 'NOT met'}` : '';
  console.log(
    `  GET /orders p95 idle ${Math.round(idle.p95)} ms, worst ${Math.round(idle.worst)} ms (${idle.calls} calls); ` +
      `while the batch ran ${Math.round(busy.p95)} ms, worst ${Math.round(busy.worst)} ms (${busy.calls} calls; ` +
      `target p95 within twice idle: ${busy.p95 <= idle.p95 * 2 ? 'met' : 'NOT met'}${worstTarget})`,
  );
}
