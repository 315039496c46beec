/**
 * Reads a query's rows in batches, so a caller that writes each batch out (a streamed xlsx) holds one batch in
 * memory whatever the row count, and the database keeps answering other calls meanwhile.
 * - PostgreSQL: a server-side cursor (DECLARE ... CURSOR / FETCH n) in a read-only transaction, one FETCH
 *   ahead of the consumer: one consistent snapshot, one pass, one pool connection held while it runs.
 * - PGlite: keyset pages, each its own short statement resuming after the last row's key
 *   (`WHERE (date_created, sid) < (...) ORDER BY ... LIMIT n`). PGlite is one connection in the server's own
 *   thread: a cursor holds it for the whole read, and every other call waited for a report to end (issue 17).
 *   Between pages other calls' statements run. The rows are each page's committed state, not one snapshot: an
 *   order whose sort key changes during the read may be missed or read twice.
 */
import { type Column, type SQL, sql } from 'drizzle-orm';
import { nextTurn } from '../lib/turns.ts';
import { type Database, isEmbedded } from './database.ts';

export interface CursorOptions {
  /**
   * Rows per FETCH or page (default 250: a batch of a report's rows is written in one go on the event loop,
   * and on PGlite read there too, 20-50 ms during which other calls wait): bigger is fewer round trips,
   * smaller is less memory and shorter waits.
   */
  batchSize?: number;
  /** Keyset pages whatever the database (PGlite always reads so); the tests check both ways on PostgreSQL. */
  keyset?: boolean;
}

/** Raw rows as the driver gives them: column aliases as keys, numeric as text, timestamps as Date. */
export type RawRow = Record<string, unknown>;

/** One column of the order; read back as text to resume after, so keep it a plain column. */
export interface SortKey {
  column: Column;
  direction: 'asc' | 'desc';
  /**
   * A column of few values (a status), first in the order: keyset pages read it value by value (the rows
   * sharing the last row's value, then those beyond it), which an index on it and the columns after it serves
   * whichever way the order runs.
   */
  grouped?: boolean;
}

/** A SELECT in pieces, so the keyset reader can add its keys, conditions and limit. */
export interface OrderedQuery {
  /** The select list, each value under its alias (`${orders.sid} as "sid", ...`). */
  columns: SQL;
  /** FROM and joins. */
  from: SQL;
  where?: SQL;
  /** The order; the keys together must tell every row apart (end with a unique column). */
  orderBy: readonly SortKey[];
}

/**
 * Hands each batch of `query`'s rows to `onBatch`, in order, waiting for it before the next (so a slow consumer
 * slows the read instead of piling rows up). A throw from `onBatch` ends the read (on PostgreSQL the
 * transaction rolls back). Resolves with the number of rows read.
 */
export async function forEachBatch(
  db: Database,
  query: OrderedQuery,
  onBatch: (rows: RawRow[]) => Promise<void> | void,
  options: CursorOptions = {},
): Promise<number> {
  const keyset = options.keyset || isEmbedded(db);
  const batchSize = Math.max(1, Math.floor(options.batchSize ?? 250));
  return keyset ? readByPages(db, query, onBatch, batchSize) : readByCursor(db, query, onBatch, batchSize);
}

const orderByOf = (keys: readonly SortKey[]) =>
  sql.join(
    keys.map((key) => sql`${key.column} ${sql.raw(key.direction)}`),
    sql`, `,
  );

const rowsOf = (result: unknown) => (result as { rows: RawRow[] }).rows;

async function readByCursor(
  db: Database,
  query: OrderedQuery,
  onBatch: (rows: RawRow[]) => Promise<void> | void,
  batchSize: number,
): Promise<number> {
  return db.transaction(
    async (tx) => {
      // NO SCROLL lets the server stream it forward only.
      await tx.execute(sql`declare report_cursor no scroll cursor for
        select ${query.columns} from ${query.from} where ${query.where ?? sql`true`}
        order by ${orderByOf(query.orderBy)}`);
      const fetchBatch = async () =>
        rowsOf(await tx.execute(sql.raw(`fetch forward ${batchSize} from report_cursor`)));
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

/** The key columns ride along under these aliases, as text (a timestamp keeps its microseconds). */
const keyAlias = (index: number) => `__key${index}`;

async function readByPages(
  db: Database,
  query: OrderedQuery,
  onBatch: (rows: RawRow[]) => Promise<void> | void,
  batchSize: number,
): Promise<number> {
  const keys = query.orderBy;
  const select = sql.join(
    [
      query.columns,
      ...keys.map((key, index) => sql`(${key.column})::text as ${sql.identifier(keyAlias(index))}`),
    ],
    sql`, `,
  );
  const page = async (condition: SQL | undefined, limit: number) =>
    rowsOf(
      await db.execute(sql`select ${select} from ${query.from}
        where ${query.where ?? sql`true`} and ${condition ?? sql`true`}
        order by ${orderByOf(keys)} limit ${limit}`),
    );
  let after: string[] | undefined;
  let total = 0;
  for (;;) {
    const rows: RawRow[] = [];
    // One statement for the first page; after that one per run of the order (see resumeAfter).
    for (const condition of after ? resumeAfter(keys, after) : [undefined]) {
      rows.push(...(await page(condition, batchSize - rows.length)));
      if (rows.length >= batchSize) break;
    }
    const last = rows.at(-1);
    if (last) {
      after = keys.map((_, index) => last[keyAlias(index)] as string);
      for (const row of rows) for (let index = 0; index < keys.length; index++) delete row[keyAlias(index)];
      total += rows.length;
      await onBatch(rows);
    }
    if (rows.length < batchSize) return total;
    // Other calls' statements, queued while this page ran, go before the next page.
    await nextTurn();
  }
}

/** `value` as the column's own type, so comparisons are exact and can use the column's index. */
const typed = (key: SortKey, value: string) => sql`cast(${value} as ${sql.raw(key.column.getSQLType())})`;

/** `(a, b) < (x, y)`: the rows after `values` in one direction, which an index on (a, b) serves. */
function beyond(keys: readonly SortKey[], values: readonly string[]): SQL {
  const operator = (keys[0] as SortKey).direction === 'asc' ? '>' : '<';
  return sql`(${sql.join(
    keys.map((key) => key.column),
    sql`, `,
  )}) ${sql.raw(operator)} (${sql.join(
    keys.map((key, index) => typed(key, values[index] as string)),
    sql`, `,
  )})`;
}

/**
 * The rows after `values` in the order of `keys`, as disjoint conditions to read one after the other. When
 * every key runs one way that is one row comparison. When the order turns (`status asc, date_created desc,
 * sid desc`) no row comparison says it, and the OR that would cannot use an index: the rows that share the
 * head's values and come after in the rest, then the rows beyond the head. A grouped first key is split off
 * the same way.
 */
function resumeAfter(keys: readonly SortKey[], values: readonly string[]): SQL[] {
  const first = keys[0] as SortKey;
  const turned = keys.findIndex((key) => key.direction !== first.direction);
  const turn = first.grouped && keys.length > 1 ? 1 : turned;
  if (turn < 0) return [beyond(keys, values)];
  const head = keys.slice(0, turn);
  const sameHead = sql.join(
    head.map((key, index) => sql`${key.column} = ${typed(key, values[index] as string)}`),
    sql` and `,
  );
  return [
    ...resumeAfter(keys.slice(turn), values.slice(turn)).map((rest) => sql`${sameHead} and ${rest}`),
    beyond(head, values.slice(0, turn)),
  ];
}
