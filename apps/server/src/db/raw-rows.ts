/**
 * Rows of a raw statement (`db.execute(sql`…`)`), typed once here. Drizzle types `execute` on our `Database`
 * (generic over the driver, so the API and the tests can run on PostgreSQL or PGlite) as returning the
 * driver's result kind, which the generic leaves `unknown`; both drivers in fact answer `{ rows }`
 * (node-postgres's QueryResult, PGlite's Results). Reading them in one place keeps that knowledge, and the one
 * cast it takes, out of every repository that writes its own SQL.
 *
 * `Row` is what the statement selects, as the driver hands it over: PostgreSQL's bigint and numeric come as
 * strings, timestamps of raw statements as strings too (no column mapping happens), so say so in `Row`.
 */
import type { SQL } from 'drizzle-orm';
import type { Executor } from './database.ts';

/** The rows of a result both drivers give back from `execute`. */
export function rowsOf<Row>(result: unknown): Row[] {
  return (result as { rows: Row[] }).rows;
}

/** Runs `query` and answers its rows. */
export async function selectRows<Row>(executor: Executor, query: SQL): Promise<Row[]> {
  return rowsOf<Row>(await executor.execute(query));
}

/** Runs `query` and answers its first row, or undefined when it selected none. */
export async function selectRow<Row>(executor: Executor, query: SQL): Promise<Row | undefined> {
  const [row] = await selectRows<Row>(executor, query);
  return row;
}
