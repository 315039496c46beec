/**
 * Statements built once and run many times (issue 22). Drizzle writes a statement's text anew on every call,
 * walking every selected column through its class checks: for the orders list's 32 columns that is most of
 * what the API spends on a call besides the database (docs/decisions.md, "Hot reads build their statements
 * once"). The hot reads instead build theirs once per shape, with placeholders where the values go, and then
 * only fill in each call's values. Where the values go is db/bind.ts.
 *
 * The statement stays unnamed at PostgreSQL, as an ordinary query is: it is parsed and planned with its values
 * on every run, so no shape ever runs on a generic plan that ignores them (the name search's plan depends on
 * the text). A statement belongs to the database or transaction it was built on, so the cache is per executor.
 */
import { fillPlaceholders, type SQL, sql } from 'drizzle-orm';
import type { Executor } from './database.ts';
import { rowsOf } from './raw-rows.ts';

interface Reusable<Row> {
  execute(values?: Record<string, unknown>): Promise<Row[]>;
}
interface Preparable<Row> {
  /** Drizzle's `prepare(name)`; called without a name (see run below), which its typings do not say it takes. */
  prepare(name?: string): Reusable<Row>;
}

/** Shapes kept per executor; a query whose filters come in many combinations still stays small. */
const MAX_SHAPES = 500;

export class StatementCache {
  private readonly byExecutor = new WeakMap<Executor, Map<string, Reusable<unknown>>>();

  /** Runs the statement of this shape (`key`) with these values, building it with `build` the first time. */
  run<Row>(
    db: Executor,
    key: string,
    build: () => Preparable<Row>,
    values: Record<string, unknown> = {},
  ): Promise<Row[]> {
    let shapes = this.byExecutor.get(db);
    if (!shapes) {
      shapes = new Map();
      this.byExecutor.set(db, shapes);
    }
    let statement = shapes.get(key) as Reusable<Row> | undefined;
    if (!statement) {
      if (shapes.size >= MAX_SHAPES) shapes.clear();
      // No name: Drizzle then sends it as an unnamed statement, planned with each call's values (see above).
      statement = build().prepare();
      shapes.set(key, statement as Reusable<unknown>);
    }
    return statement.execute(values);
  }
}

interface Writable {
  toSQL(): { sql: string; params: unknown[] };
}

/**
 * Statements written once and run on any executor, a transaction's included (a StatementCache's belong to the
 * executor they were built on, and every transaction is a new one): for writes and for reads whose columns
 * come back under their own names, as the rows are not mapped. The text is kept, split at its parameters,
 * and each run joins it with that call's values; Drizzle then only numbers the parameters again.
 */
export class StatementTexts {
  private readonly texts = new Map<string, { pieces: string[]; params: unknown[] }>();

  async run<Row>(
    db: Executor,
    key: string,
    build: () => Writable,
    values: Record<string, unknown>,
  ): Promise<Row[]> {
    let text = this.texts.get(key);
    if (!text) {
      if (this.texts.size >= MAX_SHAPES) this.texts.clear();
      const written = build().toSQL();
      text = { pieces: written.sql.split(/\$\d+/), params: written.params };
      this.texts.set(key, text);
    }
    const filled = fillPlaceholders(text.params, values);
    const chunks: SQL[] = [];
    text.pieces.forEach((piece, index) => {
      chunks.push(sql.raw(piece));
      if (index < filled.length) chunks.push(sql`${filled[index]}`);
    });
    return rowsOf<Row>(await db.execute(sql.join(chunks)));
  }
}
