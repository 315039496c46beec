/**
 * Benchmark: speed as the user feels it (issue 21 item 9), in Chromium against the app serving a build, on a
 * fresh PGlite database with seeded orders.
 * 1. The sign-in page's JavaScript: every script the browser fetches for /login (entry, its imports and what
 *    loads at run time), gzipped (level 9) and brotli (quality 11), as the build's precompressed copies are.
 * 2. The orders list from a cold cache: when its data request starts, how many scripts came before it, and
 *    when the first order row is painted; locally, then under a slow profile (1.6 Mbps down, 750 kbps up,
 *    150 ms round trip, CPU 4x slower; Chrome DevTools Protocol network and CPU emulation).
 * Needs a build with a manifest (`npm run build`; BENCH_WEB_DIST names another build folder) and Chromium
 * (CHROMIUM_PATH or /usr/bin/chromium). BENCH_WEB_PORT (default 3290) is where the app listens;
 * BENCH_WEB_SIZES_ONLY=1 stops after the JavaScript sizes (which do not depend on the machine's load).
 */
import { existsSync, readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { type Browser, type BrowserContext, chromium } from '@playwright/test';
import { sql } from 'drizzle-orm';
import { type BenchApp, listenLocally, openBenchApp } from './bench-app.ts';

const DIST = path.resolve(
  process.env.BENCH_WEB_DIST ?? path.join(path.dirname(fileURLToPath(import.meta.url)), '../apps/web/dist'),
);
const PORT = Number(process.env.BENCH_WEB_PORT ?? 3290);
const ORDERS = Number(process.env.BENCH_WEB_ORDERS ?? 2_000);
const LOCAL_RUNS = Number(process.env.BENCH_WEB_RUNS ?? 5);
const SLOW_RUNS = Number(process.env.BENCH_WEB_SLOW_RUNS ?? 3);
const TOKEN_KEY = 'parcelops.token';
const LANGUAGE_KEY = 'parcelops.language';

const TARGETS = {
  signInGzipKb: 150,
  firstRowLocalMs: 1_000,
  firstRowSlowMs: 4_000,
};

/** The slow profile: DevTools' "slow 4G" figures as the issue gives them. */
const SLOW = {
  network: {
    offline: false,
    latency: 150,
    downloadThroughput: (1.6 * 1024 * 1024) / 8,
    uploadThroughput: (750 * 1024) / 8,
  },
  cpuSlowdown: 4,
};

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const ms = (value: number) => `${value.toFixed(0)} ms`;
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
const verdict = (ok: boolean) => (ok ? 'met' : 'NOT met');

/**
 * Installed before the page's scripts: notes when the first order row (a row of the list's table holding an
 * order number) is in the DOM and when the frame after it has been painted. A script string: no DOM types here.
 */
const FIRST_ROW_WATCH = `(() => {
  const found = () => [...document.querySelectorAll('main table tbody tr')]
    .some((row) => (row.textContent || '').includes('ON-'));
  const observer = new MutationObserver(() => {
    if (!found()) return;
    observer.disconnect();
    window.__firstRowInDom = performance.now();
    requestAnimationFrame(() => setTimeout(() => { window.__firstRowPainted = performance.now(); }, 0));
  });
  observer.observe(document, { childList: true, subtree: true });
})()`;

interface ListLoad {
  firstRowPainted: number;
  dataRequestStart: number;
  dataResponseEnd: number;
  /** When the last script had arrived (the rest is the CPU's: running the code, rendering). */
  scriptsArrived: number;
  scriptsBeforeData: number;
  scripts: number;
}

async function seedOrders(bench: BenchApp, accountSid: string) {
  await bench.app.db.execute(
    sql.raw(`insert into orders (sid, order_number, account_sid, status, name, address1, city, state, country,
       postal_code, weight, width, length, height, vnd, usd, barcode, date_created, date_updated)
     select 'bench-' || g, 'ON-' || g, '${accountSid}', (array[0,1,2,3,4,5,10])[1 + g % 7], 'Customer ' || g,
       g || ' Main St', 'Los Angeles', 'CA', 'US', '90001', 100 + g % 5000, 10, 20, 5, 100000 + g % 900000,
       4 + (g % 300) / 10.0, 'PO' || lpad(g::text, 10, '0'),
       now() - ((g % 10) || ' days')::interval - ((g % 86400) || ' seconds')::interval, now()
     from generate_series(1, ${ORDERS}) g`),
  );
}

/** The files' sizes as built and compressed; BENCH_WEB_VERBOSE lists each. */
function compressedSizes(files: string[]) {
  let gzip = 0;
  let brotli = 0;
  let raw = 0;
  for (const file of files) {
    const content = readFileSync(path.join(DIST, file));
    const gzipped = gzipSync(content, { level: 9 }).length;
    raw += content.length;
    gzip += gzipped;
    brotli += brotliCompressSync(content, {
      params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY },
    }).length;
    if (process.env.BENCH_WEB_VERBOSE) console.log(`      ${kb(gzipped).padStart(9)} gzip  ${file}`);
  }
  return { raw, gzip, brotli };
}

/**
 * The scripts (paths below the build folder) a cold visit of `url` fetches: until `ready` shows and the
 * network is quiet after it.
 */
async function scriptsOf(
  browser: Browser,
  url: string,
  ready: string,
  remembered: { token?: string; language?: string } = {},
): Promise<string[]> {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const { token, language } = remembered;
  if (token) await context.addInitScript(`localStorage.setItem('${TOKEN_KEY}', '${token}')`);
  if (language) await context.addInitScript(`localStorage.setItem('${LANGUAGE_KEY}', '${language}')`);
  const page = await context.newPage();
  const scripts: string[] = [];
  page.on('request', (request) => {
    const { pathname } = new URL(request.url());
    if (pathname.endsWith('.js')) scripts.push(pathname.slice(1));
  });
  await page.goto(url);
  await page.locator(ready).first().waitFor({ timeout: 30_000 });
  await page.waitForLoadState('networkidle');
  await context.close();
  return scripts;
}

async function coldListLoad(browser: Browser, base: string, token: string, slow: boolean): Promise<ListLoad> {
  const context: BrowserContext = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  await context.addInitScript(`localStorage.setItem('${TOKEN_KEY}', '${token}')`);
  await context.addInitScript(FIRST_ROW_WATCH);
  const page = await context.newPage();
  if (slow) {
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', SLOW.network);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: SLOW.cpuSlowdown });
  }
  try {
    await page.goto(`${base}/internal/orders`);
    // Functions, not strings: the app's CSP forbids eval. (No DOM types here: the page is reached through globalThis.)
    await page.waitForFunction(
      () => (globalThis as Record<string, unknown>).__firstRowPainted !== undefined,
      undefined,
      {
        timeout: 30_000,
      },
    );
    return await page.evaluate(() => {
      type Entry = { name: string; startTime: number; responseEnd: number };
      const scope = globalThis as unknown as {
        __firstRowPainted: number;
        performance: { getEntriesByType(type: string): Entry[] };
      };
      const entries = scope.performance.getEntriesByType('resource');
      const data = entries.find((entry) => entry.name.includes('/api/v1/orders?'));
      const scripts = entries.filter((entry) => new URL(entry.name).pathname.endsWith('.js'));
      return {
        firstRowPainted: scope.__firstRowPainted,
        dataRequestStart: data ? data.startTime : Number.NaN,
        dataResponseEnd: data ? data.responseEnd : Number.NaN,
        scriptsArrived: Math.max(...scripts.map((entry) => entry.responseEnd)),
        scriptsBeforeData: data
          ? scripts.filter((entry) => entry.startTime < data.startTime).length
          : Number.NaN,
        scripts: scripts.length,
      };
    });
  } catch (error) {
    await page.screenshot({ path: '/tmp/web-speed-bench-failure.png' });
    throw error;
  } finally {
    await context.close();
  }
}

function reportLoads(label: string, loads: ListLoad[], target: number) {
  const paint = median(loads.map((load) => load.firstRowPainted));
  const row = (name: string, values: number[]) =>
    console.log(`    ${name.padEnd(30)} ${ms(median(values)).padStart(8)}   [${values.map(ms).join(', ')}]`);
  console.log(`  ${label}, median of ${loads.length}:`);
  row(
    'data request starts',
    loads.map((load) => load.dataRequestStart),
  );
  row(
    'data answered',
    loads.map((load) => load.dataResponseEnd),
  );
  row(
    'last script arrived',
    loads.map((load) => load.scriptsArrived),
  );
  row(
    'first order row painted',
    loads.map((load) => load.firstRowPainted),
  );
  console.log(
    `    scripts before the data request ${median(loads.map((load) => load.scriptsBeforeData))}, in all ${median(loads.map((load) => load.scripts))}`,
  );
  console.log(`    target: first row under ${ms(target)}: ${verdict(paint < target)}`);
}

export async function benchWebSpeed() {
  const manifest = path.join(DIST, '.vite/manifest.json');
  if (!existsSync(manifest)) {
    console.log(`web-speed: no build with a manifest in ${DIST}; run \`npm run build\` first.`);
    return;
  }
  const load = loadavg()
    .map((value) => value.toFixed(2))
    .join(', ');
  console.log(`Web speed (build in ${DIST}; load average ${load})`);
  const bench = await openBenchApp({ webDistDir: DIST });
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu'],
  });
  try {
    await seedOrders(bench, await bench.createAccount());
    const base = await listenLocally(bench, PORT);

    const signIn = await scriptsOf(browser, `${base}/login`, 'input[type=password]');
    const sizes = compressedSizes(signIn);
    console.log(`  Sign-in page JavaScript: ${signIn.length} files, ${kb(sizes.raw)} as built`);
    console.log(
      `    gzip (level 9)    ${kb(sizes.gzip).padStart(9)}   target under ${TARGETS.signInGzipKb} KB: ${verdict(sizes.gzip / 1024 < TARGETS.signInGzipKb)}`,
    );
    console.log(`    brotli (q 11)     ${kb(sizes.brotli).padStart(9)}`);
    // The same page for a visitor who chose Vietnamese: its public texts and the server's catalogue come too.
    const signInVi = compressedSizes(
      await scriptsOf(browser, `${base}/login`, 'input[type=password]', { language: 'vi' }),
    );
    console.log(`  Sign-in page in Vietnamese: gzip ${kb(signInVi.gzip)}, brotli ${kb(signInVi.brotli)}`);
    const tracking = compressedSizes(await scriptsOf(browser, `${base}/tracking`, 'main h1'));
    console.log(`  Tracking page JavaScript: gzip ${kb(tracking.gzip)}, brotli ${kb(tracking.brotli)}`);
    const list = compressedSizes(
      await scriptsOf(browser, `${base}/internal/orders`, 'main table tbody tr >> text=ON-', {
        token: bench.adminToken,
      }),
    );
    console.log(
      `  Orders list JavaScript (frame, page and texts): gzip ${kb(list.gzip)}, brotli ${kb(list.brotli)}`,
    );
    // The sizes do not depend on the machine's load; the timings below do.
    if (process.env.BENCH_WEB_SIZES_ONLY) return;

    const local: ListLoad[] = [];
    for (let run = 0; run < LOCAL_RUNS; run += 1)
      local.push(await coldListLoad(browser, base, bench.adminToken, false));
    const slow: ListLoad[] = [];
    for (let run = 0; run < SLOW_RUNS; run += 1)
      slow.push(await coldListLoad(browser, base, bench.adminToken, true));
    console.log(`  Orders list from a cold cache (${ORDERS} orders, 1440x900, times from navigation start)`);
    reportLoads('local', local, TARGETS.firstRowLocalMs);
    reportLoads(
      `slow profile (${SLOW.network.latency} ms, 1.6 Mbps, CPU ${SLOW.cpuSlowdown}x)`,
      slow,
      TARGETS.firstRowSlowMs,
    );
  } finally {
    await browser.close();
    await bench.close();
  }
}
