/**
 * SQL text helpers shared by the repositories. LIKE treats `%`, `_` and the escape character `\` as
 * wildcards; a filter box must match what people type, literally, so every pattern built from user text goes
 * through here.
 */
import { searchFold } from '@parcelops/shared';
import { type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import { type Bind, inline } from '../db/bind.ts';

/** The text with LIKE's wildcards and its escape character escaped (PostgreSQL's default escape is `\`). */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (char) => `\\${char}`);
}

/** A LIKE pattern matching the text anywhere, literally. */
export function likePattern(text: string): string {
  return `%${escapeLike(text)}%`;
}

/**
 * `search_fold(value)` (migration 0015): the value without accents, strokes or capitals, as searches compare
 * it. The indexes a search uses are built on exactly this expression (the tables call it too), so a query that
 * goes through here matches its index; written any other way, the planner would not see it.
 */
export function searchFolded(value: SQLWrapper): SQL {
  return sql`search_fold(${value})`;
}

/** `search_digits(value)` (migration 0015): only the digits, for phone numbers typed with any spacing. */
export function searchDigits(value: SQLWrapper): SQL {
  return sql`search_digits(${value})`;
}

/** Three letters or digits in a row: what a trigram index can look up (pg_trgm). */
const TRIGRAM = /[\p{L}\p{N}]{3}/u;

/**
 * The folded value contains the text, folded the same way (searchFold), literally: "huong" and "HƯƠNG" both
 * find "Hương"; `%` and `_` find themselves. A text with three letters or digits in a row goes through the
 * value's trigram index (LIKE); a shorter one, or only punctuation such as "%", has no trigram to look up, and
 * on LIKE the planner misjudged it and read the whole index and every row (8 s on a million orders), so it is
 * checked by position on the rows the other filters leave. (`bind`: the text as a value of a statement built
 * once, db/prepared.ts; the two ways bind different names, as they are different statements.)
 */
export function foldedContains(value: SQLWrapper, text: string, bind: Bind = inline): SQL {
  const folded = searchFold(text);
  return TRIGRAM.test(folded)
    ? sql`${searchFolded(value)} like ${bind('foldedContainsPattern', likePattern(folded))}`
    : sql`strpos(${searchFolded(value)}, ${bind('foldedContainsText', folded)}) > 0`;
}

/** The folded value starts with the text, folded the same way (for a btree index with text_pattern_ops). */
export function foldedStartsWith(value: SQLWrapper, text: string, bind: Bind = inline): SQL {
  return sql`${searchFolded(value)} like ${bind('foldedStartsWithPattern', `${escapeLike(searchFold(text))}%`)}`;
}
