/**
 * Benchmark: a hub station's offline queue synced (issue 32: 2,000 queued scans in under 30 s on either database,
 * 0 duplicates). Seeds Generated parcels in one INSERT ... SELECT, queues 2,000 scans of them, as a station that
 * lost some replies would (1,980 parcels, and 20 scans sent again with their ids, further down the queue), and
 * sends the queue to POST /orders/scan/batch in slices of 500, one after the other as the station does: each scan
 * claimed, applied and its verdict stored in its own transaction. Then the whole queue again (every verdict
 * replayed). Prints seconds, scans per second, verdicts, and the parcels with more than one receipt (must be 0).
 * Runs on a fresh PGlite database, or on PostgreSQL when DATABASE_URL is set.
 */
import { randomUUID } from 'node:crypto';
import type { StationVerdict } from '@parcelops/shared';
import { sql } from 'drizzle-orm';
import { selectRow } from '../apps/server/src/db/raw-rows.ts';
import { type BenchApp, openBenchApp } from './bench-app.ts';

const SCANS = Number(process.env.BENCH_STATION_SCANS ?? 2_000);
/** Scans sent again with an id the queue already holds (a reply lost, the scan queued twice). */
const REPEATS = Math.round(SCANS / 100);
const SLICE = 500;
const TARGET_SECONDS = 30;

const barcodeOf = (index: number) => `SS${String(index).padStart(10, '0')}`;

async function seedOrders(bench: BenchApp, accountSid: string, count: number): Promise<void> {
  await bench.app.db.execute(sql`
    insert into orders (sid, order_number, account_sid, status, name, address1, city, state, country,
      postal_code, weight, vnd, usd, barcode, date_created)
    select 'station-bench-' || g, 'STN-' || g, ${accountSid}, 0, 'Bench Customer', g || ' Main St',
      'Los Angeles', 'CA', 'US', '90001', 400, 180000, 7.5, 'SS' || lpad(g::text, 10, '0'),
      now() - interval '1 day'
    from generate_series(1, ${count}) g`);
  await bench.app.db.execute(sql`
    insert into order_items (sid, order_sid, position, sku_number, quantity, item_description, item_weight, hs_code)
    select 'station-bench-i-' || g, 'station-bench-' || g, 0, 'SKU-1', 1, 'Item', 100, '6109.10'
    from generate_series(1, ${count}) g`);
  await bench.app.db.execute(sql`analyze`);
}

interface QueuedScan {
  client_scan_id: string;
  barcode: string;
  scanned_at: string;
  hub: 'SGN';
}

/** The station's queue: a scan a second over the last hours, with REPEATS of them queued again later on. */
function queueOf(parcels: number): QueuedScan[] {
  const start = Date.now() - 3 * 3_600_000;
  const distinct: QueuedScan[] = Array.from({ length: parcels }, (_, index) => ({
    client_scan_id: randomUUID(),
    barcode: barcodeOf(index + 1),
    scanned_at: new Date(start + index * 1_000).toISOString(),
    hub: 'SGN',
  }));
  // Every `step`-th scan is queued a second time `step` scans later.
  const step = Math.floor(parcels / REPEATS);
  const queue = [...distinct];
  for (let repeat = REPEATS - 1; repeat >= 0; repeat--)
    queue.splice((repeat + 1) * step, 0, distinct[repeat * step] as QueuedScan);
  return queue;
}

interface Pass {
  seconds: number;
  verdicts: StationVerdict[];
}

async function sync(bench: BenchApp, queue: QueuedScan[]): Promise<Pass> {
  const verdicts: StationVerdict[] = [];
  const started = performance.now();
  for (let from = 0; from < queue.length; from += SLICE) {
    const reply = await bench.app.inject({
      method: 'POST',
      url: '/api/v1/orders/scan/batch',
      headers: { authorization: `Bearer ${bench.adminToken}` },
      payload: { scans: queue.slice(from, from + SLICE) },
    });
    if (reply.statusCode !== 200)
      throw new Error(`station sync bench: ${reply.statusCode} ${reply.body.slice(0, 300)}`);
    verdicts.push(...(reply.json() as { verdicts: StationVerdict[] }).verdicts);
  }
  return { seconds: (performance.now() - started) / 1000, verdicts };
}

const whole = (value: number) => Math.round(value).toLocaleString('en-US');
const tally = (verdicts: StationVerdict[]) => {
  const counts = new Map<string, number>();
  for (const verdict of verdicts) {
    const name = `${verdict.code}${verdict.replayed ? ' (replayed)' : ''}`;
    counts.set(name, (counts.get(name) ?? 0) + 1);
  }
  return [...counts].map(([name, count]) => `${name} ${whole(count)}`).join(', ');
};

export async function benchStationSync(): Promise<void> {
  const bench = await openBenchApp();
  try {
    const parcels = SCANS - REPEATS;
    await seedOrders(bench, await bench.createAccount(), parcels);
    const queue = queueOf(parcels);
    const first = await sync(bench, queue);
    const again = await sync(bench, queue);

    const counts = await selectRow<{ received: number; parcels: number; duplicates: number }>(
      bench.app.db,
      sql`with received as (
          select order_sid, count(*)::int as n from tracking_events
          where status = 1 and order_sid like 'station-bench-%' group by order_sid
        )
        select coalesce(sum(n), 0)::int as received, count(*)::int as parcels,
          count(*) filter (where n > 1)::int as duplicates
        from received`,
    );
    const wrong = first.verdicts.filter((verdict) => verdict.code !== 'RECEIVED').length;
    const replayedAgain = again.verdicts.filter((verdict) => verdict.replayed).length;

    console.log(
      `station sync: ${whole(queue.length)} queued hub scans (${whole(parcels)} parcels, ${REPEATS} ids sent twice), slices of ${SLICE}, ${bench.kind}`,
    );
    console.log(
      `  sync: ${first.seconds.toFixed(1)} s, ${whole(queue.length / first.seconds)} scans/s (${tally(first.verdicts)})`,
    );
    console.log(
      `  the queue sent again: ${again.seconds.toFixed(1)} s, ${whole(queue.length / again.seconds)} scans/s (${whole(replayedAgain)} replayed)`,
    );
    console.log(
      `  parcels received: ${whole(counts?.parcels ?? 0)}, receipt events: ${whole(counts?.received ?? 0)}, duplicates (parcels with more than one): ${counts?.duplicates ?? '?'}`,
    );
    const met = first.seconds < TARGET_SECONDS && counts?.duplicates === 0 && wrong === 0;
    console.log(
      `  target: under ${TARGET_SECONDS} s with 0 duplicates -> ${met ? 'met' : 'NOT met'}${wrong ? ` (${wrong} verdicts not RECEIVED)` : ''}`,
    );
  } finally {
    await bench.close();
  }
}
