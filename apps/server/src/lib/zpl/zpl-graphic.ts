/**
 * A bitmap as a ZPL graphic field (`^GFA`), in ZPL's own compressed ASCII hex: a row like the one before it is
 * one `:`, a row's trailing blank is one `,`, and a run of the same hex digit is a count letter before it (G-Y
 * for 1-19, g-z for 20-400 in twenties). A line of text compresses to about a tenth of its plain hex; every
 * ZPL II printer reads it. Trailing ink is written as a run of F rather than `!`, which some renderers fill
 * with the digit 1 instead of full bytes.
 */
import type { Bitmap } from './bitmap.ts';

/** The count letters for a run of `count` repeats (1 or more). */
function countLetters(count: number): string {
  let letters = '';
  let left = count;
  while (left >= 400) {
    letters += 'z';
    left -= 400;
  }
  if (left >= 20) {
    letters += String.fromCharCode(0x66 + Math.floor(left / 20)); // 'g' is 20, 'z' 400
    left %= 20;
  }
  if (left > 0) letters += String.fromCharCode(0x46 + left); // 'G' is 1, 'Y' 19
  return letters;
}

const DIGITS = '0123456789ABCDEF';

/** Hex digit `index` of a row (two a byte, the high nibble first). */
const nibble = (data: Uint8Array, start: number, index: number) =>
  index & 1 ? (data[start + (index >> 1)] ?? 0) & 15 : (data[start + (index >> 1)] ?? 0) >> 4;

/** One row's hex digits, compressed: runs of a digit as count letters, the trailing blank as `,`. */
function compressRow(data: Uint8Array, start: number, rowBytes: number): string {
  let end = rowBytes * 2;
  while (end > 0 && nibble(data, start, end - 1) === 0) end--;
  let out = '';
  let index = 0;
  while (index < end) {
    const digit = nibble(data, start, index);
    let run = 1;
    while (index + run < end && nibble(data, start, index + run) === digit) run++;
    out += run > 1 ? countLetters(run) + DIGITS[digit] : DIGITS[digit];
    index += run;
  }
  return end < rowBytes * 2 ? `${out},` : out;
}

function sameRow(data: Uint8Array, start: number, previous: number, rowBytes: number): boolean {
  for (let index = 0; index < rowBytes; index++)
    if (data[start + index] !== data[previous + index]) return false;
  return true;
}

/** `^GFA,<bytes>,<bytes>,<row bytes>,<data>` for the bitmap. */
export function graphicField(bitmap: Bitmap): string {
  const { data, rowBytes, height } = bitmap;
  const total = rowBytes * height;
  let out = `^GFA,${total},${total},${rowBytes},`;
  for (let row = 0; row < height; row++) {
    const start = row * rowBytes;
    out +=
      row > 0 && sameRow(data, start, start - rowBytes, rowBytes) ? ':' : compressRow(data, start, rowBytes);
  }
  return out;
}
