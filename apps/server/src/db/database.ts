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
import { SERVER_ROOT } from '../runtime-paths.ts';
import { DatabaseNotifications } from './notifications.ts';
import * as schema from './schema.ts';

export type Schema = typeof schema;
export type Database = PgDatabase<PgQueryResultHKT, Schema>;
export type Transaction = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
/** Repositories take either, so a service decides where the transaction boundary is. */
export type Executor = Database | Transaction;

export const MIGRATIONS_DIR = path.join(SERVER_ROOT, 'drizzle');

/**
 * PGlite's shared buffers. initdb writes PostgreSQL's 128MB, which PGlite zeroes in the process's memory at
 * start, so all of it is resident from the first second: 314 MB RSS at ready against 177 MB with 16MB. Pages
 * beyond them are read from the data folder through the kernel's cache (or PGlite's in-memory files in tests);
 * a 50,000-row batch placed faster, not slower (docs/decisions.md, "The embedded database: 16MB of shared
 * buffers").
 */
export const PGLITE_SHARED_BUFFERS = '16MB';

/**
 * An embedded PGlite with the extensions the migrations create (pg_trgm, for the orders text filter), which a
 * PostgreSQL server ships in its contrib package, and its memory settings. Every PGlite the app or its tests
 * open comes from here.
 */
export function newPGlite(options: Omit<PGliteOptions, 'extensions' | 'startParams'> = {}): PGlite {
  return new PGlite({
    ...options,
    extensions: { pg_trgm },
    // PGlite's own start parameters (single-user mode, no parallel workers, …) are kept: a list replaces them.
    startParams: [...PGlite.defaultStartParams, '-c', `shared_buffers=${PGLITE_SHARED_BUFFERS}`],
  });
}

/**
 * Whether `db` is the embedded PGlite: one connection, running each statement in this thread, so long work
 * reads and writes in short statements and transactions there (db/cursor.ts, imports).
 */
export function isEmbedded(db: Database): boolean {
  return driverClientOf(db) instanceof PGlite;
}

/**
 * The driver's own client under `db` (drizzle keeps it as `$client`: a pg.Pool or a PGlite), for the few
 * places that need the driver itself (pool figures, PGlite snapshots). `Database` is generic over the driver,
 * so its type does not carry `$client`; callers narrow with instanceof.
 */
export function driverClientOf(db: Database): unknown {
  return (db as unknown as { $client?: unknown }).$client;
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
  /**
   * Runs `work` while holding the lock every server process takes to change the schema (its migrations, the
   * job queue's tables), so processes started at the same moment make each change once, one after another.
   */
  withSchemaLock<T>(work: () => Promise<T>): Promise<T>;
  /** PostgreSQL's notifications between server processes (db/notifications.ts); none on PGlite's one process. */
  notifications?: DatabaseNotifications;
  close(): Promise<void>;
}

/**
 * The key of the session-level advisory lock held around schema changes: a constant of this application
 * ("ParcelOp" in ASCII), unlikely to meet another application's key in a shared database.
 */
export const SCHEMA_LOCK_KEY = 0x5061_7263_656c_4f70n;

/**
 * Holds the schema lock on a connection of its own, outside the pool (whose every connection `work` may need;
 * the test template's pool has one), and hands that connection to `work`. The lock is released when `work`
 * ends, failed or not, and in any case with the connection.
 */
async function holdingSchemaLock<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  // An unreachable database fails the start within seconds; waiting for the lock itself has no bound (another
  // process may be running a long migration).
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 10_000 });
  client.on('error', (error) => console.error(`PostgreSQL schema lock connection: ${error.message}`));
  await client.connect();
  try {
    await client.query('SELECT pg_advisory_lock($1)', [SCHEMA_LOCK_KEY.toString()]);
    try {
      return await work(client);
    } finally {
      await client.query('SELECT pg_advisory_unlock($1)', [SCHEMA_LOCK_KEY.toString()]).catch(() => {});
    }
  } finally {
    await client.end().catch(() => {});
  }
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
    const pool = new pg.Pool({
      connectionString: source.url,
      max: source.poolSize ?? 10,
      // While the database is unreachable a request waits this long for a connection, then answers 503
      // (db/connection-errors.ts) instead of hanging; once it is back, new connections just work again.
      connectionTimeoutMillis: 5_000,
    });
    // An idle connection dropped by the server (restart, failover) must not take the process down; the pool
    // opens a new one on the next query.
    pool.on('error', (error) => console.error(`PostgreSQL connection error: ${error.message}`));
    const db = drizzlePg(pool, { schema });
    const withSchemaLock = <T>(work: () => Promise<T>) => holdingSchemaLock(source.url, work);
    if (shouldMigrate) {
      // Several processes may start at once on one database: the lock lets one migrate while the others wait,
      // and they then find nothing left to apply.
      await holdingSchemaLock(source.url, (client) =>
        migratePg(drizzlePg(client, { schema }), { migrationsFolder: MIGRATIONS_DIR }),
      ).catch(async (error: unknown) => {
        await pool.end();
        throw error;
      });
    }
    const sqlClient: SqlClient = { executeSql: (text, values) => pool.query(text, values) };
    const notifications = new DatabaseNotifications(source.url, {
      onError: (message) => console.error(message),
    });
    return {
      // Each driver's drizzle type is its own; `Database` is the driver-neutral type the app is written to.
      db: db as unknown as Database,
      kind: 'postgres',
      sql: sqlClient,
      withSchemaLock,
      notifications,
      async close() {
        await notifications.close();
        await pool.end();
      },
    };
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
  return {
    // As above: the PGlite drizzle, seen through the driver-neutral `Database`.
    db: db as unknown as Database,
    kind: 'pglite',
    sql: sqlClient,
    // One process owns the embedded database: nobody else changes its schema.
    withSchemaLock: (work) => work(),
    close: () => owned.close(),
  };
}
