/** The rules after an attempt, and Retry-After's two forms: pure, no database. */
import { HOOK_RETRY_SCHEDULE_SECONDS } from '@parcelops/shared';
import { describe, expect, it } from 'vitest';
import { FAILING_REASON, GONE_REASON, healthAfter, outcomeOf } from './hook-outcome.ts';
import { type HookAttemptResult, retryAfterSeconds } from './hook-request.ts';

const answered = (statusCode: number | null, retryAfter: number | null = null): HookAttemptResult => ({
  statusCode,
  durationMs: 10,
  error: null,
  responseBody: null,
  retryAfterSeconds: retryAfter,
});

describe('outcomeOf', () => {
  it('delivers on any 2xx', () => {
    for (const status of [200, 201, 204, 299])
      expect(outcomeOf(answered(status), 0, true)).toEqual({ state: 'delivered' });
  });

  it('follows the schedule now, 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h, then fails', () => {
    const delays = HOOK_RETRY_SCHEDULE_SECONDS.map((_, step) => {
      const outcome = outcomeOf(answered(500), step, true);
      return outcome.state === 'pending' ? outcome.delaySeconds : outcome.state;
    });
    expect(delays).toEqual([5, 300, 1800, 7200, 18000, 36000, 36000]);
    expect(outcomeOf(answered(500), 7, true)).toEqual({ state: 'failed' });
    expect(outcomeOf(answered(null), 0, true)).toEqual({ state: 'pending', step: 1, delaySeconds: 5 });
    expect(outcomeOf(answered(302), 1, true)).toEqual({ state: 'pending', step: 2, delaySeconds: 300 });
  });

  it('waits for Retry-After when it is longer than the next step, never shorter', () => {
    expect(outcomeOf(answered(429, 90), 0, true)).toMatchObject({ delaySeconds: 90 });
    expect(outcomeOf(answered(503, 10), 1, true)).toMatchObject({ delaySeconds: 300 });
  });

  it('fails at once on 410 and for events without retries (test events)', () => {
    expect(outcomeOf(answered(410), 0, true)).toEqual({ state: 'failed' });
    expect(outcomeOf(answered(500), 0, false)).toEqual({ state: 'failed' });
  });
});

describe('healthAfter', () => {
  const now = new Date('2026-11-26T00:00:00Z');
  const daysBefore = (days: number) => new Date(now.getTime() - days * 86_400_000);

  it('clears the failure clock on success and starts it on the first failure', () => {
    expect(healthAfter(answered(200), daysBefore(3), now)).toEqual({ failingSince: null, disable: null });
    expect(healthAfter(answered(500), null, now)).toEqual({ failingSince: now, disable: null });
  });

  it('disables after five days of failures, and at once on 410', () => {
    expect(healthAfter(answered(500), daysBefore(4.9), now).disable).toBeNull();
    expect(healthAfter(answered(500), daysBefore(5), now).disable).toBe(FAILING_REASON);
    expect(healthAfter(answered(410), null, now).disable).toBe(GONE_REASON);
  });
});

describe('retryAfterSeconds', () => {
  it('reads seconds and HTTP dates, at most a day, nothing from nonsense', () => {
    const now = Date.parse('2026-11-26T00:00:00Z');
    expect(retryAfterSeconds('120', now)).toBe(120);
    expect(retryAfterSeconds('Thu, 26 Nov 2026 00:02:00 GMT', now)).toBe(120);
    expect(retryAfterSeconds('999999999', now)).toBe(86_400);
    expect(retryAfterSeconds('soon', now)).toBeNull();
    expect(retryAfterSeconds(undefined, now)).toBeNull();
  });
});
