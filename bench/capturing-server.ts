/**
 * The API on a PostgreSQL database for the benches that set it against its own SQL (orders, api-overhead):
 * migrated, the admin created, listening on a free port, and every statement it runs captured, so the bench can
 * replay the very same SQL through a bare pg pool.
 */
import type { AddressInfo } from 'node:net';
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { type Database, MIGRATIONS_DIR } from '../apps/server/src/db/database.ts';
import * as schema from '../apps/server/src/db/schema.ts';
import { bootstrapAdmin } from '../apps/server/src/modules/users/bootstrap-admin.ts';

export interface Captured {
  query: string;
  params: unknown[];
}

export interface CapturingServer {
  pool: pg.Pool;
  db: Database;
  /** Every statement the app ran, in order; the bench empties it when it likes. */
  captured: Captured[];
  app: FastifyInstance;
  /** The API's base address, `http://127.0.0.1:<port>/api/v1`. */
  base: string;
}

export async function serveCapturingApi(url: string, adminPassword: string): Promise<CapturingServer> {
  const pool = new pg.Pool({ connectionString: url, max: 20 });
  // Dropping the scratch database at the end terminates idle connections; that is expected.
  pool.on('error', () => {});
  const captured: Captured[] = [];
  const db = drizzle(pool, {
    schema,
    logger: { logQuery: (query, params) => captured.push({ query, params }) },
  }) as unknown as Database;
  try {
    await migrate(db as unknown as Parameters<typeof migrate>[0], { migrationsFolder: MIGRATIONS_DIR });
    const config = loadConfig(
      {},
      {
        dataDir: '/nonexistent-bench-data-dir',
        jwtSecret: 'bench-jwt-secret-that-is-long-enough-0123456789',
        appSecret: 'bench-app-secret-that-is-long-enough-0123456789',
        adminUsername: 'admin',
        adminPassword,
        webDistDir: null,
        logLevel: 'silent',
      },
    );
    const app = await buildApp({ config, db, logger: false });
    await bootstrapAdmin(db, config, app.log);
    await app.listen({ port: 0, host: '127.0.0.1' });
    const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}/api/v1`;
    return { pool, db, captured, app, base };
  } catch (error) {
    await pool.end();
    throw error;
  }
}
