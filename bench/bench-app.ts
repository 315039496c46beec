/** The app on a scratch database, signed in as admin, for benchmarks; and a memory-peak sampler. */
import pg from 'pg';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { type DatabaseHandle, newPGlite, openDatabase } from '../apps/server/src/db/database.ts';
import { bootstrapAdmin } from '../apps/server/src/modules/users/bootstrap-admin.ts';

const ADMIN_PASSWORD = 'Bench#2026';

export interface BenchApp {
  app: Awaited<ReturnType<typeof buildApp>>;
  kind: string;
  adminToken: string;
  createAccount(): Promise<string>;
  close(): Promise<void>;
}

async function scratchDatabase(): Promise<{
  handle: DatabaseHandle;
  kind: string;
  drop: () => Promise<void>;
}> {
  const baseUrl = process.env.DATABASE_URL;
  if (!baseUrl) {
    const handle = await openDatabase({ kind: 'pglite', client: newPGlite() });
    return { handle, kind: 'PGlite (in memory)', drop: async () => {} };
  }
  const name = `parcelops_bench_${process.pid}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  const handle = await openDatabase({ kind: 'postgres', url: url.toString() });
  return {
    handle,
    kind: 'PostgreSQL',
    drop: async () => {
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    },
  };
}

export async function openBenchApp(): Promise<BenchApp> {
  const { handle, kind, drop } = await scratchDatabase();
  const config = loadConfig(
    {},
    {
      dataDir: '/nonexistent-bench-data-dir',
      jwtSecret: 'bench-jwt-secret-that-is-long-enough-0123456789',
      appSecret: 'bench-app-secret-that-is-long-enough-0123456789',
      adminUsername: 'admin',
      adminPassword: ADMIN_PASSWORD,
      webDistDir: null,
      logLevel: 'silent',
    },
  );
  const app = await buildApp({ config, db: handle.db, logger: false });
  await bootstrapAdmin(handle.db, config, app.log);
  await app.ready();
  const login = await app.inject({
    method: 'POST',
    url: '/api/v1/login',
    payload: { username: 'admin', password: ADMIN_PASSWORD },
  });
  const adminToken = (login.json() as { token: string }).token;
  const call = async (url: string, payload: unknown) => {
    const response = await app.inject({
      method: 'POST',
      url,
      payload: payload as object,
      headers: { authorization: `Bearer ${adminToken}` },
    });
    if (response.statusCode >= 300) throw new Error(`${url}: ${response.statusCode} ${response.body}`);
    return response.json() as { sid: string };
  };
  return {
    app,
    kind,
    adminToken,
    async createAccount() {
      const vendor = await call('/api/v1/vendors', {
        vendor: 'mul',
        name: `Bench vendor ${Date.now()}`,
        api_key: 'k',
        api_secret: 's',
      });
      const account = await call('/api/v1/accounts', {
        name: `Bench shop ${Date.now()}`,
        email: 'bench@example.com',
        vendor_sid: vendor.sid,
      });
      return account.sid;
    },
    async close() {
      await app.close();
      await handle.close();
      await drop();
    },
  };
}

/** Samples memory every 20 ms until stopped; reports the peaks in MB. */
export class MemoryPeak {
  private rss = 0;
  private heap = 0;
  private readonly timer: NodeJS.Timeout;
  constructor() {
    this.sample();
    this.timer = setInterval(() => this.sample(), 20);
  }
  private sample() {
    const usage = process.memoryUsage();
    this.rss = Math.max(this.rss, usage.rss);
    this.heap = Math.max(this.heap, usage.heapUsed);
  }
  stop() {
    this.sample();
    clearInterval(this.timer);
    return { rssMb: Math.round(this.rss / 1024 / 1024), heapMb: Math.round(this.heap / 1024 / 1024) };
  }
}
