/**
 * Barcodes as scanners and people give them, matched to orders (product decisions, Hub work; issue 16's bad
 * input): normalised first (normalizeBarcode: no whitespace or control characters, upper case, no AIM prefix),
 * matched exactly, and only when that finds nothing, by the one barcode of ours inside the text
 * (embeddedBarcode: a carrier's prefix, a trailing check character). The scan, the scan report and both barcode
 * uploads match through here.
 */
import { embeddedBarcode, normalizeBarcode } from '@parcelops/shared';

/** The texts normalised, blank ones dropped, each once, in their order. */
export function normalizedTexts(texts: Iterable<string>): string[] {
  const unique = new Set<string>();
  for (const text of texts) {
    const code = normalizeBarcode(text);
    if (code) unique.add(code);
  }
  return [...unique];
}

/** What to look up for these normalised texts in one query: each text, and the barcode of ours inside it. */
export function lookupCodes(texts: readonly string[]): string[] {
  const codes = new Set<string>();
  for (const text of texts) {
    codes.add(text);
    const inside = embeddedBarcode(text);
    if (inside) codes.add(inside);
  }
  return [...codes];
}

/** The row a normalised text names: the one with exactly this barcode, else the one with ours inside it. */
export function matchText<T>(text: string, byBarcode: ReadonlyMap<string, T>): T | undefined {
  const exact = byBarcode.get(text);
  if (exact !== undefined) return exact;
  const inside = embeddedBarcode(text);
  return inside === null ? undefined : byBarcode.get(inside);
}

export interface Matched<T> {
  /** The order's own barcode when found, else the text as normalised. */
  barcode: string;
  row: T | undefined;
}

/**
 * Each text with the row it names, in order, each order once: a later text naming an order already named (its
 * barcode again, or with a check character) is left out. `seen` carries that across the chunks of one upload.
 */
export function matchTexts<T extends { barcode: string }>(
  texts: readonly string[],
  byBarcode: ReadonlyMap<string, T>,
  seen: Set<string> = new Set(),
): Matched<T>[] {
  const matched: Matched<T>[] = [];
  for (const text of texts) {
    const row = matchText(text, byBarcode);
    const barcode = row ? row.barcode : text;
    if (seen.has(barcode)) continue;
    seen.add(barcode);
    matched.push({ barcode, row });
  }
  return matched;
}

/** Rows by their barcode. */
export function byBarcode<T extends { barcode: string }>(rows: Iterable<T>): Map<string, T> {
  const map = new Map<string, T>();
  for (const row of rows) map.set(row.barcode, row);
  return map;
}
