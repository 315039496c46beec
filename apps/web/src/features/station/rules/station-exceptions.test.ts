import type { StationVerdictCode } from '@parcelops/shared';
import { describe, expect, it } from 'vitest';
import { isException, isReceipt } from './station-exceptions.ts';

const queued = { live: false, receivedHere: false };

describe('isException', () => {
  it('never takes a live verdict: the operator saw it on the banner', () => {
    for (const code of ['NOT_FOUND', 'RECEIVED_AT_OTHER_HUB', 'SCAN_TOO_OLD'] as const)
      expect(isException('hub', { code }, { live: true, receivedHere: false })).toBe(false);
  });

  it.each<[StationVerdictCode, boolean]>([
    ['RECEIVED', false],
    ['NOT_FOUND', true],
    ['RECEIVED_AT_OTHER_HUB', true],
    ['IN_MANIFEST', true],
    ['DEPARTED', true],
    ['DELIVERED', true],
    ['FAILED', true],
    ['ORDER_FAILED', true],
    ['ALREADY_RECEIVED', true],
    ['SCAN_TIME_AHEAD', true],
    ['SCAN_TOO_OLD', true],
    ['SCAN_ID_REUSED', true],
    ['FORBIDDEN', true],
  ])('hub, queued: %s is an exception: %s', (code, expected) => {
    expect(isException('hub', { code }, queued)).toBe(expected);
  });

  it('lets a parcel this station received itself be scanned again without an exception', () => {
    expect(isException('hub', { code: 'ALREADY_RECEIVED' }, { live: false, receivedHere: true })).toBe(false);
  });

  it.each<[StationVerdictCode, boolean]>([
    ['LOADED', false],
    ['ALREADY_IN', false],
    ['MOVED', false],
    ['CONFLICT', true],
    ['PARCEL_SET_ASIDE', true],
    ['NOT_FOUND', true],
    ['VALIDATION_FAILED', true],
    ['SCAN_TIME_AHEAD', true],
    ['SCAN_ID_REUSED', true],
  ])('manifest load, queued: %s is an exception: %s', (code, expected) => {
    expect(isException('ams', { code }, queued)).toBe(expected);
  });
});

describe('isReceipt', () => {
  it('is a hub scan that received the parcel now', () => {
    expect(isReceipt('hub', { code: 'RECEIVED' })).toBe(true);
    expect(isReceipt('hub', { code: 'ALREADY_RECEIVED' })).toBe(false);
    expect(isReceipt('ams', { code: 'LOADED' })).toBe(false);
  });
});
