import type { StationVerdictCode } from '@parcelops/shared';
import { describe, expect, it } from 'vitest';
import type { StationKind } from '../station-types.ts';
import { verdictTone } from './verdict-tone.ts';

describe('verdictTone', () => {
  it.each<[StationKind, StationVerdictCode, string]>([
    ['hub', 'RECEIVED', 'success'],
    ['hub', 'ALREADY_RECEIVED', 'warning'],
    ['hub', 'DELIVERED', 'warning'],
    ['hub', 'RECEIVED_AT_OTHER_HUB', 'error'],
    ['hub', 'NOT_FOUND', 'error'],
    ['hub', 'SCAN_TIME_AHEAD', 'error'],
    ['ams', 'LOADED', 'success'],
    ['ams', 'MOVED', 'success'],
    ['ams', 'ALREADY_IN', 'warning'],
    ['ams', 'CONFLICT', 'error'],
    ['ams', 'PARCEL_SET_ASIDE', 'error'],
  ])('%s %s: %s', (kind, code, tone) => {
    expect(verdictTone(kind, { code })).toBe(tone);
  });
});
