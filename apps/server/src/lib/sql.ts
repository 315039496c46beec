/**
 * SQL text helpers shared by the repositories. LIKE treats `%`, `_` and the escape character `\` as
 * wildcards; a filter box must match what people type, literally, so every pattern built from user text goes
 * through here.
 */

/** The text with LIKE's wildcards and its escape character escaped (PostgreSQL's default escape is `\`). */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (char) => `\\${char}`);
}

/** A LIKE pattern matching the text anywhere, literally. */
export function likePattern(text: string): string {
  return `%${escapeLike(text)}%`;
}
