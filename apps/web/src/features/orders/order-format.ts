/** How orders show their numbers (spec §9: weights are grams, shown in KG with 2 decimals). */

export function formatKg(grams: number): string {
  return (grams / 1000).toFixed(2);
}

const VND = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });
const USD = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

export function formatVnd(amount: number): string {
  return `${VND.format(amount)} VND`;
}

export function formatUsd(amount: number): string {
  return `${USD.format(amount)} USD`;
}
