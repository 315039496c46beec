import { describe, expect, it } from 'vitest';
import { chunks } from './chunks.ts';

describe('chunks', () => {
  it('slices in order, the last slice shorter', () => {
    expect(chunks([1, 2, 3, 4, 5], 2)).toEqual([[1, 2], [3, 4], [5]]);
    expect(chunks([1, 2, 3, 4], 2)).toEqual([
      [1, 2],
      [3, 4],
    ]);
  });

  it('gives no slice for an empty list and one for a short list', () => {
    expect(chunks([], 3)).toEqual([]);
    expect(chunks(['a'], 3)).toEqual([['a']]);
  });

  it('refuses a size that would never end', () => {
    expect(() => chunks([1], 0)).toThrow(RangeError);
    expect(() => chunks([1], 1.5)).toThrow(RangeError);
  });
});
