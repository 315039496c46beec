/**
 * The one way a scanned text names an order (product decisions, Hub work; issue 16's bad input): normalised
 * first (normalizeBarcode: no whitespace or control characters, upper case, no AIM prefix), matched exactly,
 * and only when that finds nothing, by the one barcode of ours inside the text (embeddedBarcode: a carrier's
 * prefix, a trailing check character). AMS loads look one text up at a time (lookUpScanned); the hub's uploads
 * and reports match many texts against rows read in one query (matchScanned, hub/barcode-match.ts).
 */
import { embeddedBarcode, normalizeBarcode } from '@parcelops/shared';

/** The barcodes a normalised text may name, in the order they are tried: itself, then ours inside it. */
export function barcodeCandidates(normalized: string): string[] {
  if (!normalized) return [];
  const inside = embeddedBarcode(normalized);
  return inside ? [normalized, inside] : [normalized];
}

/**
 * The row a scanned text names, found by `find` (one barcode a call: exact first, the embedded one only when
 * the exact one finds nothing, so a lock taken by `find` is only ever on the order answered), with the text
 * as normalised (blank when nothing of it is left, for the refusal's words).
 */
export async function lookUpScanned<Row>(
  scanned: string,
  find: (barcode: string) => Promise<Row | undefined>,
): Promise<{ code: string; row: Row | undefined }> {
  const code = normalizeBarcode(scanned);
  for (const barcode of barcodeCandidates(code)) {
    const row = await find(barcode);
    if (row !== undefined) return { code, row };
  }
  return { code, row: undefined };
}

/** The row a normalised text names among rows read by barcode: exactly, else by the barcode of ours inside. */
export function matchScanned<Row>(normalized: string, byBarcode: ReadonlyMap<string, Row>): Row | undefined {
  for (const barcode of barcodeCandidates(normalized)) {
    const row = byBarcode.get(barcode);
    if (row !== undefined) return row;
  }
  return undefined;
}
