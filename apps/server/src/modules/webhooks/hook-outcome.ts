/**
 * What follows an attempt (product decisions, Tracking and notifications): 2xx delivers; 410 Gone disables the
 * hook; anything else is retried on the schedule (now, 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h: about a day),
 * never sooner than a 429's or 5xx's Retry-After, and then the event has failed. A hook that has failed for five
 * days without one success is disabled. Test events get one attempt and leave the hook's health alone.
 */
import {
  englishOf,
  HOOK_DISABLE_AFTER_DAYS,
  HOOK_RETRY_SCHEDULE_SECONDS,
  type Text,
  text,
} from '@parcelops/shared';
import type { HookAttemptResult } from './hook-request.ts';

export type AttemptOutcome =
  | { state: 'delivered' }
  | { state: 'failed' }
  | { state: 'pending'; step: number; delaySeconds: number };

export interface HookHealthChange {
  /** The hook's failing_since after this attempt (null: it works). */
  failingSince: Date | null;
  /** Set when the hook must be disabled now, with why. */
  disable: string | null;
}

const DAY_MS = 24 * 60 * 60 * 1000;
const GONE_TEXT = text('webhooks.disabled.gone');
const FAILING_TEXT = text('webhooks.disabled.failing', { days: HOOK_DISABLE_AFTER_DAYS });
export const GONE_REASON = englishOf(GONE_TEXT);
export const FAILING_REASON = englishOf(FAILING_TEXT);

/** A stored reason for disabling a hook as its catalogue text: it is one of the two above, or older words. */
export function disabledReasonText(reason: string | null): Text | null {
  if (reason === GONE_REASON) return GONE_TEXT;
  if (reason === FAILING_REASON) return FAILING_TEXT;
  return null;
}

export const isSuccess = (result: HookAttemptResult) =>
  result.statusCode !== null && result.statusCode >= 200 && result.statusCode < 300;

/** The event's next state after an attempt made at `step` (failed attempts before it in this round). */
export function outcomeOf(result: HookAttemptResult, step: number, retries: boolean): AttemptOutcome {
  if (isSuccess(result)) return { state: 'delivered' };
  if (result.statusCode === 410 || !retries) return { state: 'failed' };
  const scheduled = HOOK_RETRY_SCHEDULE_SECONDS[step];
  if (scheduled === undefined) return { state: 'failed' };
  return {
    state: 'pending',
    step: step + 1,
    delaySeconds: Math.max(scheduled, result.retryAfterSeconds ?? 0),
  };
}

/** The hook's health after an attempt of an order event, at `now`. */
export function healthAfter(
  result: HookAttemptResult,
  failingSince: Date | null,
  now: Date,
): HookHealthChange {
  if (isSuccess(result)) return { failingSince: null, disable: null };
  if (result.statusCode === 410) return { failingSince: failingSince ?? now, disable: GONE_REASON };
  const since = failingSince ?? now;
  const disable = now.getTime() - since.getTime() >= HOOK_DISABLE_AFTER_DAYS * DAY_MS ? FAILING_REASON : null;
  return { failingSince: since, disable };
}
