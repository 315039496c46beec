/**
 * Benchmark: the web app's weight and speed (issue item 12 targets: the sign-in page's JavaScript under
 * 150 KB gzipped; the orders list showing 25 rows in under 1 s on a cold load).
 * 1. Per route, the gzipped bytes of the JavaScript it loads: the entry and its imports, plus the route's
 *    page chunk (and the signed-in frame for /internal routes) with theirs, read from Vite's manifest.
 * 2. The orders list's time to 25 painted rows in Chromium, cold (empty cache) and warm (a reload), against
 *    the app serving the build, on a fresh PGlite database with seeded orders.
 * Needs a build (`npm run build`, which writes apps/web/dist; BENCH_WEB_DIST names another build folder) and
 * Chromium (CHROMIUM_PATH or /usr/bin/chromium). BENCH_WEB_SIZES_ONLY=1 prints the sizes and skips the timing.
 */
import { existsSync, readFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';
import { sql } from 'drizzle-orm';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { newPGlite, openDatabase } from '../apps/server/src/db/database.ts';
import { bootstrapAdmin } from '../apps/server/src/modules/users/bootstrap-admin.ts';

// BENCH_WEB_DIST names another build folder (a build made with BUILD_OUT_DIR), as in web-speed.bench.ts.
const DIST = path.resolve(
  process.env.BENCH_WEB_DIST ?? path.join(path.dirname(fileURLToPath(import.meta.url)), '../apps/web/dist'),
);
const ORDERS = Number(process.env.BENCH_WEB_ORDERS ?? 2_000);
const RUNS = 5;
const PASSWORD = 'Bench#2026';
const TOKEN_KEY = 'parcelops.token';

interface ManifestChunk {
  file: string;
  /** The chunk's name: a page-chunks group's (`sign-in`, `texts-en`) or its module's. */
  name?: string;
  imports?: string[];
  isEntry?: boolean;
}
type Manifest = Record<string, ManifestChunk>;

/**
 * What each route loads besides the entry: a page's own chunk by its source path, or a chunk the build names
 * (`chunk:<name>`, apps/web/build/page-chunks.ts): the public pages are in such chunks, and so are the texts
 * the signed-in pages load beside their code (i18n/resources.ts, i18n/server-texts.ts).
 */
const SIGNED_IN_TEXTS = ['chunk:texts-en', 'chunk:server-texts'];
const ROUTES: [string, string[]][] = [
  ['/login (sign-in)', ['chunk:sign-in']],
  ['/ (index)', ['chunk:tracking', 'chunk:texts-en-public']],
  ['/tracking', ['chunk:tracking', 'chunk:texts-en-public']],
  ['/create-password', ['chunk:create-password']],
  [
    '/internal (home)',
    ['src/app/layouts/SignedInLayout.tsx', 'src/features/home/InternalHomePage.tsx', ...SIGNED_IN_TEXTS],
  ],
  [
    '/internal/orders',
    [
      'src/app/layouts/SignedInLayout.tsx',
      'src/features/orders/pages/OrdersListPage.tsx',
      ...SIGNED_IN_TEXTS,
    ],
  ],
  [
    '/internal/orders/add',
    [
      'src/app/layouts/SignedInLayout.tsx',
      'src/features/order-entry/pages/OrderAddPage.tsx',
      ...SIGNED_IN_TEXTS,
    ],
  ],
  [
    '/internal/orders/:sid/view',
    [
      'src/app/layouts/SignedInLayout.tsx',
      'src/features/order-detail/pages/OrderViewPage.tsx',
      ...SIGNED_IN_TEXTS,
    ],
  ],
];

/** The manifest's key for a source path, or for `chunk:<name>` the chunk of that name (absent: undefined). */
function manifestKey(manifest: Manifest, page: string): string | undefined {
  if (!page.startsWith('chunk:')) return manifest[page] ? page : undefined;
  const name = page.slice('chunk:'.length);
  return Object.keys(manifest).find((key) => manifest[key]?.name === name && !manifest[key]?.isEntry);
}

function closure(manifest: Manifest, key: string, seen: Set<string>): Set<string> {
  if (seen.has(key) || !manifest[key]) return seen;
  seen.add(key);
  for (const imported of manifest[key].imports ?? []) closure(manifest, imported, seen);
  return seen;
}

function bundleSizes() {
  const manifest = JSON.parse(readFileSync(path.join(DIST, '.vite/manifest.json'), 'utf8')) as Manifest;
  const entry = Object.keys(manifest).find((key) => manifest[key]?.isEntry);
  if (!entry) throw new Error('The manifest names no entry');
  const gzipped = (keys: Set<string>) =>
    [...keys].reduce((sum, key) => {
      const file = manifest[key]?.file;
      return file ? sum + gzipSync(readFileSync(path.join(DIST, file)), { level: 9 }).length : sum;
    }, 0);
  console.log('Web bundle: JavaScript each route loads, gzipped (level 9)');
  console.log(
    `  entry alone                      ${(gzipped(closure(manifest, entry, new Set())) / 1024).toFixed(1)} KB`,
  );
  for (const [route, pages] of ROUTES) {
    const keys = closure(manifest, entry, new Set());
    for (const page of pages) {
      const key = manifestKey(manifest, page);
      if (key) closure(manifest, key, keys);
    }
    const missing = pages.filter((page) => !manifestKey(manifest, page));
    const note = missing.length ? ` (not in the manifest: ${missing.join(', ')})` : '';
    console.log(`  ${route.padEnd(32)} ${(gzipped(keys) / 1024).toFixed(1)} KB${note}`);
  }
}

async function seedOrders(db: Awaited<ReturnType<typeof openDatabase>>['db'], accountSid: string) {
  await db.execute(
    sql.raw(`insert into orders (sid, order_number, account_sid, status, name, address1, city, state, country,
       postal_code, weight, width, length, height, vnd, usd, barcode, date_created, date_updated)
     select 'bench-' || g, 'ON-' || g, '${accountSid}', (array[0,1,2,3,4,5,10])[1 + g % 7], 'Customer ' || g,
       g || ' Main St', 'Los Angeles', 'CA', 'US', '90001', 100 + g % 5000, 10, 20, 5, 100000 + g % 900000,
       4 + (g % 300) / 10.0, 'PO' || lpad(g::text, 10, '0'),
       now() - ((g % 10) || ' days')::interval - ((g % 86400) || ' seconds')::interval, now()
     from generate_series(1, ${ORDERS}) g`),
  );
}

async function ordersListTiming() {
  const handle = await openDatabase({ kind: 'pglite', client: newPGlite() });
  const config = loadConfig(
    {},
    {
      dataDir: '/nonexistent-bench-data-dir',
      jwtSecret: 'bench-jwt-secret-that-is-long-enough-0123456789',
      appSecret: 'bench-app-secret-that-is-long-enough-0123456789',
      adminUsername: 'admin',
      adminPassword: PASSWORD,
      webDistDir: DIST,
      logLevel: 'silent',
    },
  );
  const app = await buildApp({ config, db: handle.db, logger: false });
  await bootstrapAdmin(handle.db, config, app.log);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu'],
  });
  try {
    const post = async (url: string, body: unknown, token?: string) => {
      const response = await fetch(`${base}/api/v1${url}`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          ...(token ? { authorization: `Bearer ${token}` } : {}),
        },
        body: JSON.stringify(body),
      });
      if (!response.ok) throw new Error(`${url}: ${response.status} ${await response.text()}`);
      return (await response.json()) as Record<string, string>;
    };
    const token = (await post('/login', { username: 'admin', password: PASSWORD })).token as string;
    const vendor = await post(
      '/vendors',
      { vendor: 'mul', name: 'Bench vendor', api_key: 'k', api_secret: 's' },
      token,
    );
    const account = await post(
      '/accounts',
      { name: 'Bench shop', email: 'b@example.com', vendor_sid: vendor.sid },
      token,
    );
    await seedOrders(handle.db, account.sid as string);

    const rows = (page: import('@playwright/test').Page) => page.locator('main table tbody tr');
    const timeTo25 = async (page: import('@playwright/test').Page, load: () => Promise<unknown>) => {
      const started = performance.now();
      await load();
      await rows(page)
        .nth(24)
        .waitFor({ state: 'visible' })
        .catch(async (error: unknown) => {
          // What the page showed instead says why (no orders, an error, another layout).
          await page.screenshot({ path: '/tmp/web-bundle-bench-failure.png' });
          throw error;
        });
      return performance.now() - started;
    };
    const cold: number[] = [];
    const warm: number[] = [];
    for (let run = 0; run < RUNS; run += 1) {
      // A new context has an empty cache: the first visit of the day.
      const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
      // The signed-in session, as the sign-in page would have stored it (a script string: no DOM types here).
      await context.addInitScript(
        `localStorage.setItem(${JSON.stringify(TOKEN_KEY)}, ${JSON.stringify(token)})`,
      );
      const page = await context.newPage();
      cold.push(await timeTo25(page, () => page.goto(`${base}/internal/orders`)));
      warm.push(await timeTo25(page, () => page.reload()));
      await context.close();
    }
    const median = (values: number[]) =>
      [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
    console.log(
      `Orders list, time to 25 painted rows (Chromium, 1440x900, ${ORDERS} orders, median of ${RUNS})`,
    );
    console.log(
      `  cold (empty cache)  ${median(cold).toFixed(0)} ms   [${cold.map((v) => v.toFixed(0)).join(', ')}]`,
    );
    console.log(
      `  warm (reload)       ${median(warm).toFixed(0)} ms   [${warm.map((v) => v.toFixed(0)).join(', ')}]`,
    );
  } finally {
    await browser.close();
    await app.close();
    await handle.close();
  }
}

export async function benchWebBundle() {
  if (!existsSync(path.join(DIST, '.vite/manifest.json'))) {
    console.log(`web-bundle: no build with a manifest in ${DIST}; run \`npm run build\` first.`);
    return;
  }
  bundleSizes();
  if (process.env.BENCH_WEB_SIZES_ONLY) return;
  await ordersListTiming();
}
