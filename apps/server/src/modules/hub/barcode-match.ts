/**
 * Barcodes as scanners and people give them, matched to orders (product decisions, Hub work; issue 16's bad
 * input): normalised first (normalizeBarcode: no whitespace or control characters, upper case, no AIM prefix),
 * matched exactly, and only when that finds nothing, by the one barcode of ours inside the text
 * (embeddedBarcode: a carrier's prefix, a trailing check character), as orders/scanned-barcode.ts says for
 * every path. The scan, the scan report and both barcode uploads match through here.
 */
import { normalizeBarcode } from '@parcelops/shared';
import { barcodeCandidates, matchScanned } from '../orders/scanned-barcode.ts';

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
  for (const text of texts) for (const code of barcodeCandidates(text)) codes.add(code);
  return [...codes];
}

/** The row a normalised text names: the one with exactly this barcode, else the one with ours inside it. */
export function matchText<T>(text: string, byBarcode: ReadonlyMap<string, T>): T | undefined {
  return matchScanned(text, byBarcode);
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
