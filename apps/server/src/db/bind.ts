/**
 * Where a statement's values go: into the text for one call (`inline`), or as placeholders kept for a
 * statement built once and run many times (`placeholders`, db/prepared.ts). It sits apart from the statement
 * caches, below everything else, because the SQL helpers (lib/sql.ts) take a `Bind` and the tables use those
 * helpers: a `Bind` next to the caches would tie every table to the database handle and back (an import loop).
 */
import { type Placeholder, sql } from 'drizzle-orm';

/**
 * Where a value goes in a statement: `bind(name, value)` answers the value itself when the statement is built
 * for one call, or a placeholder named `name` (the value kept for the call) when it is built to be reused.
 * A name may be bound twice (the same value in two places); different shapes must bind different names.
 */
export type Bind = <T>(name: string, value: T) => T | Placeholder<string, T>;

/** The values themselves: a statement built for this one call. */
export const inline: Bind = (_name, value) => value;

/** Binds placeholders and keeps each call's values; `names` says which were bound, in order (the shape). */
export function placeholders() {
  const values: Record<string, unknown> = {};
  const names: string[] = [];
  const bind: Bind = (name, value) => {
    if (!(name in values)) names.push(name);
    // Dates travel as ISO text, as Drizzle writes a timestamp column's values (pg and PGlite alike).
    values[name] = value instanceof Date ? value.toISOString() : value;
    return sql.placeholder(name) as Placeholder<string, never>;
  };
  return { bind, values, names };
}
