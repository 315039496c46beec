import { describe, expect, it } from 'vitest';
import { actualWeight, chargeableWeight, volumetricWeight } from './chargeable-weight.ts';

const item = (over: Partial<Parameters<typeof chargeableWeight>[0][number]> = {}) => ({
  quantity: 1,
  itemWeight: 0,
  itemWidth: 0,
  itemHeight: 0,
  itemLength: 0,
  ...over,
});

describe('chargeableWeight (spec §5)', () => {
  it('uses the actual weight when it is the larger', () => {
    const items = [item({ quantity: 2, itemWeight: 300, itemWidth: 10, itemHeight: 5, itemLength: 10 })];
    expect(actualWeight(items)).toBe(600);
    expect(volumetricWeight(items)).toBe(200); // 10 × (2 × 5) × 10 / 5
    expect(chargeableWeight(items)).toBe(600);
  });

  it('uses the volumetric weight when it is the larger: max width × sum of heights × max length / 5', () => {
    const items = [
      item({ itemWeight: 100, itemWidth: 30, itemHeight: 10, itemLength: 20 }),
      item({ itemWeight: 100, itemWidth: 20, itemHeight: 5, itemLength: 40 }),
    ];
    // 30 × (10 + 5) × 40 / 5 = 3600
    expect(chargeableWeight(items)).toBe(3600);
  });

  it('rounds up to whole grams', () => {
    expect(chargeableWeight([item({ itemWeight: 100.2 })])).toBe(101);
    expect(chargeableWeight([item({ itemWidth: 3, itemHeight: 1, itemLength: 3 })])).toBe(2); // 9 / 5 = 1.8
    expect(chargeableWeight([item({ quantity: 3, itemWeight: 0.1 })])).toBe(1);
  });

  it('does not add a gram for floating-point noise', () => {
    expect(
      chargeableWeight([item({ itemWeight: 0.1 }), item({ itemWeight: 0.2 }), item({ itemWeight: 99.7 })]),
    ).toBe(100);
  });

  it('is 0 for no items or weightless items', () => {
    expect(chargeableWeight([])).toBe(0);
    expect(chargeableWeight([item()])).toBe(0);
  });
});
