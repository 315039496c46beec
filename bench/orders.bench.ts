import autocannon from 'autocannon';
import pg from 'pg';
import { MemoryPeak } from './bench-app.ts';
import { type Captured, serveCapturingApi } from './capturing-server.ts';

const ORDERS = Number(process.env.BENCH_ORDERS ?? 1_000_000);
export const ACCOUNTS = 50;
const AMS_ORDERS = 20_000;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const CONNECTIONS = 10;
const PASSWORD = 'Bench#2026';

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

/**
 * Recipients' names: 40 first names by 50 last names, so a name is shared by 1 order in 2,000, as in a real
 * customer list. (Names that all begin with the same word would make every trigram of that word match every
 * order, which no real list does.) A few are Vietnamese, written with their accents (about one name in eight
 * has some), which the accent-free search ("huong nguyen") must find.
 */
const FIRST_NAMES = (
  'James Mary Robert Patricia John Jennifer Michael Linda David Elizabeth William Barbara Richard Susan ' +
  'Joseph Jessica Thomas Sarah Charles Karen Daniel Lisa Matthew Nancy Anthony Betty Mark Sandra Donald ' +
  'Hương Steven Thảo Paul Emily Andrew Donna Joshua Michelle Kenneth Maria'
).split(' ');
const LAST_NAMES = (
  'Smith Johnson Williams Brown Jones Garcia Miller Davis Rodriguez Martinez Hernandez Lopez Gonzalez ' +
  'Wilson Anderson Thomas Taylor Moore Jackson Martin Lee Perez Thompson White Harris Sanchez Clark ' +
  'Ramirez Lewis Robinson Walker Young Allen King Wright Scott Torres Nguyễn Trần Flores Lê Phạm ' +
  'Nelson Baker Hall Rivera Campbell Mitchell Carter Roberts'
).split(' ');

export async function loadOrders(pool: pg.Pool, accountSids: string[]) {
  const started = performance.now();
  // One INSERT ... SELECT per table: the server builds the rows, so a million take seconds, not minutes.
  await pool.query(
    `insert into orders (sid, order_number, account_sid, status, name, phone, address1, city, state, country,
       postal_code, weight, width, length, height, vnd, usd, barcode, date_created, date_updated, ams_sid)
     select 'bench-' || g, 'ON-' || g, ($1::text[])[1 + g % ${ACCOUNTS}],
       (array[0,1,2,3,4,5,10])[1 + g % 7], ($2::text[])[1 + g % 40] || ' ' || ($3::text[])[1 + (g / 40) % 50],
       '+1 (213) ' || lpad((g % 1000)::text, 3, '0') || '-' || lpad((g / 1000 % 10000)::text, 4, '0'),
       g || ' Main St', 'Los Angeles', 'CA', 'US', '90001',
       100 + g % 5000, 10, 20, 5, 100000 + g % 900000, 4 + (g % 300) / 10.0,
       'PO' || lpad(g::text, 10, '0'), now() - ((g % 90) || ' days')::interval - ((g % 86400) || ' seconds')::interval,
       now(), case when g <= ${AMS_ORDERS} then 'bench-ams' else null end
     from generate_series(1, ${ORDERS}) g`,
    [accountSids, FIRST_NAMES, LAST_NAMES],
  );
  await pool.query(
    `insert into order_items (sid, order_sid, position, sku_number, quantity, item_description, item_weight, hs_code)
     select 'bench-i-' || g, 'bench-' || g, 0, 'SKU-' || (g % 1000), 1, 'Item', 100, case when g % 10 = 0 then null else '6109.10' end
     from generate_series(1, ${ORDERS}) g`,
  );
  // A table in service is vacuumed by autovacuum; measuring while it works through a fresh million rows is not.
  await pool.query('vacuum analyze orders');
  await pool.query('vacuum analyze order_items');
  await pool.query('vacuum analyze order_counts');
  return (performance.now() - started) / 1000;
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

/** The same statements the API ran for one request, replayed through a bare pg pool by CONNECTIONS workers. */
async function bareSql(pool: pg.Pool, statements: Captured[]) {
  const latencies: number[] = [];
  const until = performance.now() + SECONDS * 1000;
  const worker = async () => {
    while (performance.now() < until) {
      const started = performance.now();
      await Promise.all(
        statements.map((statement) => pool.query(statement.query, statement.params as unknown[])),
      );
      latencies.push(performance.now() - started);
    }
  };
  await Promise.all(Array.from({ length: CONNECTIONS }, worker));
  latencies.sort((a, b) => a - b);
  return {
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    p99: percentile(latencies, 99),
    rps: latencies.length / SECONDS,
  };
}

async function http(url: string, token: string, seconds = SECONDS) {
  const result = await autocannon({
    url,
    connections: CONNECTIONS,
    duration: seconds,
    // The load comes from a worker thread, so it does not take the server's own event loop.
    workers: 1,
    headers: { authorization: `Bearer ${token}` },
  });
  if (result.non2xx > 0) throw new Error(`${url}: ${result.non2xx} failed requests`);
  return {
    p50: result.latency.p50,
    p95: result.latency.p97_5,
    p99: result.latency.p99,
    rps: result.requests.average,
  };
}

const ms = (value: number) => `${value.toFixed(1)} ms`;

export async function benchOrders(): Promise<void> {
  const baseUrl = process.env.DATABASE_URL;
  if (!baseUrl) {
    console.log('orders list benchmark: skipped (set DATABASE_URL to a PostgreSQL server to run it)');
    return;
  }
  const name = `parcelops_bench_orders_${process.pid}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  const { pool, captured, app, base } = await serveCapturingApi(url.toString(), PASSWORD);
  try {
    const token = (
      (await (
        await fetch(`${base}/login`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ username: 'admin', password: PASSWORD }),
        })
      ).json()) as { token: string }
    ).token;
    const call = async (path: string, body: unknown) => {
      const response = await fetch(`${base}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify(body),
      });
      return (await response.json()) as { sid: string };
    };
    const vendor = await call('/vendors', {
      vendor: 'mul',
      name: 'Bench vendor',
      api_key: 'k',
      api_secret: 's',
    });
    const accountSids: string[] = [];
    for (let index = 0; index < ACCOUNTS; index++) {
      accountSids.push(
        (
          await call('/accounts', {
            name: `Bench shop ${index}`,
            email: 'bench@example.com',
            vendor_sid: vendor.sid,
          })
        ).sid,
      );
    }
    const loadSeconds = await loadOrders(pool, accountSids);
    console.log(
      `orders benchmark on PostgreSQL: loaded ${ORDERS.toLocaleString('en-US')} orders (+ items) in ${loadSeconds.toFixed(1)} s`,
    );

    const range = `from_date=${day(-15)}&to_date=${day(0)}`;
    const mixes: [string, string][] = [
      ['list: last 15 days', `/orders?page=0&page_size=25&${range}`],
      ['list: one account, 15 days', `/orders?page=0&page_size=25&${range}&account_sid=${accountSids[7]}`],
      ['list: status Scanned, 15 days', `/orders?page=0&page_size=25&${range}&status=1`],
      ['list: barcode', `/orders?page=0&page_size=25&filter=PO0000123457`],
      ['list: customer name, 15 days', `/orders?page=0&page_size=25&${range}&filter=maria%20garcia`],
      // "Hương Nguyễn" typed without accents, and a common surname alone (1 order in 50).
      ['list: name without accents, 15 days', `/orders?page=0&page_size=25&${range}&filter=huong%20nguyen`],
      ['list: surname without accents, 15d', `/orders?page=0&page_size=25&${range}&filter=tran`],
      ['list: phone digits, 15 days', `/orders?page=0&page_size=25&${range}&filter=555-0147`],
      ['list: missing HS code, 15 days', `/orders?page=0&page_size=25&${range}&filter_missing_hs_code=true`],
      ['list: page 40, 15 days', `/orders?page=40&page_size=100&${range}`],
      ['statistic: last 15 days', `/orders/statistic?${range}`],
      [
        'statistic: one account, 90 days',
        `/orders/statistic?from_date=${day(-90)}&to_date=${day(0)}&account_sid=${accountSids[3]}`,
      ],
    ];
    console.log(
      '  (HTTP through the API with autocannon vs. the same SQL through a bare pg pool; 10 connections)',
    );
    for (const [label, path] of mixes) {
      captured.length = 0;
      await fetch(`${base}${path}`, { headers: { authorization: `Bearer ${token}` } });
      // The statements this request ran, less the per-request session lookup the API adds.
      const statements = captured
        .filter((entry) => /from "(orders|order_counts)"/i.test(entry.query))
        .map((entry) => ({ ...entry }));
      // A second of load first, so the JIT and the connection pool are warm for what is measured.
      await http(`${base}${path}`, token, 1);
      const api = await http(`${base}${path}`, token);
      const bare = await bareSql(pool, statements);
      console.log(
        `  ${label.padEnd(34)} API p50 ${ms(api.p50)} p95 ${ms(api.p95)} p99 ${ms(api.p99)} ${Math.round(api.rps)} req/s | bare SQL p50 ${ms(bare.p50)} p95 ${ms(bare.p95)} ${Math.round(bare.rps)} q/s | API/bare ${(api.rps / bare.rps).toFixed(2)}`,
      );
    }

    const peak = new MemoryPeak();
    const started = performance.now();
    const response = await fetch(`${base}/orders?page=0&page_size=500000&ams_sid=bench-ams`, {
      headers: { authorization: `Bearer ${token}` },
    });
    const body = (await response.json()) as { data: unknown[]; total: number };
    const seconds = (performance.now() - started) / 1000;
    const memory = peak.stop();
    console.log(
      `  AMS page: ${body.data.length.toLocaleString('en-US')} of ${body.total.toLocaleString('en-US')} orders in ${seconds.toFixed(2)} s, peak RSS ${memory.rssMb} MB (heap ${memory.heapMb} MB) (target under 2 s)`,
    );
    console.log("  (p95 shown for the API is autocannon's p97.5, the nearest percentile it reports)");
    await app.close();
  } finally {
    await pool.end();
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
}
