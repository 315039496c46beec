/**
 * Benchmark: GET /orders/report over 100,000 orders (issue targets: under 10 s and peak RSS under 400 MB),
 * then GET /orders/deliveryTimeReport over the delivered ones. The app listens on a real port and the file is
 * read as it streams (light-my-request would gather it in memory): prints the time to the first byte, the
 * total time, the size and the process's peak RSS above what it held before the download. Runs on a fresh
 * PGlite (in this process: its own memory counts in RSS) or on PostgreSQL when DATABASE_URL is set.
 * `node --expose-gc --import tsx bench/run.ts` (BENCH=order-report) measures from a collected heap.
 */
import { sql } from 'drizzle-orm';
import { type BenchApp, listenLocally, MemoryPeak, openBenchApp } from './bench-app.ts';

const ORDERS = Number(process.env.BENCH_ORDERS ?? 100_000);

async function seed(bench: BenchApp, accountSid: string): Promise<void> {
  const db = bench.app.db;
  // Server-built rows: 100,000 orders take seconds. Every 7th is Delivered, with its milestones.
  await db.execute(sql`insert into orders (sid, order_number, account_sid, status, name, phone, address1, city,
      state, country, postal_code, weight, width, length, height, vnd, usd, barcode, date_created, date_updated)
    select 'rep-' || g, 'REP-' || lpad(g::text, 7, '0'), ${accountSid}, (array[0,1,2,3,4,5,10])[1 + g % 7],
      'Customer ' || g, '+84 90 ' || lpad(g::text, 7, '0'), g || ' Le Loi, Ward ' || (g % 20), 'Ho Chi Minh City',
      'HCM', 'VN', '700000', 100 + g % 5000, 10, 20, 5, 100000 + g % 900000, 4 + (g % 300) / 10.0,
      'PR' || lpad(g::text, 10, '0'), now() - ((g % 90) || ' days')::interval, now()
    from generate_series(1, ${ORDERS}) as g`);
  await db.execute(sql`insert into order_items (sid, order_sid, position, sku_number, quantity, item_description)
    select 'repi-' || g || '-' || p, 'rep-' || g, p, 'SKU-' || (g % 400), 1 + p, 'Cotton T-shirt size ' || p
    from generate_series(1, ${ORDERS}) as g, generate_series(0, g % 2) as p`);
  await db.execute(sql`insert into tracking_events (sid, order_sid, status, description, event_time)
    select 'repe-' || o.sid || '-' || e.status, o.sid, e.status, e.description,
      o.date_created + (e.hours || ' hours')::interval
    from orders o, (values (1, 'Received at SGN hub', 5), (3, 'Departed', 30), (4, 'Delivered', 70))
      as e(status, description, hours)
    where o.status = 4 and o.sid like 'rep-%'`);
}

async function download(base: string, token: string, path: string) {
  // With --expose-gc, the seeding's garbage goes first so "before" is what the process really holds.
  (globalThis as { gc?: () => void }).gc?.();
  const { rss: before, heapUsed: heapBefore } = process.memoryUsage();
  const memory = new MemoryPeak();
  const started = performance.now();
  const response = await fetch(`${base}${path}`, { headers: { authorization: `Bearer ${token}` } });
  if (response.status !== 200 || !response.body) throw new Error(`${path}: ${response.status}`);
  let firstByte = 0;
  let bytes = 0;
  for await (const chunk of response.body) {
    if (bytes === 0) firstByte = performance.now() - started;
    bytes += (chunk as Uint8Array).byteLength;
  }
  const seconds = (performance.now() - started) / 1000;
  const peak = memory.stop();
  const baseMb = Math.round(before / 1024 / 1024);
  console.log(
    `  ${path}: ${seconds.toFixed(2)} s (first byte after ${Math.round(firstByte)} ms), ` +
      `${(bytes / 1024 / 1024).toFixed(1)} MB; peak RSS ${peak.rssMb} MB (${baseMb} MB before, ` +
      `+${peak.rssMb - baseMb} MB), peak heap ${peak.heapMb} MB (${Math.round(heapBefore / 1024 / 1024)} MB before)`,
  );
}

export async function benchOrderReport(): Promise<void> {
  const bench = await openBenchApp();
  try {
    const accountSid = await bench.createAccount();
    const seeded = performance.now();
    await seed(bench, accountSid);
    console.log(
      `Order reports on ${bench.kind}: ${ORDERS.toLocaleString('en')} orders seeded in ` +
        `${((performance.now() - seeded) / 1000).toFixed(1)} s (targets: report under 10 s, peak RSS under 400 MB)`,
    );
    const base = `${await listenLocally(bench)}/api/v1`;
    await download(base, bench.adminToken, '/orders/report?from_date=2000-01-01');
    await download(base, bench.adminToken, '/orders/deliveryTimeReport?from_date=2000-01-01');
  } finally {
    await bench.close();
  }
}
