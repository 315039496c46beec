/**
 * Search that forgives missing accents and letter case: "Huong" finds "Hương", "NGUYEN" finds "Nguyễn", "do"
 * finds "Đỗ". A text is folded by taking its accents off (canonical decomposition, then the combining marks
 * dropped), turning the letters that carry a stroke rather than an accent (đ, ø, ł...) into their plain letter,
 * and lower-casing. The server's searches compare the folded query with the database's `search_fold(column)`
 * (migration 0013), which does exactly the same, so what this function gives is what the indexes hold.
 */

/** Letters with a stroke or bar, which decomposition leaves whole, and the plain letter each folds to. */
export const SEARCH_FOLD_STROKED = 'đĐðÐɖƉøØłŁħĦıŧŦ';
export const SEARCH_FOLD_PLAIN = 'ddddddoollhhitt';

/** Combining diacritical marks (U+0300 to U+036F): all of them go. */
const COMBINING_MARKS = /[\u0300-\u036f]+/g;
const STROKED = new Map([...SEARCH_FOLD_STROKED].map((letter, index) => [letter, SEARCH_FOLD_PLAIN[index]]));
const ASCII_ONLY = /^\p{ASCII}*$/u;

/** The text as searches compare it: without accents, strokes or capitals (NFC and NFD input alike). */
export function searchFold(text: string): string {
  if (ASCII_ONLY.test(text)) return text.toLowerCase();
  const bare = text.normalize('NFD').replace(COMBINING_MARKS, '');
  // Letter by letter, as PostgreSQL's lower() does: a final sigma stays σ, as the database folds it.
  return Array.from(bare, (char) => (STROKED.get(char) ?? char).toLowerCase()).join('');
}
