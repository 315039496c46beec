import { describe, expect, it } from 'vitest';
import { formatKg, formatUtcMinute, formatVnd, formatWeightKg, formatWhole } from './pdf-format.ts';

describe('PDF formats', () => {
  it('shows weights in KG with two decimals (spec §9), thousands grouped', () => {
    expect(formatWeightKg(1250)).toBe('1.25 KG');
    expect(formatWeightKg(5)).toBe('0.01 KG');
    expect(formatWeightKg(0)).toBe('0.00 KG');
    expect(formatWeightKg(12_345_678)).toBe('12,345.68 KG');
    expect(formatKg(999_995)).toBe('1,000.00');
  });

  it('shows dong as whole numbers with thousands separators', () => {
    expect(formatVnd(1_234_000)).toBe('1,234,000 VND');
    expect(formatWhole(0)).toBe('0');
    expect(formatWhole(999.6)).toBe('1,000');
  });

  it('shows times in UTC to the minute', () => {
    expect(formatUtcMinute(new Date('2026-11-22T08:05:59.900Z'))).toBe('2026-11-22 08:05 UTC');
  });
});
