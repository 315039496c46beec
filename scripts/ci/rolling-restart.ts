/**
 * CI step (issue 30): rolling restarts. Two compiled API processes on a scratch PostgreSQL database behind a
 * small round-robin proxy (rolling-restart/proxy.ts), under steady load through the proxy for LOAD_MS (orders
 * created, listed and hub-scanned). During the load each API in turn gets SIGTERM, must exit 0 (it drains:
 * process-lifecycle.ts), is started again and waits until ready. Then: 0 failed requests, and 0 lost writes
 * (every order answered 201 is in the database, and no other). Exit 1 on any failure.
 *
 *   npm run build -w apps/server && node --import tsx scripts/ci/rolling-restart.ts   (PG_CI_URL as multi-instance)
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { xlsx } from '../../apps/server/test/workbooks.ts';
import { Api, multipart } from './multi-instance/api.ts';
import type { Check } from './multi-instance/checks.ts';
import { createScratchDatabase } from './multi-instance/database.ts';
import { Child, freePort, LAUNCH } from './multi-instance/processes.ts';
import { type Cleanups, runChecked } from './multi-instance/run-checked.ts';
import { type LoadResult, runLoad } from './rolling-restart/load.ts';
import { startProxy } from './rolling-restart/proxy.ts';

const BASE_URL = process.env.PG_CI_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
/** How long the load runs at least (it also outlasts both restarts by a few seconds). */
const LOAD_MS = 20_000;
/** Callers of the proxy at once. */
const CONCURRENCY = 4;
/** Each API's grace on SIGTERM (SHUTDOWN_GRACE_MS); a request here takes well under a second. */
const GRACE_MS = 10_000;
const ADMIN = { username: 'admin', password: 'Rolling#Admin2026' };
const SECRETS = {
  JWT_SECRET: 'rolling-restart-ci-jwt-secret-0123456789abcdef',
  APP_SECRET: 'rolling-restart-ci-app-secret-0123456789abcdef',
};

const started = performance.now();
function mark(label: string): void {
  const now = performance.now();
  console.log(`  ${((now - started) / 1000).toFixed(1).padStart(6)} s  ${label}`);
}

async function run(cleanups: Cleanups): Promise<Check[]> {
  console.log(`Launch: ${LAUNCH.what}; PostgreSQL at ${new URL(BASE_URL).host}`);
  const db = await createScratchDatabase(BASE_URL);
  cleanups.push(() => db.drop());
  const ports = [await freePort(), await freePort()] as const;
  const env = (name: string, port: number) => {
    const dataDir = mkdtempSync(path.join(tmpdir(), `parcelops-rolling-${name}-`));
    cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
    return {
      ...SECRETS,
      DATABASE_URL: `${db.url}?application_name=${name}`,
      DATA_DIR: dataDir,
      HOST: '127.0.0.1',
      PORT: String(port),
      WORKERS: '0',
      ADMIN_USERNAME: ADMIN.username,
      ADMIN_PASSWORD: ADMIN.password,
      LOGIN_MAX_ATTEMPTS: '100000',
      CREATE_CALLS_PER_MINUTE: '1000000',
      SHUTDOWN_GRACE_MS: String(GRACE_MS),
      LOG_LEVEL: 'warn',
    };
  };
  const servers = [
    new Child('API 1', 'main', env('api-1', ports[0])),
    new Child('API 2', 'main', env('api-2', ports[1])),
  ];
  const readyUrl = (index: number) => `http://127.0.0.1:${ports[index]}/readyz`;
  await Promise.all(servers.map((server, index) => server.waitUntilAnswering(readyUrl(index))));
  mark('two APIs up');
  const proxy = await startProxy(
    servers.map((server, index) => ({ name: server.name, port: ports[index] as number })),
  );
  cleanups.push(() => proxy.close());

  try {
    const api = new Api('proxy', proxy.url);
    api.token = (await api.ok('POST', '/login', ADMIN)).token;
    const vendor = await api.ok('POST', '/vendors', {
      vendor: 'mul',
      name: 'Rolling vendor',
      api_key: 'key-123',
      api_secret: 'secret-456',
    });
    const rates = await xlsx([
      ['weight', 'vnd', 'usd'],
      [500, 180000, 7.5],
      [2000, 400000, 16],
    ]);
    const price = await api.ok('POST', '/pricese', multipart({ name: 'Rolling rates' }, rates, 'rates.xlsx'));
    const account = await api.ok('POST', '/accounts', {
      name: 'Rolling seller',
      email: 'rolling-seller@example.com',
      vendor_sid: vendor.sid,
      price_sid: price.sid,
      address: {
        name: 'Warehouse',
        address1: '1 Harbour Road',
        city: 'Ho Chi Minh City',
        state: 'HCM',
        postalCode: '700000',
        country: 'VN',
      },
    });
    mark('seller set up through the proxy');

    // The load runs until `stop` resolves; the restarts happen meanwhile, one API after the other.
    let stopLoad!: () => void;
    const stop = new Promise<void>((resolve) => {
      stopLoad = resolve;
    });
    const loadStarted = Date.now();
    const load = runLoad({ api, accountSid: account.sid, concurrency: CONCURRENCY, stop });
    const exits: { name: string; code: number | null; drainSeconds: number; finished: number }[] = [];
    for (const [index, server] of servers.entries()) {
      await sleep(3_000);
      const before = proxy.backends[index]?.served ?? 0;
      const signalled = Date.now();
      await server.kill('SIGTERM');
      const code = await server.exited;
      // Answered between the signal and the exit: the requests it had in flight (it accepts none once signalled).
      const finished = (proxy.backends[index]?.served ?? 0) - before;
      exits.push({ name: server.name, code, drainSeconds: (Date.now() - signalled) / 1000, finished });
      mark(
        `${server.name} SIGTERM: exit ${code} after ${((Date.now() - signalled) / 1000).toFixed(1)} s, ${finished} request(s) in flight finished`,
      );
      server.restart();
      await server.waitUntilAnswering(readyUrl(index));
      mark(`${server.name} ready again`);
    }
    await sleep(Math.max(3_000, loadStarted + LOAD_MS - Date.now()));
    stopLoad();
    const result: LoadResult = await load;
    mark(`load stopped: ${result.requests} requests in ${((Date.now() - loadStarted) / 1000).toFixed(1)} s`);

    // Lost writes: every order answered 201 is in the database; and nothing was written that was not answered.
    const rows = await db.query<{ sid: string }>('select sid from orders where account_sid = $1', [
      account.sid,
    ]);
    const stored = new Set(rows.map((row) => row.sid));
    const lost = result.created.filter((sid) => !stored.has(sid));
    const listed = await api.ok('GET', `/orders?account_sid=${account.sid}&page_size=1`);
    const checks: Check[] = [
      {
        name: '0 failed requests',
        ok: result.failures.length === 0 && result.requests > 0,
        detail: `${result.requests} requests (${Object.entries(result.byKind)
          .map(([kind, count]) => `${count} ${kind}`)
          .join(
            ', ',
          )}), ${result.failures.length} failed${result.failures.length ? `: ${result.failures.slice(0, 5).join(' | ')}` : ''}`,
      },
      {
        name: '0 lost writes',
        ok: lost.length === 0 && stored.size === result.created.length,
        detail: `${result.created.length} orders answered 201, ${stored.size} in the database, ${lost.length} missing; the API lists ${listed.total ?? '?'}`,
      },
      {
        name: 'each API exited 0 on SIGTERM',
        ok: exits.length === servers.length && exits.every((exit) => exit.code === 0),
        detail: exits
          .map(
            (exit) =>
              `${exit.name} exit ${exit.code} ${exit.drainSeconds.toFixed(1)} s after SIGTERM, ${exit.finished} request(s) in flight finished`,
          )
          .join(', '),
      },
      {
        name: 'both APIs served the load',
        ok: proxy.backends.every((backend) => backend.served > 0),
        detail: `${proxy.backends.map((backend) => `${backend.name} ${backend.served}`).join(', ')}; proxy retried ${proxy.stats.refusedRetried} refused and ${proxy.stats.resetRetried} reset connection(s), answered ${proxy.stats.failed} itself`,
      },
    ];
    return checks;
  } catch (error) {
    for (const server of servers)
      console.error(`\n----- ${server.name}'s last output -----\n${server.tail()}`);
    throw error;
  }
}

process.exitCode = await runChecked(run, (checks) => {
  console.log('\nChecks:');
  for (const { name, ok, detail } of checks) console.log(`  ${ok ? 'PASS' : 'FAIL'}  ${name}: ${detail}`);
  console.log(`\n  ${((performance.now() - started) / 1000).toFixed(1)} s in all`);
  const passed = checks.every((check) => check.ok);
  console.log(passed ? '\nRolling-restart check passed' : '\nRolling-restart check FAILED');
  return passed;
});
