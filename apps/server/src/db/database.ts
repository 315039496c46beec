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

export interface DatabaseHandle {
  db: Database;
  kind: 'postgres' | 'pglite';
  close(): Promise<void>;
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
    return { db: db as unknown as Database, kind: 'postgres', close: () => pool.end() };
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
  return { db: db as unknown as Database, kind: 'pglite', close: () => owned.close() };
}
