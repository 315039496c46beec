/**
 * Opens the database the settings point at: PostgreSQL when DATABASE_URL is set, otherwise the embedded
 * PGlite under DATA_DIR. Both get the same drizzle-kit migrations, applied before the app serves anything.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { PGlite, type PGliteOptions } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { type ExtractTablesWithRelations, sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT, PgTable, PgTransaction } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import * as schema from './schema.ts';

export type Schema = typeof schema;
export type Database = PgDatabase<PgQueryResultHKT, Schema>;
export type Transaction = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
/** Repositories take either, so a service decides where the transaction boundary is. */
export type Executor = Database | Transaction;

export const MIGRATIONS_DIR = path.resolve(import.meta.dirname, '../../drizzle');

/**
 * An embedded PGlite with the extensions the migrations create (pg_trgm, for the orders text filter), which a
 * PostgreSQL server ships in its contrib package. Every PGlite the app or its tests open comes from here.
 */
export function newPGlite(options: Omit<PGliteOptions, 'extensions'> = {}): PGlite {
  return new PGlite({ ...options, extensions: { pg_trgm } });
}

/**
 * Whether `db` is the embedded PGlite: one connection, running each statement in this thread, so long work
 * reads and writes in short statements and transactions there (db/cursor.ts, imports).
 */
export function isEmbedded(db: Database): boolean {
  return (db as unknown as { $client?: unknown }).$client instanceof PGlite;
}

/**
 * On PGlite, ANALYZEs `tables`, one statement each with a turn of the event loop between (about 100 ms each at
 * 100,000 rows). PGlite runs no autovacuum: the planner's statistics stay as they were, and plpgsql keeps the
 * plans it made for the triggers' statements at their first run, for the life of the connection. Grown from
 * empty to 60,000 orders within one connection, inserting an order's items (its trigger) took four times as
 * long as after an ANALYZE, which also makes plpgsql plan again. PostgreSQL's autovacuum does this itself.
 */
export async function refreshStatistics(db: Database, tables: readonly PgTable[]): Promise<void> {
  if (!isEmbedded(db)) return;
  for (const table of tables) {
    await db.execute(sql`analyze ${table}`);
    await new Promise((resolve) => setImmediate(resolve));
  }
}

/**
 * Plain SQL text with `$n` parameters, for a library that brings its own statements (pg-boss, jobs/): on
 * PostgreSQL the pool, on PGlite its one connection. Parameterless text may hold several statements.
 */
export interface SqlClient {
  executeSql(text: string, values?: unknown[]): Promise<{ rows: unknown[] }>;
}

export interface DatabaseHandle {
  db: Database;
  kind: 'postgres' | 'pglite';
  sql: SqlClient;
  close(): Promise<void>;
}

/**
 * The same, inside an open transaction of `db` (drizzle's transaction object): its statements run on the
 * transaction's own connection, so what they write commits or rolls back with it. On PGlite this is also the
 * only way in while the transaction is open: the shared connection waits for it to end.
 */
export function transactionSql(tx: Transaction): SqlClient {
  // drizzle keeps the transaction's connection on its session (node-postgres: the pool client; PGlite: the
  // transaction), not in its typings.
  const client = (tx as unknown as { session: { client: PlainQueries } }).session.client;
  return { executeSql: (text, values) => client.query(text, values) };
}

interface PlainQueries {
  query(text: string, values?: unknown[]): Promise<{ rows: unknown[] }>;
}

export type DatabaseSource =
  | { kind: 'postgres'; url: string; poolSize?: number }
  | { kind: 'pglite'; dataDir?: string; client?: PGlite };

export async function openDatabase(
  source: DatabaseSource,
  options: { migrate?: boolean } = {},
): Promise<DatabaseHandle> {
  const shouldMigrate = options.migrate ?? true;
  if (source.kind === 'postgres') {
    const pool = new pg.Pool({ connectionString: source.url, max: source.poolSize ?? 10 });
    // An idle connection dropped by the server (restart, failover) must not take the process down; the pool
    // opens a new one on the next query.
    pool.on('error', (error) => console.error(`PostgreSQL connection error: ${error.message}`));
    const db = drizzlePg(pool, { schema });
    if (shouldMigrate) await migratePg(db, { migrationsFolder: MIGRATIONS_DIR });
    const sqlClient: SqlClient = { executeSql: (text, values) => pool.query(text, values) };
    return { db: db as unknown as Database, kind: 'postgres', sql: sqlClient, close: () => pool.end() };
  }
  let client = source.client;
  if (!client) {
    const dir = path.resolve(source.dataDir ?? './data', 'pglite');
    mkdirSync(dir, { recursive: true });
    client = newPGlite({ dataDir: dir });
  }
  const db = drizzlePglite(client, { schema });
  if (shouldMigrate) await migratePglite(db, { migrationsFolder: MIGRATIONS_DIR });
  const owned = client;
  const sqlClient: SqlClient = {
    async executeSql(text, values) {
      // PGlite's query() takes one statement; exec() takes several but no parameters.
      if (values && values.length > 0) return owned.query(text, values);
      const results = await owned.exec(text);
      return { rows: results.at(-1)?.rows ?? [] };
    },
  };
  return { db: db as unknown as Database, kind: 'pglite', sql: sqlClient, close: () => owned.close() };
}
