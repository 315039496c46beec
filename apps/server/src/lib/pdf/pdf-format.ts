/**
 * Quantities and times as the product's PDFs print them. The number formats are made once: a report prints
 * tens of thousands of figures, and `toLocaleString` with options builds a new formatter each call (30x
 * slower).
 */

const KG = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
const WHOLE = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });

/** Grams in KG with two decimals (spec §9), thousands grouped: "1.25 KG", "12,345.68 KG". */
export function formatWeightKg(grams: number): string {
  return `${formatKg(grams)} KG`;
}

/** Grams as a bare KG figure, for a column headed in KG: "12,345.68". */
export function formatKg(grams: number): string {
  return KG.format(grams / 1000);
}

/** A whole number, thousands grouped: "1,234,000" (counts, and dong in a column headed VND). */
export function formatWhole(value: number): string {
  return WHOLE.format(value);
}

/** Dong with the unit: "1,234,000 VND". */
export function formatVnd(amount: number): string {
  return `${WHOLE.format(amount)} VND`;
}

/** A moment in UTC to the minute, as the rest of the API speaks times: "2026-11-22 08:05 UTC". */
export function formatUtcMinute(date: Date): string {
  return `${date.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
}
