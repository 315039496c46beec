/**
 * Customs filing systems take plain ASCII (the ACAS house bill's name, street and description fields): the
 * manifest file gives Vietnamese as the broker types it, without its marks ("Nguyễn Thị Hương" ->
 * "Nguyen Thi Huong", "Đà Nẵng" -> "Da Nang"), and keeps the original beside it.
 */

/** Letters whose base is not split off by Unicode decomposition, and punctuation that has a plain twin. */
const PLAIN: Readonly<Record<string, string>> = {
  đ: 'd',
  Đ: 'D',
  ß: 'ss',
  æ: 'ae',
  Æ: 'AE',
  ø: 'o',
  Ø: 'O',
  œ: 'oe',
  Œ: 'OE',
  ł: 'l',
  Ł: 'L',
  '\u2018': "'",
  '\u2019': "'",
  '\u201c': '"',
  '\u201d': '"',
  '\u2013': '-',
  '\u2014': '-',
  '\u2026': '...',
  '\u00a0': ' ',
};

/**
 * The text in printable ASCII: marks dropped, the letters above spelled plainly; anything else that has no
 * plain spelling becomes "?", so the file shows where something was lost rather than hiding it.
 */
export function plainAscii(value: string): string {
  return value
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .replace(/[^\x20-\x7e]/g, (char) => PLAIN[char] ?? (/\s/.test(char) ? ' ' : '?'));
}

/** True when the text is printable ASCII already (the original column then repeats nothing new). */
export function isPlainAscii(value: string): boolean {
  return /^[\x20-\x7e]*$/.test(value);
}
