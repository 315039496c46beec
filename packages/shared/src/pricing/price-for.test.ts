import { describe, expect, it } from 'vitest';
import { PriceLookupError, priceFor } from './price-for.ts';

const table = [
  { weight: 100, vnd: 50_000, usd: 2 },
  { weight: 500, vnd: 120_000, usd: 5 },
  { weight: 1000, vnd: 200_000, usd: 8.5 },
];

describe('priceFor', () => {
  it('takes the first row whose weight is at least the chargeable weight', () => {
    expect(priceFor(table, 1)).toEqual(table[0]);
    expect(priceFor(table, 100)).toEqual(table[0]);
    expect(priceFor(table, 101)).toEqual(table[1]);
    expect(priceFor(table, 500)).toEqual(table[1]);
    expect(priceFor(table, 999)).toEqual(table[2]);
    expect(priceFor(table, 1000)).toEqual(table[2]);
  });

  it('prices a zero weight at the first row', () => {
    expect(priceFor(table, 0)).toEqual(table[0]);
  });

  it('refuses a weight over the largest row, naming both weights', () => {
    expect(() => priceFor(table, 1001)).toThrow(PriceLookupError);
    expect(() => priceFor(table, 1001)).toThrow(
      'The chargeable weight 1,001 g is over the largest weight of the price table (1,000 g).',
    );
  });

  it('refuses an empty table and a weight that is not one', () => {
    expect(() => priceFor([], 10)).toThrow('The price table has no rows.');
    expect(() => priceFor(table, Number.NaN)).toThrow(PriceLookupError);
    expect(() => priceFor(table, -1)).toThrow(PriceLookupError);
  });

  it('works on a one-row table and on large tables', () => {
    expect(priceFor([{ weight: 30_000, vnd: 1, usd: 1 }], 29_999).weight).toBe(30_000);
    const big = Array.from({ length: 3000 }, (_, index) => ({
      weight: (index + 1) * 10,
      vnd: index,
      usd: index,
    }));
    expect(priceFor(big, 12_345).weight).toBe(12_350);
  });
});
