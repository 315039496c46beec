/**
 * Several server processes on one PostgreSQL database (README "Several instances"): started together they
 * migrate once and all start; a user deleted or an account deactivated through one ends the sessions on the
 * others at once; the sign-in rate limit is one count for all. Each "instance" here is its own database handle
 * (pool, schema lock, notifications connection) and app in this process, as a second process would have.
 * PostgreSQL only: PGlite is one process's own database (the single-app limit is in auth/auth.test.ts).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, InjectOptions } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import type { AppConfig } from '../src/config.ts';
import { type DatabaseHandle, MIGRATIONS_DIR, openDatabase } from '../src/db/database.ts';
import { SESSION_USERS_CHANNEL } from '../src/db/notifications.ts';
import { JobQueue } from '../src/jobs/job-queue.ts';
import { JOB_NAMES } from '../src/jobs/queues.ts';
import { buildServices } from '../src/services.ts';
import { fakeResolver } from './fake-dns.ts';
import { databaseUrlFor } from './global-setup.ts';
import { createTestApp, type TestApp, testConfig } from './test-app.ts';

const baseUrl = process.env.DATABASE_URL;
const onPostgres = describe.skipIf(!baseUrl);
const skipReason = baseUrl ? '' : ' (skipped: PostgreSQL only, set DATABASE_URL; PGlite has one process)';

/** Polls `check` until it holds, for up to `ms` (generous: the machine may be loaded). */
async function eventually(check: () => Promise<boolean>, ms = 10_000): Promise<boolean> {
  for (const started = Date.now(); Date.now() - started < ms; ) {
    if (await check()) return true;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return check();
}

interface Instance {
  app: FastifyInstance;
  handle: DatabaseHandle;
  /** As TestApp's `call`. */
  call: TestApp['call'];
  close(): Promise<void>;
}

/**
 * Another instance on `first`'s database: its own pool and, with `listen`, its own notifications connection.
 * Session users are remembered for a minute, so only a notification can end a session within the test.
 */
async function anotherInstance(
  first: TestApp,
  options: { listen: boolean; config?: Partial<AppConfig> },
): Promise<Instance> {
  const { rows } = await first.database.sql.executeSql('select current_database() as name');
  const name = (rows[0] as { name: string }).name;
  const handle = await openDatabase(
    { kind: 'postgres', url: databaseUrlFor(baseUrl ?? '', name), poolSize: 4 },
    { migrate: false },
  );
  const config = testConfig(options.config);
  const services = buildServices(config, handle.db, {
    hookUrlCheck: { resolve: fakeResolver },
    notifications: options.listen ? handle.notifications : undefined,
    sessionUserTtlMs: 60_000,
  });
  const app = await buildApp({ config, db: handle.db, logger: false, services });
  await app.ready();
  if (options.listen)
    expect(await eventually(async () => handle.notifications?.isListening === true)).toBe(true);
  return {
    app,
    handle,
    call: (method, url, call = {}) => {
      const request: InjectOptions = { method, url: `/api/v1${url}` };
      if (call.token) request.headers = { authorization: `Bearer ${call.token}` };
      if (call.body !== undefined) request.payload = call.body as InjectOptions['payload'];
      return app.inject(request);
    },
    async close() {
      await app.close();
      await handle.close();
    },
  };
}

onPostgres(`instances started at the same moment${skipReason}`, () => {
  const name = `parcelops_empty_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
  const admin = new pg.Client({ connectionString: baseUrl });

  beforeAll(async () => {
    await admin.connect();
    // Brand new and empty, not a copy of the migrated template: every instance finds the migrations to do.
    await admin.query(`CREATE DATABASE ${name}`);
  });

  afterAll(async () => {
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  });

  it('migrate once, set the job queue up once, and all start', async () => {
    const url = databaseUrlFor(baseUrl ?? '', name);
    const started = await Promise.all(
      [1, 2, 3].map(async () => {
        const handle = await openDatabase({ kind: 'postgres', url, poolSize: 3 });
        const jobs = await JobQueue.open(handle, { workers: false });
        return { handle, jobs };
      }),
    );
    try {
      const journal = JSON.parse(readFileSync(path.join(MIGRATIONS_DIR, 'meta/_journal.json'), 'utf8'));
      const check = started[0]?.handle.sql;
      const migrations = await check?.executeSql(
        'select hash, count(*)::int as times from drizzle.__drizzle_migrations group by hash',
      );
      expect(migrations?.rows).toHaveLength(journal.entries.length);
      expect(migrations?.rows.every((row) => (row as { times: number }).times === 1)).toBe(true);
      const queues = await check?.executeSql('select name from pgboss.queue order by name');
      expect(queues?.rows.map((row) => (row as { name: string }).name)).toEqual([...JOB_NAMES].sort());
      // Every pool connection is usable (none left in an aborted transaction by a lost race).
      for (const { handle } of started) {
        const answers = await Promise.all([1, 2, 3].map(() => handle.sql.executeSql('select 1 as one')));
        expect(answers.map((answer) => answer.rows[0])).toEqual([{ one: 1 }, { one: 1 }, { one: 1 }]);
      }
    } finally {
      for (const { handle, jobs } of started) {
        await jobs.stop(1_000);
        await handle.close();
      }
    }
  });
});

onPostgres(`sessions across instances${skipReason}`, () => {
  let a: TestApp;
  let b: Instance;
  /** The control: an instance that does not listen, which keeps what it remembered for its minute. */
  let deaf: Instance;
  let adminToken: string;

  beforeAll(async () => {
    a = await createTestApp();
    adminToken = await a.adminToken();
    b = await anotherInstance(a, { listen: true });
    deaf = await anotherInstance(a, { listen: false });
  });

  afterAll(async () => {
    await b?.close();
    await deaf?.close();
    await a?.close();
  });

  /**
   * Signs a new account user in, and has every instance remember them. The calls read their own account: only
   * the sign-in reads the user, so the instance that does not listen answers from what it remembered.
   */
  async function rememberedEverywhere(accountSid: string) {
    const { user, token } = await a.createUser(adminToken, { role: 0, account_sid: accountSid });
    for (const instance of [a, b, deaf])
      expect((await instance.call('GET', `/accounts/${accountSid}`, { token })).statusCode).toBe(200);
    return { user, token };
  }

  it('a user deleted through one instance is refused by another at once', async () => {
    const account = await a.createAccount(adminToken);
    const { user, token } = await rememberedEverywhere(account.sid);
    expect((await a.call('DELETE', `/users/${user.sid}`, { token: adminToken })).statusCode).toBe(200);

    expect(
      await eventually(
        async () => (await b.call('GET', `/accounts/${account.sid}`, { token })).statusCode === 401,
      ),
    ).toBe(true);
    expect((await b.call('GET', `/accounts/${account.sid}`, { token })).json().code).toBe('UNAUTHORIZED');
    // Without the notification the deleted user would be served for the rest of the minute.
    expect((await deaf.call('GET', `/accounts/${account.sid}`, { token })).statusCode).toBe(200);
  });

  it("an account deactivated through one instance ends its users' sessions on another", async () => {
    const account = await a.createAccount(adminToken);
    const { token } = await rememberedEverywhere(account.sid);
    const off = await a.call('PUT', `/accounts/${account.sid}`, {
      token: adminToken,
      body: { is_active: false },
    });
    expect(off.statusCode, off.body).toBe(200);

    expect(
      await eventually(
        async () => (await b.call('GET', `/accounts/${account.sid}`, { token })).statusCode === 403,
      ),
    ).toBe(true);
    expect((await b.call('GET', `/accounts/${account.sid}`, { token })).json().code).toBe('FORBIDDEN');
    expect((await deaf.call('GET', `/accounts/${account.sid}`, { token })).statusCode).toBe(200);
  });

  it('listens again after its connection drops, and hears the next change', async () => {
    const notifications = b.handle.notifications;
    const account = await a.createAccount(adminToken);
    const { user, token } = await rememberedEverywhere(account.sid);
    const states: boolean[] = [];
    const stopProbe = notifications?.listen(SESSION_USERS_CHANNEL, {
      onNotify: () => {},
      onListening: (listening) => states.push(listening),
    });
    // The server ends B's listening connection, as a restart or a network cut would.
    await a.database.sql.executeSql(
      `select pg_terminate_backend(pid) from pg_stat_activity
       where datname = current_database() and query ilike 'LISTEN %'`,
    );
    expect(await eventually(async () => states.slice(1).join() === 'false,true')).toBe(true);
    stopProbe?.();
    expect((await a.call('DELETE', `/users/${user.sid}`, { token: adminToken })).statusCode).toBe(200);
    expect(
      await eventually(
        async () => (await b.call('GET', `/accounts/${account.sid}`, { token })).statusCode === 401,
      ),
    ).toBe(true);
  });
});

onPostgres(`the sign-in limit across instances${skipReason}`, () => {
  let a: TestApp;
  let b: Instance;

  beforeAll(async () => {
    a = await createTestApp({ loginMaxAttempts: 3 });
    b = await anotherInstance(a, { listen: false, config: { loginMaxAttempts: 3 } });
  });

  afterAll(async () => {
    await b?.close();
    await a?.close();
  });

  const attempt = (instance: TestApp | Instance, username: string) =>
    instance.call('POST', '/login', { body: { username, password: 'Wrong#123' } });

  it('counts attempts on either instance as one', async () => {
    for (const instance of [a, b, a]) expect((await attempt(instance, 'victim')).statusCode).toBe(401);
    const blocked = await attempt(b, 'victim');
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toMatchObject({
      code: 'RATE_LIMITED',
      msg: expect.stringContaining('Too many sign-in attempts'),
    });
    const wait = Number(blocked.headers['retry-after']);
    expect(wait).toBeGreaterThanOrEqual(1);
    expect(wait).toBeLessThanOrEqual(60);
    expect((await attempt(a, 'victim')).statusCode).toBe(429);
    expect((await attempt(b, 'someone-else')).statusCode).toBe(401);
  });

  it('lets exactly the limit through when attempts arrive at once on both', async () => {
    const replies = await Promise.all(
      Array.from({ length: 10 }, (_, index) => attempt(index % 2 === 0 ? a : b, 'concurrent-victim')),
    );
    const statuses = replies.map((reply) => reply.statusCode).sort();
    expect(statuses).toEqual([401, 401, 401, 429, 429, 429, 429, 429, 429, 429]);
  });

  it('keeps one row per username and address, nothing personal', async () => {
    const { rows } = await a.database.sql.executeSql('select key_hash from login_attempts');
    expect(rows.length).toBeGreaterThanOrEqual(3);
    for (const row of rows) expect((row as { key_hash: string }).key_hash).toMatch(/^[0-9a-f]{64}$/);
  });
});
