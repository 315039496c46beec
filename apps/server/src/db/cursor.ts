/**
 * Reads a query's rows in batches through a server-side cursor (DECLARE ... CURSOR / FETCH n), so a caller
 * that writes each batch out (a streamed xlsx) holds one batch in memory whatever the row count. Plain SQL
 * cursors work the same on PGlite and PostgreSQL (pg-cursor would be PostgreSQL only). A cursor lives in a
 * transaction: on PostgreSQL that holds one pool connection for the read; on PGlite, which is one connection,
 * other queries wait until the read ends (a report of 100,000 orders takes a few seconds).
 */
import { type SQL, sql } from 'drizzle-orm';
import type { Database } from './database.ts';

export interface CursorOptions {
  /** Rows per FETCH: bigger is fewer round trips, smaller is less memory. */
  batchSize?: number;
}

/** Raw rows as the driver gives them: column aliases as keys, numeric as text, timestamps as Date. */
export type RawRow = Record<string, unknown>;

/**
 * Runs `query` under a read-only cursor and hands each batch to `onBatch`, one FETCH ahead at most (so a slow
 * consumer slows the read instead of piling rows up, and a fast one overlaps with the server's work). A throw from `onBatch` ends the read and
 * rolls the transaction back. Resolves with the number of rows read.
 */
export async function forEachBatch(
  db: Database,
  query: SQL,
  onBatch: (rows: RawRow[]) => Promise<void> | void,
  options: CursorOptions = {},
): Promise<number> {
  const batchSize = Math.max(1, Math.floor(options.batchSize ?? 1000));
  return db.transaction(
    async (tx) => {
      // Parenthesised, the query may carry its own ORDER BY; NO SCROLL lets the server stream it forward only.
      await tx.execute(sql`declare report_cursor no scroll cursor for ${query}`);
      const fetchBatch = async () => {
        const result = await tx.execute(sql.raw(`fetch forward ${batchSize} from report_cursor`));
        return (result as unknown as { rows: RawRow[] }).rows;
      };
      let total = 0;
      let next = fetchBatch();
      for (;;) {
        const rows = await next;
        const last = rows.length < batchSize;
        // The server reads the next batch while this one is handled (two batches in memory at most).
        if (!last) {
          next = fetchBatch();
          // Should onBatch throw, the rollback settles this one; its failure is not news.
          next.catch(() => {});
        }
        if (rows.length > 0) {
          total += rows.length;
          await onBatch(rows);
        }
        if (last) break;
      }
      await tx.execute(sql`close report_cursor`);
      return total;
    },
    { accessMode: 'read only' },
  );
}
