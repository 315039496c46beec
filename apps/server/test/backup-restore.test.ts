/**
 * `npm run backup` / `npm run restore` (src/ops/backup/) on the database this run uses: PGlite by default,
 * PostgreSQL when DATABASE_URL is set. A round trip keeps every account, order, ledger row and queued job;
 * a restore into a database that is not empty is refused unless forced; a missing pg_dump says what to install.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase, type SqlClient } from '../src/db/database.ts';
import { BackupError } from '../src/ops/backup/backup-error.ts';
import { claimDataDir } from '../src/ops/backup/control-socket.ts';
import { backupEmbedded, restoreEmbedded } from '../src/ops/backup/pglite-backup.ts';
import { embeddedClientOf } from '../src/ops/backup/pglite-snapshot.ts';
import { backupPostgres, restorePostgres } from '../src/ops/backup/postgres-backup.ts';
import { databaseUrlFor } from './global-setup.ts';
import { createOrder, createSellerAccount } from './order-fixtures.ts';
import { openTestApp } from './test-app.ts';

const LONG = 120_000;
const { t, admin } = await openTestApp();
const scratch = mkdtempSync(path.join(tmpdir(), 'parcelops-backup-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));
const scratchDir = (name: string) => mkdtempSync(path.join(scratch, `${name}-`));

// Seed: two accounts with credit (a top-up row each in the ledger), orders (charges), and a job still queued.
for (let i = 0; i < 2; i++) {
  const { seller } = await createSellerAccount(t, admin, { use_credit: true, topup: 5_000_000 });
  await createOrder(t, seller);
  await createOrder(t, seller);
}
await t.database.db.transaction((tx) =>
  t.jobs.enqueue(tx, 'ams.submit', { amsSid: 'ams_backup_test', userSid: null }, { startAfterSeconds: 3600 }),
);

const FINGERPRINTED = [
  ['accounts', 'sid'],
  ['users', 'sid'],
  ['orders', 'sid'],
  ['credit_ledger', 'sid'],
  ['pgboss.job', 'id'],
] as const;

/** Per table: how many rows, and a digest of their ids. */
async function fingerprint(sql: SqlClient): Promise<Record<string, string>> {
  const result: Record<string, string> = {};
  for (const [table, id] of FINGERPRINTED) {
    const { rows } = await sql.executeSql(
      `select count(*)::int as n, md5(coalesce(string_agg(${id}::text, ',' order by ${id}::text), '')) as digest
         from ${table}`,
    );
    const row = rows[0] as { n: number; digest: string };
    result[table] = `${row.n}:${row.digest}`;
  }
  return result;
}

const original = await fingerprint(t.database.sql);

it('seeded something in every table it compares', () => {
  for (const [table] of FINGERPRINTED) expect(Number(original[table]?.split(':')[0])).toBeGreaterThan(0);
});

describe.runIf(t.database.kind === 'pglite')('the embedded database (PGlite)', () => {
  // The app's database stands in for the running server's: the same claim main.ts takes serves the snapshot.
  const serverDataDir = scratchDir('server');
  const file = path.join(scratch, 'embedded.tar.gz');
  const target = scratchDir('restored');

  it(
    'backs up through the running server and restores into an empty data dir',
    async () => {
      const claim = await claimDataDir(serverDataDir, 'server');
      try {
        claim.serveSnapshots(embeddedClientOf(t.database), { info: () => {}, error: () => {} });
        const result = await backupEmbedded(serverDataDir, file);
        expect(result.fromServer).toBe(true);
        // A restore never runs beside the server that holds the data dir.
        await expect(restoreEmbedded(serverDataDir, file)).rejects.toThrow(/in use by the ParcelOps server/);
      } finally {
        await claim.release();
      }

      expect(await restoreEmbedded(target, file)).toEqual({ movedAside: null });
      // As the server opens it: migrations run (none left to apply here).
      const restored = await openDatabase({ kind: 'pglite', dataDir: target });
      try {
        expect(await fingerprint(restored.sql)).toEqual(original);
      } finally {
        await restored.close();
      }
    },
    LONG,
  );

  it(
    'refuses a data dir that holds a database unless forced, then moves that one aside',
    async () => {
      await expect(restoreEmbedded(target, file)).rejects.toThrow(/already holds a database.*--force/);
      const { movedAside } = await restoreEmbedded(target, file, { force: true });
      expect(movedAside).toMatch(/pglite\.before-restore-/);
      expect(existsSync(path.join(movedAside as string, 'PG_VERSION'))).toBe(true);
      expect(existsSync(path.join(target, 'pglite', 'PG_VERSION'))).toBe(true);
      // Nothing half-done is left behind.
      expect(readdirSync(target).filter((name) => name.includes('restoring'))).toEqual([]);
    },
    LONG,
  );

  it('refuses a file that is not a backup, before touching the data dir', async () => {
    await expect(restoreEmbedded(scratchDir('empty'), path.join(serverDataDir, 'nothing'))).rejects.toThrow(
      /No backup file/,
    );
  });
});

describe.runIf(t.database.kind === 'postgres')('PostgreSQL', () => {
  // The body is collected on PGlite runs too, where there is no URL.
  const baseUrl = process.env.DATABASE_URL ?? 'postgres://unused';
  const file = path.join(scratch, 'postgres.dump');
  const targetName = `parcelops_r_${process.pid}_${Math.random().toString(36).slice(2, 10)}`;
  const targetUrl = databaseUrlFor(baseUrl, targetName);

  async function onServer(statement: string) {
    const client = new pg.Client({ connectionString: baseUrl });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  }
  afterAll(() => onServer(`drop database if exists ${targetName} with (force)`));

  it(
    'backs up with pg_dump and restores into an empty database',
    async () => {
      const { rows } = await t.database.sql.executeSql('select current_database() as name');
      const sourceUrl = databaseUrlFor(baseUrl, (rows[0] as { name: string }).name);
      await backupPostgres(sourceUrl, file);
      await onServer(`create database ${targetName}`);
      await restorePostgres(targetUrl, file);

      const restored = await openDatabase({ kind: 'postgres', url: targetUrl, poolSize: 1 });
      try {
        expect(await fingerprint(restored.sql)).toEqual(original);
      } finally {
        await restored.close();
      }
    },
    LONG,
  );

  it(
    'refuses a database that is not empty unless forced',
    async () => {
      await expect(restorePostgres(targetUrl, file)).rejects.toThrow(/not empty.*--force/);
      await restorePostgres(targetUrl, file, { force: true });
      const restored = await openDatabase(
        { kind: 'postgres', url: targetUrl, poolSize: 1 },
        { migrate: false },
      );
      try {
        expect(await fingerprint(restored.sql)).toEqual(original);
      } finally {
        await restored.close();
      }
    },
    LONG,
  );
});

describe('without the PostgreSQL client tools', () => {
  const noTools = scratchDir('no-pg-tools');
  const unreachable = 'postgres://nobody@127.0.0.1:1/none';

  it('says what to install, and leaves no file', async () => {
    const file = path.join(scratch, 'never.dump');
    const attempt = backupPostgres(unreachable, file, { binDir: noTools });
    await expect(attempt).rejects.toBeInstanceOf(BackupError);
    await expect(attempt).rejects.toThrow(/pg_dump was not found.*postgresql-client/);
    expect(readdirSync(scratch).filter((name) => name.includes('never'))).toEqual([]);
  });

  it(
    'the command prints one line and exits with code 1',
    async () => {
      const cli = path.resolve(import.meta.dirname, '../src/ops/backup/cli.ts');
      const child = spawn(process.execPath, ['--import', 'tsx', cli, 'backup', 'never.dump'], {
        env: { ...process.env, DATABASE_URL: unreachable, PG_BIN_DIR: noTools, INIT_CWD: scratch },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let stderr = '';
      child.stderr.on('data', (chunk: Buffer) => {
        stderr += chunk.toString('utf8');
      });
      const code = await new Promise((resolve) => child.on('close', resolve));
      expect(code).toBe(1);
      expect(stderr.trim().split('\n')).toEqual([
        expect.stringMatching(/^pg_dump was not found in PG_BIN_DIR/),
      ]);
    },
    LONG,
  );
});
