/** A fresh, migrated database for one test file, copied from the run's template (see global-setup.ts). */
import { readFileSync } from 'node:fs';
import pg from 'pg';
import { inject } from 'vitest';
import { type DatabaseHandle, newPGlite, openDatabase } from '../src/db/database.ts';
import { databaseUrlFor } from './global-setup.ts';

export async function openTestDatabase(): Promise<DatabaseHandle> {
  const template = inject('postgresTemplate');
  const baseUrl = process.env.DATABASE_URL;
  if (template && baseUrl) {
    const name = `parcelops_t_${process.pid}_${Math.random().toString(36).slice(2, 10)}`;
    const admin = new pg.Client({ connectionString: baseUrl });
    await admin.connect();
    try {
      await admin.query(`CREATE DATABASE ${name} TEMPLATE ${template}`);
    } finally {
      await admin.end();
    }
    const handle = await openDatabase(
      { kind: 'postgres', url: databaseUrlFor(baseUrl, name), poolSize: 20 },
      { migrate: false },
    );
    return {
      ...handle,
      async close() {
        await handle.close();
        const dropper = new pg.Client({ connectionString: baseUrl });
        await dropper.connect();
        // pool.end() resolves before its connections have closed; dropping WITH (FORCE) while one is still open
        // kills it, and the pool, which has no error listener, throws that as an unhandled error.
        for (let waited = 0; waited < 5000; waited += 20) {
          const open = await dropper.query(
            'select count(*)::int as n from pg_stat_activity where datname = $1',
            [name],
          );
          if (open.rows[0]?.n === 0) break;
          await new Promise((resolve) => setTimeout(resolve, 20));
        }
        await dropper.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        await dropper.end();
      },
    };
  }
  const snapshot = readFileSync(inject('pgliteSnapshot'));
  const client = newPGlite({ loadDataDir: new Blob([snapshot]) });
  return openDatabase({ kind: 'pglite', client }, { migrate: false });
}
