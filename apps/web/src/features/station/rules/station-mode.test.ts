import { describe, expect, it } from 'vitest';
import {
  connectionAfter,
  isQueuing,
  LIVE,
  maySend,
  modeName,
  retryDelayMs,
  type StationConnection,
} from './station-mode.ts';

const queued = (failures: number): StationConnection => ({ state: 'queued', failures, failure: null });
const refusal = { reason: 'Validation failed' };

describe('connectionAfter', () => {
  it('goes live on the first answer, whatever it was before', () => {
    for (const before of [LIVE, queued(4), { state: 'signedOut' } as const])
      expect(connectionAfter(before, { type: 'answered' })).toEqual(LIVE);
  });

  it('queues on no answer, counting the failures in a row', () => {
    expect(connectionAfter(LIVE, { type: 'unreachable' })).toEqual(queued(1));
    expect(connectionAfter(queued(1), { type: 'unreachable' })).toEqual(queued(2));
  });

  it('queues a list refused whole, keeping the server’s words', () => {
    expect(connectionAfter(queued(2), { type: 'refused', failure: refusal })).toEqual({
      state: 'queued',
      failures: 3,
      failure: refusal,
    });
  });

  it('waits for a new sign-in on a 401', () => {
    expect(connectionAfter(queued(3), { type: 'unauthorized' })).toEqual({ state: 'signedOut' });
  });
});

describe('modes', () => {
  it('names what the operator sees: signed out outranks the switch, the switch outranks the network', () => {
    expect(modeName(LIVE, false)).toBe('live');
    expect(modeName(queued(1), false)).toBe('queued');
    expect(modeName(LIVE, true)).toBe('manual');
    expect(modeName(queued(1), true)).toBe('manual');
    expect(modeName({ state: 'signedOut' }, true)).toBe('signIn');
  });

  it('holds a scan back unless live', () => {
    expect(isQueuing(LIVE, false)).toBe(false);
    expect(isQueuing(queued(1), false)).toBe(true);
    expect(isQueuing(LIVE, true)).toBe(true);
    expect(isQueuing({ state: 'signedOut' }, false)).toBe(true);
  });

  it('sends by itself only when live; queued, only Send now or a due retry; signed out, never', () => {
    expect(maySend(LIVE, false, false)).toBe(true);
    expect(maySend(queued(1), false, false)).toBe(false);
    expect(maySend(queued(1), false, true)).toBe(true);
    expect(maySend(LIVE, true, false)).toBe(false);
    expect(maySend(LIVE, true, true)).toBe(true);
    expect(maySend({ state: 'signedOut' }, false, true)).toBe(false);
  });
});

describe('retryDelayMs', () => {
  it('starts at 1 s and doubles up to 30 s', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 50].map(retryDelayMs)).toEqual([
      1_000, 2_000, 4_000, 8_000, 16_000, 30_000, 30_000, 30_000,
    ]);
  });
});
