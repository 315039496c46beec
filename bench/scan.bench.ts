/**
 * Benchmark: hub scans per second over HTTP (GET /orders/scan/barcode/{code}; issue target above 1,500/s with
 * p99 under 20 ms). Seeds Generated orders in one INSERT ... SELECT, then scans each once (Generated ->
 * Scanned: row lock, update, tracking event; verdict RECEIVED) and then scans them all again (the read-only
 * rescan a duplicate is: the order and its first receipt, verdict ALREADY_RECEIVED). Runs on a fresh PGlite database, or on PostgreSQL when DATABASE_URL is set.
 */
import type { ScanReply } from '@parcelops/shared';
import autocannon from 'autocannon';
import { sql } from 'drizzle-orm';
import { type BenchApp, listenLocally, openBenchApp } from './bench-app.ts';

const ORDERS = Number(process.env.BENCH_SCAN_ORDERS ?? 20_000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const CONNECTIONS = 10;
const SELLERS = 20;
const TARGET_RPS = 1_500;
const TARGET_P99_MS = 20;

const barcodeOf = (index: number) => `SC${String(index + 1).padStart(10, '0')}`;

/**
 * A hub's intake: parcels of 20 sellers placed over the last 7 days. (All of one seller's one day would make
 * every scan wait for the one order_counts row they all change, which no real intake does.)
 */
async function seedOrders(bench: BenchApp, accountSids: string[]): Promise<void> {
  await bench.app.db.execute(sql`
    insert into orders (sid, order_number, account_sid, status, name, address1, city, state, country,
      postal_code, weight, vnd, usd, barcode, date_created)
    select 'scan-bench-' || g, 'SCN-' || g, (${`{${accountSids.join(',')}}`}::text[])[1 + g % ${accountSids.length}], 0,
      'Bench Customer', g || ' Main St', 'Los Angeles', 'CA', 'US', '90001', 400, 180000, 7.5,
      'SC' || lpad(g::text, 10, '0'), now() - ((g % 7) || ' days')::interval
    from generate_series(1, ${ORDERS}) g`);
  await bench.app.db.execute(sql`analyze orders`);
}

interface Figures {
  rps: number;
  p50: number;
  p99: number;
  requests: number;
}

/**
 * Scans the barcodes in turn, each once per pass, on 10 connections. The load runs in this process (autocannon
 * cannot hand a per-request function to its worker thread), so it shares the server's event loop: the
 * figures are a floor.
 */
async function scanPass(url: string, token: string, options: { amount?: number; duration?: number }) {
  let next = 0;
  const result = await autocannon({
    url,
    connections: CONNECTIONS,
    ...(options.amount ? { amount: options.amount } : { duration: options.duration ?? SECONDS }),
    headers: { authorization: `Bearer ${token}` },
    requests: [
      {
        method: 'GET',
        setupRequest: (request) => {
          const path = `/api/v1/orders/scan/barcode/${barcodeOf(next++ % ORDERS)}?hub=SGN`;
          return { ...request, path };
        },
      },
    ],
  });
  if (result.non2xx > 0 || result.errors > 0)
    throw new Error(`scan bench: ${result.non2xx} failed replies, ${result.errors} errors`);
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    requests: result.requests.total,
  } satisfies Figures;
}

export async function benchScan(): Promise<void> {
  const bench = await openBenchApp();
  try {
    const accounts: string[] = [];
    for (let index = 0; index < SELLERS; index++) accounts.push(await bench.createAccount());
    await seedOrders(bench, accounts);
    const url = await listenLocally(bench);

    const first = await scanPass(url, bench.adminToken, { amount: ORDERS });
    const again = await scanPass(url, bench.adminToken, { duration: SECONDS });
    // The reply carries the verdict: a rescan is ALREADY_RECEIVED, with when and where from the first receipt.
    const sample = await bench.app.inject({
      method: 'GET',
      url: `/api/v1/orders/scan/barcode/${barcodeOf(0)}?hub=SGN`,
      headers: { authorization: `Bearer ${bench.adminToken}` },
    });
    const verdict = (sample.json() as ScanReply).scan;
    if (verdict.code !== 'ALREADY_RECEIVED' || verdict.received_hub !== 'SGN')
      throw new Error(`scan bench: a rescan answered ${sample.body}`);
    const counted = (await bench.app.db.execute(sql`
      select (select count(*)::int from orders where status = 1) as scanned,
        (select count(*)::int from tracking_events where description = 'Received at SGN hub') as events`)) as unknown as {
      rows: { scanned: number; events: number }[];
    };
    const counts = counted.rows[0];

    const line = (name: string, run: Figures) =>
      `  ${name}: ${Math.round(run.rps).toLocaleString('en-US')} scans/s, p50 ${run.p50} ms, p99 ${run.p99} ms (${run.requests.toLocaleString('en-US')} scans)`;
    console.log(
      `hub scans over HTTP, ${ORDERS.toLocaleString('en-US')} orders, ${CONNECTIONS} connections, ${bench.kind}`,
    );
    console.log(line('first scans (Generated -> Scanned, event written)', first));
    console.log(line('rescans (nothing changes)', again));
    console.log(`  orders Scanned: ${counts?.scanned}, "Received at SGN hub" events: ${counts?.events}`);
    for (const [name, run] of [
      ['first scans', first],
      ['rescans', again],
    ] as const) {
      const met = run.rps > TARGET_RPS && run.p99 < TARGET_P99_MS;
      console.log(
        `  target (${name}): above ${TARGET_RPS.toLocaleString('en-US')}/s, p99 under ${TARGET_P99_MS} ms -> ${met ? 'met' : 'NOT met'}`,
      );
    }
  } finally {
    await bench.close();
  }
}
