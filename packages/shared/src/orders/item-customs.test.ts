import { describe, expect, it } from 'vitest';
import {
  COUNTRY_CODES,
  DEFAULT_ORIGIN_COUNTRY,
  declaredValueProblem,
  isCountryCode,
  originCountryProblem,
} from './item-customs.ts';

describe('COUNTRY_CODES', () => {
  it('holds the 249 assigned ISO 3166-1 alpha-2 codes, once each, sorted, VN among them', () => {
    expect(COUNTRY_CODES).toHaveLength(249);
    expect(new Set(COUNTRY_CODES).size).toBe(249);
    expect([...COUNTRY_CODES].sort()).toEqual(COUNTRY_CODES);
    expect(COUNTRY_CODES.every((code) => /^[A-Z]{2}$/.test(code))).toBe(true);
    expect(isCountryCode(DEFAULT_ORIGIN_COUNTRY)).toBe(true);
    for (const code of ['US', 'CN', 'GB', 'SS', 'CW', 'AX']) expect(isCountryCode(code), code).toBe(true);
    // Reserved, user-assigned or withdrawn: not for a customs entry.
    for (const code of ['EU', 'UK', 'XK', 'AN', 'YU', 'ZZ', 'vn'])
      expect(isCountryCode(code), code).toBe(false);
  });
});

describe('declaredValueProblem', () => {
  it('takes more than 0 up to 1,000,000 in cents, floating point sums included', () => {
    for (const value of [0.01, 0.1 + 0.2 - 0.01, 8.5, 999_999.99, 1_000_000])
      expect(declaredValueProblem(value), String(value)).toBeNull();
  });

  it('says why any other value is refused', () => {
    expect(declaredValueProblem(0)).toBe('Declared value must be more than 0');
    expect(declaredValueProblem(-0.01)).toBe('Declared value must be more than 0');
    expect(declaredValueProblem(1_000_000.01)).toBe('Declared value must be at most 1000000');
    expect(declaredValueProblem(0.001)).toBe('Declared value may have at most 2 decimals');
    expect(declaredValueProblem(Number.POSITIVE_INFINITY)).toBe('Declared value must be a number');
  });
});

describe('originCountryProblem', () => {
  it('tells a malformed code from an unknown one', () => {
    expect(originCountryProblem('VN')).toBeNull();
    expect(originCountryProblem('V')).toBe('Origin country must be a two-letter ISO 3166 code, such as VN');
    expect(originCountryProblem('V1')).toBe('Origin country must be a two-letter ISO 3166 code, such as VN');
    expect(originCountryProblem('QQ')).toBe('Origin country QQ is not an ISO 3166 country code');
  });
});
