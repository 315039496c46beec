import type { PriceRow } from './price-table.schemas.ts';

export class PriceLookupError extends Error {
  constructor(
    message: string,
    readonly reason: 'empty_table' | 'over_largest_weight' | 'invalid_weight',
  ) {
    super(message);
    this.name = 'PriceLookupError';
  }
}

const grams = (value: number) => `${value.toLocaleString('en-US')} g`;

/**
 * The price of a parcel (product decisions, Orders): the first row, by ascending weight, whose weight is at
 * least the chargeable weight. `rows` must be sorted by weight, as stored tables are. Over the largest row
 * there is no price, and that is refused rather than guessed.
 */
export function priceFor(rows: readonly PriceRow[], chargeableWeightGrams: number): PriceRow {
  if (!Number.isFinite(chargeableWeightGrams) || chargeableWeightGrams < 0) {
    throw new PriceLookupError(
      `The chargeable weight ${chargeableWeightGrams} is not a weight in grams.`,
      'invalid_weight',
    );
  }
  const largest = rows.at(-1);
  if (!largest) throw new PriceLookupError('The price table has no rows.', 'empty_table');
  if (chargeableWeightGrams > largest.weight) {
    throw new PriceLookupError(
      `The chargeable weight ${grams(chargeableWeightGrams)} is over the largest weight of the price table (${grams(largest.weight)}).`,
      'over_largest_weight',
    );
  }
  let low = 0;
  let high = rows.length - 1;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if ((rows[middle] as PriceRow).weight >= chargeableWeightGrams) high = middle;
    else low = middle + 1;
  }
  return rows[low] as PriceRow;
}
