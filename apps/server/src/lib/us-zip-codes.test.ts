import { US_STATES } from '@parcelops/shared';
import { describe, expect, it } from 'vitest';
import { usZipCount, usZipState } from './us-zip-codes.ts';

describe('US ZIP codes', () => {
  it('reads the whole data set, every state of the USPS list and none other', () => {
    expect(usZipCount()).toBeGreaterThan(40_000);
    const codes = new Set(US_STATES.map((entry) => entry.code));
    for (const zip of ['90001', '10001', '98101', '20500', '00601', '96910', '09001', '96960'])
      expect(codes.has(usZipState(zip) as string), zip).toBe(true);
  });

  it('names the state of a ZIP code, and none for a ZIP code that does not exist', () => {
    expect(usZipState('90001')).toBe('CA');
    expect(usZipState('02108')).toBe('MA');
    expect(usZipState('73301')).toBe('TX');
    expect(usZipState('20500')).toBe('DC');
    expect(usZipState('00601')).toBe('PR');
    expect(usZipState('99999')).toBeUndefined();
    expect(usZipState('00000')).toBeUndefined();
    expect(usZipState('9000')).toBeUndefined();
    expect(usZipState('abcde')).toBeUndefined();
  });
});
