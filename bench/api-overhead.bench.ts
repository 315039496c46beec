/**
 * Benchmark (issue 22): what the API adds over its own SQL, on 1,000,000 orders in PostgreSQL. Each case runs
 * over HTTP (autocannon, in a worker thread) and then as the very statements the API ran for it, captured
 * with a Drizzle logger, through a bare pg pool: the admin's default orders list (all accounts, the last 15
 * days, as the web asks for it), the seller's, the list filtered by the barcode of one of those rows, one
 * order read (GET /orders/{sid}) and a hub's first scan of a Generated order (the bare side runs the scan's
 * statements as the API does, a transaction's from begin to commit on one connection; every request scans a
 * fresh order of a pool of Generated ones). Targets: the API at least half of bare SQL's throughput on each, and each list's p95 under 30 ms.
 *
 * Needs DATABASE_URL. Seeding a million orders takes a while: with BENCH_DB=<name> the database is created
 * and seeded once and then kept and reused by later runs (drop it by hand when done); without it a scratch
 * database is created and dropped. BENCH_ROUNDS=n takes API and bare SQL in turn n times and judges the median
 * round; each line also prints the main thread's CPU a call with its kernel part (socket I/O; the rest is
 * JavaScript) and the load average, as a shared machine's load moves the rates.
 */
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import pg from 'pg';
import { type Captured, serveCapturingApi } from './capturing-server.ts';
import { ACCOUNTS, loadOrders } from './orders.bench.ts';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const ROUNDS = Math.max(1, Number(process.env.BENCH_ROUNDS ?? 1));
const CONNECTIONS = 10;
const PASSWORD = 'Bench#2026';
const SELLER = 'benchseller';
/** Generated orders kept for the first scans: enough for both sides' warm-up and timed runs. */
const SCAN_POOL = 80_000;
const TARGET_RATIO = 0.5;
const TARGET_LIST_P95_MS = 30;
/** BENCH_PROFILE=1: the API side only (for `node --cpu-prof`), so the profile holds nothing else (ratios 1). */
const API_ONLY = Boolean(process.env.BENCH_PROFILE);
const SCAN_REQUEST = fileURLToPath(new URL('./api-overhead-scan-request.cjs', import.meta.url));

interface Figures {
  rps: number;
  p50: number;
  p95: number;
  /** CPU this process's main thread (the server, or the bare pg client) spent a call, ms. */
  cpuMs: number;
  /** Of which in the kernel (socket reads and writes), ms: the rest is JavaScript. */
  kernelMs: number;
}

/**
 * The main thread's CPU time so far, ms (Linux; NaN elsewhere). On a shared machine the rates swing with the
 * neighbours' load; what the server's thread spends a call does not, so it is the figure to compare.
 */
function mainThreadCpuMs(): { total: number; kernel: number } {
  try {
    const stat = readFileSync(`/proc/self/task/${process.pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const kernel = Number(fields[12]) * 10;
    return { total: Number(fields[11]) * 10 + kernel, kernel };
  } catch {
    return { total: Number.NaN, kernel: Number.NaN };
  }
}

/** The main thread's CPU a call since `before`, in all and in the kernel. */
function cpuPerCall(before: { total: number; kernel: number }, calls: number) {
  const after = mainThreadCpuMs();
  const per = (value: number) => value / Math.max(1, calls);
  return { cpuMs: per(after.total - before.total), kernelMs: per(after.kernel - before.kernel) };
}

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
const scanBarcode = (index: number) => `SB${String(index).padStart(10, '0')}`;
const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;

async function openDatabase(baseUrl: string) {
  const kept = process.env.BENCH_DB;
  const name = kept ?? `parcelops_bench_api_${process.pid}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  const exists = await admin.query('select 1 from pg_database where datname = $1', [name]);
  if (exists.rowCount === 0) await admin.query(`create database ${name}`);
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  const drop = async () => {
    if (!kept) await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  };
  return { url: url.toString(), name, drop };
}

/**
 * The Generated orders the first scans take, one each: SB0000000001 on, an item each, like any order; placed
 * 20 to 27 days ago, so the lists measured (the last 15 days) hold only the million's orders.
 */
async function seedScanPool(pool: pg.Pool, accountSids: string[]) {
  await pool.query(
    `insert into orders (sid, order_number, account_sid, status, name, address1, city, state, country,
       postal_code, weight, vnd, usd, barcode, date_created)
     select 'scanbench-' || g, 'SCN-' || g, ($1::text[])[1 + g % 20], 0, 'Bench Customer', g || ' Main St',
       'Los Angeles', 'CA', 'US', '90001', 400, 180000, 7.5, 'SB' || lpad(g::text, 10, '0'),
       now() - ((20 + g % 7) || ' days')::interval
     from generate_series(1, ${SCAN_POOL}) g`,
    [accountSids],
  );
  await pool.query(
    `insert into order_items (sid, order_sid, position, sku_number, quantity, item_description, item_weight, hs_code)
     select 'scanbench-i-' || g, 'scanbench-' || g, 0, 'SKU-1', 1, 'Item', 100, '6109.10'
     from generate_series(1, ${SCAN_POOL}) g`,
  );
  await pool.query('vacuum analyze orders');
}

/** The scan pool as seeded: every order Generated again, its scan events gone (a kept database's rerun). */
async function resetScanPool(pool: pg.Pool) {
  const range = `between 'scanbench-' and 'scanbench-~'`;
  await pool.query(
    `delete from tracking_events where order_sid ${range} and description like 'Received at%'`,
  );
  await pool.query(`update orders set status = 0, reason = null where sid ${range} and status <> 0`);
}

async function http(url: string, token: string, seconds: number, scanFrom?: number): Promise<Figures> {
  if (scanFrom !== undefined) process.env.BENCH_SCAN_FROM = String(scanFrom);
  const cpuBefore = mainThreadCpuMs();
  const result = await autocannon({
    url,
    connections: CONNECTIONS,
    duration: seconds,
    // The load comes from a worker thread, so it does not take the server's own event loop.
    workers: 1,
    headers: { authorization: `Bearer ${token}` },
    ...(scanFrom === undefined
      ? {}
      : {
          requests: [{ method: 'GET', setupRequest: SCAN_REQUEST }],
        }),
  });
  if (result.non2xx > 0 || result.errors > 0)
    throw new Error(`${url}: ${result.non2xx} failed replies, ${result.errors} errors`);
  return {
    p50: result.latency.p50,
    p95: result.latency.p97_5,
    rps: result.requests.average,
    ...cpuPerCall(cpuBefore, result.requests.total),
  };
}

/**
 * The statements the API ran for one request, replayed by CONNECTIONS workers through a bare pg pool, one after
 * the other as the API runs them; from `begin` to `commit` on one connection, as a transaction.
 */
async function bareSql(pool: pg.Pool, seconds: number, statementsFor: () => Captured[]): Promise<Figures> {
  const latencies: number[] = [];
  const until = performance.now() + seconds * 1000;
  const cpuBefore = mainThreadCpuMs();
  const worker = async () => {
    while (performance.now() < until) {
      const statements = statementsFor();
      const started = performance.now();
      let client: pg.PoolClient | null = null;
      for (const { query, params } of statements) {
        if (query === 'begin') client = await pool.connect();
        await (client ?? pool).query(query, params);
        if (query === 'commit') {
          client?.release();
          client = null;
        }
      }
      latencies.push(performance.now() - started);
    }
  };
  await Promise.all(Array.from({ length: CONNECTIONS }, worker));
  latencies.sort((a, b) => a - b);
  return {
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    rps: latencies.length / seconds,
    ...cpuPerCall(cpuBefore, latencies.length),
  };
}

const ms = (value: number) => `${value.toFixed(1)} ms`;

export async function benchApiOverhead(): Promise<void> {
  const baseUrl = process.env.DATABASE_URL;
  if (!baseUrl) {
    console.log('API overhead benchmark: skipped (set DATABASE_URL to a PostgreSQL server to run it)');
    return;
  }
  const database = await openDatabase(baseUrl);
  const { pool, captured, app, base } = await serveCapturingApi(database.url, PASSWORD);
  try {
    const login = async (username: string) => {
      const response = await fetch(`${base}/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username, password: PASSWORD }),
      });
      return ((await response.json()) as { token: string }).token;
    };
    const adminToken = await login('admin');
    const call = async (path: string, body: unknown) => {
      const response = await fetch(`${base}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${adminToken}` },
        body: JSON.stringify(body),
      });
      if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
      return (await response.json()) as { sid: string };
    };

    const seeded = await pool.query(`select 1 from orders where sid = 'scanbench-1'`);
    if (seeded.rowCount === 0) {
      const vendor = await call('/vendors', {
        vendor: 'mul',
        name: 'Bench vendor',
        api_key: 'k',
        api_secret: 's',
      });
      const accountSids: string[] = [];
      for (let index = 0; index < ACCOUNTS; index++) {
        const account = { name: `Bench shop ${index}`, email: 'bench@example.com', vendor_sid: vendor.sid };
        accountSids.push((await call('/accounts', account)).sid);
      }
      const seconds = await loadOrders(pool, accountSids);
      await seedScanPool(pool, accountSids);
      await call('/users', {
        username: SELLER,
        role: 0,
        account_sid: accountSids[7],
        initial_password: PASSWORD,
      });
      // The seller signs in as one who has chosen a password already.
      await pool.query('update users set force_change = false where username = $1', [SELLER]);
      console.log(`API overhead benchmark: seeded ${database.name} in ${seconds.toFixed(1)} s (+ scan pool)`);
    }
    await resetScanPool(pool);
    const sellerToken = await login(SELLER);
    const tokens = { admin: adminToken, seller: sellerToken };
    const known = new Set(
      (
        await pool.query<{ sid: string }>('select sid from users union all select sid from accounts')
      ).rows.map((row) => row.sid),
    );

    /** The statements one request ran, less the caller's session lookup (cached by the API after the first). */
    const captureOf = async (path: string, token: string) => {
      captured.length = 0;
      const response = await fetch(`${base}${path}`, { headers: { authorization: `Bearer ${token}` } });
      if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
      const body = (await response.json()) as unknown;
      const statements = captured.filter((entry) => !/from "(users|api_keys)"/i.test(entry.query));
      return { body, statements: statements.map((entry) => ({ ...entry })) };
    };

    const range = `from_date=${day(-15)}&to_date=${day(0)}`;
    // What the web asks for first (order-search.ts): page 0 of 25, the last 15 days, newest first.
    const defaultList = `/orders?page=0&page_size=25&${range}&sort=date_created&direction=desc`;
    const first = (await captureOf(defaultList, adminToken)).body as {
      data: { sid: string; barcode: string }[];
    };
    const row = first.data[0];
    if (!row || first.data.length !== 25) throw new Error('the default list answered fewer than 25 orders');
    const cases: { label: string; path: string; token: keyof typeof tokens; list: boolean }[] = [
      { label: "admin's default list (25 rows)", path: defaultList, token: 'admin', list: true },
      { label: "seller's default list (25 rows)", path: defaultList, token: 'seller', list: true },
      {
        label: 'list by barcode (1 of those rows)',
        path: `/orders?page=0&page_size=25&filter=${row.barcode}&sort=date_created&direction=desc`,
        token: 'admin',
        list: true,
      },
      { label: 'one order (GET /orders/{sid})', path: `/orders/${row.sid}`, token: 'admin', list: false },
    ];

    console.log(
      `API overhead on ${database.name}: HTTP (autocannon, ${CONNECTIONS} connections, ${SECONDS} s) vs the same SQL through a bare pg pool`,
    );
    const results: { label: string; api: Figures; bare: Figures; list: boolean }[] = [];
    const report = (label: string, api: Figures, bare: Figures, list: boolean) => {
      results.push({ label, api, bare, list });
      console.log(
        `  ${label.padEnd(34)} API ${Math.round(api.rps)} req/s p50 ${ms(api.p50)} p95 ${ms(api.p95)} | bare SQL ${Math.round(bare.rps)} req/s p50 ${ms(bare.p50)} p95 ${ms(bare.p95)} | API/bare ${(api.rps / bare.rps).toFixed(2)} | main-thread CPU a call (kernel part): API ${api.cpuMs.toFixed(2)} (${api.kernelMs.toFixed(2)}) ms, bare ${bare.cpuMs.toFixed(2)} (${bare.kernelMs.toFixed(2)}) ms | load ${loadavg()[0]?.toFixed(1)}`,
      );
    };
    // BENCH_CASES=<regex>: only the cases whose label matches (a profile of one case).
    const only = new RegExp(process.env.BENCH_CASES ?? '.', 'i');
    for (const { label, path, token, list } of cases.filter((entry) => only.test(entry.label))) {
      const { statements } = await captureOf(path, tokens[token]);
      if (process.env.BENCH_SHOW_SQL) console.log(label, statements);
      // A second of load first, so the JIT and the connection pool are warm for what is measured.
      await http(`${base}${path}`, tokens[token], 1);
      if (!API_ONLY) await bareSql(pool, 1, () => statements);
      // BENCH_ROUNDS=n: API and bare SQL taken in turn n times; the target reads the median round (a shared
      // machine's load swings between two runs of a few seconds).
      for (let round = 0; round < ROUNDS; round++) {
        const api = await http(`${base}${path}`, tokens[token], SECONDS);
        report(label, api, API_ONLY ? api : await bareSql(pool, SECONDS, () => statements), list);
      }
    }

    if (only.test('first scan')) {
      // The first scan: order 1 of the pool shows its statements; HTTP and bare SQL then take fresh orders each.
      const scanPath = (index: number) => `/orders/scan/barcode/${scanBarcode(index)}?hub=SGN`;
      const scanned = await captureOf(scanPath(1), adminToken);
      if ((scanned.body as { scan: { code: string } }).scan.code !== 'RECEIVED')
        throw new Error('the first scan of a Generated order did not receive it');
      const template = scanned.statements.map(({ query, params }) => ({
        query:
          query.toLowerCase() === 'begin' || query.toLowerCase() === 'commit' ? query.toLowerCase() : query,
        params,
      }));
      if (process.env.BENCH_SHOW_SQL) console.log('scan', template);
      // For an account without a hook the move is one statement committed alone (orders/status-move.ts); with
      // one it runs from begin to commit. Either way the order's update must be among what was caught.
      if (!template.some((statement) => /update "orders"/i.test(statement.query)))
        throw new Error(`the scan's write was not captured: ${template.map((s) => s.query).join('; ')}`);
      let nextScan = 1;
      const originals = { sid: 'scanbench-1', barcode: scanBarcode(1) };
      // Order 1's sid and barcode become the next order's; new rows get new sids, times are now.
      const scanStatements = () => {
        nextScan += 1;
        const swap = new Map<unknown, unknown>([
          [originals.sid, `scanbench-${nextScan}`],
          [originals.barcode, scanBarcode(nextScan)],
        ]);
        const fresh = (value: unknown): unknown => {
          if (swap.has(value)) return swap.get(value);
          if (value instanceof Date) return new Date();
          if (typeof value === 'string' && /^[0-9a-f-]{36}$/.test(value) && !known.has(value))
            return randomUUID();
          return value;
        };
        return template.map(({ query, params }) => ({ query, params: params.map(fresh) }));
      };
      const url = `${base}${scanPath(0)}`;
      await http(url, adminToken, 1, nextScan);
      nextScan += 10_000;
      const api = await http(url, adminToken, SECONDS, nextScan);
      nextScan += 30_000;
      if (!API_ONLY) await bareSql(pool, 1, scanStatements);
      const bare = API_ONLY ? api : await bareSql(pool, SECONDS, scanStatements);
      if (nextScan > SCAN_POOL) throw new Error(`the scan pool (${SCAN_POOL}) ran out: make it larger`);
      report('first scan (Generated -> Scanned)', api, bare, false);
      const left = await pool.query(
        `select count(*)::int as n from orders where sid between 'scanbench-' and 'scanbench-~' and status = 0`,
      );
      console.log(
        `  (scan pool: ${left.rows[0].n} of ${SCAN_POOL} orders still Generated; every scan took a fresh one)`,
      );
    }

    // One target line a case, from its median round by API/bare.
    const byLabel = new Map<string, typeof results>();
    for (const result of results) byLabel.set(result.label, [...(byLabel.get(result.label) ?? []), result]);
    for (const [label, rounds] of byLabel) {
      const sorted = [...rounds].sort((a, b) => a.api.rps / a.bare.rps - b.api.rps / b.bare.rps);
      const median = sorted[Math.floor((sorted.length - 1) / 2)];
      if (!median) continue;
      const { api, bare, list } = median;
      const ratio = api.rps / bare.rps;
      const met = ratio >= TARGET_RATIO && (!list || api.p95 < TARGET_LIST_P95_MS);
      const of = rounds.length > 1 ? ` (median of ${rounds.length} rounds)` : '';
      console.log(
        `  target ${label}: API/bare >= ${TARGET_RATIO}${list ? `, p95 < ${TARGET_LIST_P95_MS} ms` : ''} -> ${met ? 'met' : 'NOT met'} (${ratio.toFixed(2)}${list ? `, ${ms(api.p95)}` : ''})${of}`,
      );
    }
    console.log("  (p95 shown for the API is autocannon's p97.5, the nearest percentile it reports)");
    await app.close();
  } finally {
    await pool.end();
    await database.drop();
  }
}
