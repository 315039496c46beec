/**
 * Backup and restore of the PostgreSQL database (DATABASE_URL) with pg_dump and pg_restore. pg_dump reads
 * everything in one repeatable-read snapshot, so a backup taken while the servers and workers run is
 * consistent: every schema, including pg-boss's jobs (pgboss) and drizzle's migration record (drizzle).
 */
import pg from 'pg';
import { BackupError } from './backup-error.ts';
import { backupKindOf, writeAtomically } from './backup-file.ts';
import { type PgToolOptions, runPgTool } from './pg-tools.ts';

/** The schemas the app writes: a database with a table in any of them is not empty. */
export const APP_SCHEMAS = ['public', 'pgboss', 'drizzle'] as const;

export async function backupPostgres(
  databaseUrl: string,
  file: string,
  tools: PgToolOptions = {},
): Promise<void> {
  await writeAtomically(file, (temp) =>
    runPgTool('pg_dump', ['--format=custom', '--compress=6', `--file=${temp}`], databaseUrl, tools),
  );
}

/**
 * Restores into the database DATABASE_URL names, which must exist and be empty. With `force`, a database in
 * use by no one else is emptied first: the app's schemas are dropped whole (rather than pg_restore --clean,
 * which drops only what the backup holds and would leave a newer migration's tables behind to clash with the
 * server's migrations on its next start). pg_restore then runs as one transaction: all of the backup or none.
 * Objects are owned by the restoring user (--no-owner), the one the server connects as.
 */
export async function restorePostgres(
  databaseUrl: string,
  file: string,
  options: PgToolOptions & { force?: boolean } = {},
): Promise<void> {
  const kind = backupKindOf(file);
  if (kind === 'pglite')
    throw new BackupError(
      `${file} is a backup of the embedded database (PGlite); unset DATABASE_URL to restore it into DATA_DIR.`,
    );
  if (kind !== 'postgres') throw new BackupError(`${file} is not a ParcelOps backup.`);

  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect().catch((error: Error & { code?: string }) => {
    const hint = error.code === '3D000' ? ' Create it first (createdb), then restore into it.' : '';
    throw new BackupError(`Cannot connect to DATABASE_URL: ${error.message}.${hint}`);
  });
  try {
    const tables = await client.query<{ schema: string; n: number }>(
      `select schemaname as schema, count(*)::int as n from pg_tables
        where schemaname = any($1) group by schemaname order by schemaname`,
      [APP_SCHEMAS],
    );
    if (tables.rows.length > 0) {
      const found = tables.rows.map((row) => `${row.n} in ${row.schema}`).join(', ');
      if (!options.force)
        throw new BackupError(
          `The database is not empty (tables: ${found}); restore into an empty database, or add --force to replace its contents.`,
        );
      await checkNoOtherSessions(client);
      await client.query('begin');
      for (const schema of APP_SCHEMAS) await client.query(`drop schema if exists ${schema} cascade`);
      await client.query('create schema public');
      await client.query('commit');
    }
  } finally {
    await client.end();
  }
  await runPgTool(
    'pg_restore',
    ['--no-owner', '--exit-on-error', '--single-transaction', file],
    databaseUrl,
    options,
  );
}

/** Replacing a database under a running server would mix its writes into the restore. */
async function checkNoOtherSessions(client: pg.Client): Promise<void> {
  const count = async () =>
    (
      await client.query<{ n: number }>(
        `select count(*)::int as n from pg_stat_activity
          where datname = current_database() and pid <> pg_backend_pid()`,
      )
    ).rows[0]?.n ?? 0;
  let others = await count();
  // A client that has just disconnected can stay listed for a moment.
  for (let waited = 0; others > 0 && waited < 5000; waited += 250) {
    await new Promise((resolve) => setTimeout(resolve, 250));
    others = await count();
  }
  if (others > 0)
    throw new BackupError(
      `${others} other session(s) are connected to this database; stop the servers and workers before a --force restore.`,
    );
}
