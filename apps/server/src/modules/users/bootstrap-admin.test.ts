import type { FastifyBaseLogger } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { testConfig } from '../../../test/test-app.ts';
import { openTestDatabase } from '../../../test/test-database.ts';
import { buildApp } from '../../app.ts';
import type { DatabaseHandle } from '../../db/database.ts';
import { bootstrapAdmin } from './bootstrap-admin.ts';
import { users } from './users.table.ts';

/** A logger that keeps every line, so a test can see what was printed and how often. */
function fakeLogger() {
  const lines: { level: string; message: string }[] = [];
  const record =
    (level: string) =>
    (...args: unknown[]) => {
      lines.push({
        level,
        message: args.map((arg) => (typeof arg === 'string' ? arg : JSON.stringify(arg))).join(' '),
      });
    };
  const logger = {
    level: 'info',
    fatal: record('fatal'),
    error: record('error'),
    warn: record('warn'),
    info: record('info'),
    debug: record('debug'),
    trace: record('trace'),
    silent: () => {},
    child: () => logger,
  };
  return { logger: logger as unknown as FastifyBaseLogger, lines };
}

let database: DatabaseHandle;
beforeEach(async () => {
  database = await openTestDatabase();
});
afterEach(() => database.close());

const allUsers = () => database.db.select().from(users);

/** Signs in through a real app on the same database. */
async function login(username: string, password: string) {
  const app = await buildApp({ config: testConfig(), db: database.db, logger: false });
  try {
    return await app.inject({ method: 'POST', url: '/api/v1/login', payload: { username, password } });
  } finally {
    await app.close();
  }
}

describe('bootstrapAdmin', () => {
  it('creates the admin from ADMIN_USERNAME and ADMIN_PASSWORD, without printing the password', async () => {
    const { logger, lines } = fakeLogger();
    await bootstrapAdmin(
      database.db,
      testConfig({ adminUsername: 'chief', adminPassword: 'Chief#2026' }),
      logger,
    );

    const rows = await allUsers();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ username: 'chief', role: 2, accountSid: null, forceChange: false });
    expect(rows[0]?.passwordHash).not.toContain('Chief#2026');
    expect(lines.map((line) => line.message).join('\n')).not.toContain('Chief#2026');

    const response = await login('chief', 'Chief#2026');
    expect(response.statusCode).toBe(200);
    expect(response.json().force_change).toBe(false);
  });

  it('without ADMIN_PASSWORD generates one, logs it once, and makes the admin change it', async () => {
    const { logger, lines } = fakeLogger();
    await bootstrapAdmin(database.db, testConfig({ adminUsername: 'admin', adminPassword: null }), logger);

    const rows = await allUsers();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ username: 'admin', role: 2, forceChange: true });

    const mentions = lines.filter((line) => line.message.includes('one-time password'));
    expect(mentions).toHaveLength(1);
    const password = /one-time password (\S+)/.exec(mentions[0]?.message ?? '')?.[1];
    expect(password).toBeDefined();
    expect(password?.length).toBeGreaterThanOrEqual(12);
    expect(rows[0]?.passwordHash).not.toContain(password);

    const response = await login('admin', password ?? '');
    expect(response.statusCode).toBe(200);
    expect(response.json().force_change).toBe(true);
  });

  it('creates nothing and prints nothing on the next start', async () => {
    const first = fakeLogger();
    await bootstrapAdmin(database.db, testConfig({ adminPassword: null }), first.logger);
    const [created] = await allUsers();

    const second = fakeLogger();
    await bootstrapAdmin(
      database.db,
      testConfig({ adminUsername: 'another-admin', adminPassword: null }),
      second.logger,
    );
    await bootstrapAdmin(database.db, testConfig({ adminPassword: 'Other#2026' }), second.logger);

    expect(await allUsers()).toEqual([created]);
    expect(second.lines).toEqual([]);
  });

  it('generates a different password on each fresh database', async () => {
    const first = fakeLogger();
    await bootstrapAdmin(database.db, testConfig({ adminPassword: null }), first.logger);
    const other = await openTestDatabase();
    try {
      const second = fakeLogger();
      await bootstrapAdmin(other.db, testConfig({ adminPassword: null }), second.logger);
      const passwordOf = (lines: { message: string }[]) =>
        /one-time password (\S+)/.exec(lines.map((l) => l.message).join('\n'))?.[1];
      expect(passwordOf(first.lines)).toBeDefined();
      expect(passwordOf(first.lines)).not.toBe(passwordOf(second.lines));
    } finally {
      await other.close();
    }
  });
});
