/**
 * Delivers a batch of webhook jobs: each event still owed (pending, and this job's round) is signed and posted
 * side by side with the others (at most the pace's concurrency in flight, a turn of the loop before each
 * signature: delivery-pace.ts), each bounded by its timeout; then one transaction records every attempt, moves
 * each event on (delivered, failed, or its next attempt enqueued on the schedule) and updates the hooks' health.
 * While the API is busy a batch goes in smaller slices, a transaction each, with rests between (`deliverJobs`).
 * A process that dies before that commit leaves the jobs active; the queue hands them back when they expire and
 * the events are attempted again: at least once, never lost.
 */
import { WEBHOOK_TEST } from '@parcelops/shared';
import type { Database, Transaction } from '../../db/database.ts';
import type { JobSender } from '../../jobs/job-queue.ts';
import { newSid } from '../../lib/ids.ts';
import type { OutboundHttp } from '../../lib/outbound-http.ts';
import type { SecretBox } from '../../lib/secret-box.ts';
import type { MetricsRecorder, WebhookOutcome } from '../../ops/metrics.ts';
import { hookUrlsOf } from '../accounts/accounts.service.ts';
import type { DeliveryPace } from './delivery-pace.ts';
import { newJobToken } from './hook-events.ts';
import { healthAfter, isSuccess, outcomeOf } from './hook-outcome.ts';
import { type HookAttemptResult, postHook } from './hook-request.ts';
import { newHookSecret, signedHeaders, signingKey } from './hook-signing.ts';
import {
  type AccountHookRow,
  type EventMove,
  type HookEventRow,
  webhooksRepository,
} from './webhooks.repository.ts';

export interface DeliveryJob {
  eventId: string;
  token: string;
}

export interface DispatchSettings {
  db: Database;
  secretBox: SecretBox;
  jobs: JobSender;
  /** The safe outbound client every attempt goes through (lib/outbound-http.ts). */
  outbound: OutboundHttp;
  timeoutMs: number;
  metrics?: Pick<MetricsRecorder, 'webhookAttempts'>;
  /** How deliveries give way to the API (delivery-pace.ts): one per process. */
  pace: DeliveryPace;
}

interface Attempt {
  event: HookEventRow;
  at: Date;
  result: HookAttemptResult;
  /** No request was made (no URL, hook disabled): the event fails, the hook's health is not touched. */
  notSent: boolean;
}

const notSent = (event: HookEventRow, why: string): Attempt => ({
  event,
  at: new Date(),
  result: {
    statusCode: null,
    durationMs: 0,
    error: `Not sent: ${why}`,
    responseBody: null,
    retryAfterSeconds: null,
  },
  notSent: true,
});

/** The account's hook row, given its first secret if it has none yet. */
export async function hookWithSecret(
  db: Database | Transaction,
  secretBox: SecretBox,
  accountSid: string,
): Promise<AccountHookRow> {
  return (
    (await webhooksRepository.hookOf(db, accountSid)) ??
    webhooksRepository.ensureHook(db, accountSid, secretBox.seal(newHookSecret()))
  );
}

/** The secrets that sign at `at`: the current one, and the previous one for a day after a rotation. */
export function signingSecrets(hook: AccountHookRow, secretBox: SecretBox, at: Date): string[] {
  const secrets = [secretBox.open(hook.secret)];
  if (hook.previousSecret && hook.previousUntil && hook.previousUntil > at)
    secrets.push(secretBox.open(hook.previousSecret));
  return secrets;
}

/**
 * A fetched batch of jobs, in slices as the pace decides: the whole batch when the API is idle, a few events at
 * a time, with a rest after each, while it is busy. Each slice commits on its own, so a process that dies
 * mid-batch leaves only the later slices' events owed, and their jobs (still active) bring them back; the
 * queue completes the batch's jobs only once every slice has committed. While the process stops (the pace
 * winds down) no further slice starts: the throw hands the whole batch back to the queue, and the retried jobs
 * of events a slice already moved on find their token changed and do nothing.
 */
export async function deliverJobs(settings: DispatchSettings, jobs: readonly DeliveryJob[]): Promise<void> {
  const { pace } = settings;
  const stopped = () =>
    new Error(`Deliveries are stopping: ${jobs.length} jobs of this batch are handed back to the queue.`);
  if (pace.stopping) throw stopped();
  const leave = pace.enter();
  try {
    const begun = performance.now();
    let done = 0;
    while (done < jobs.length) {
      if (pace.stopping) throw stopped();
      const size = pace.sliceSize(jobs.length - done, performance.now() - begun);
      const started = performance.now();
      await deliverBatch(settings, jobs.slice(done, done + size));
      done += size;
      await pace.rest(performance.now() - started, performance.now() - begun);
    }
  } finally {
    leave();
  }
}

export async function deliverBatch(settings: DispatchSettings, jobs: readonly DeliveryJob[]): Promise<void> {
  const { db, secretBox, pace } = settings;
  const tokenOf = new Map(jobs.map((job) => [job.eventId, job.token]));
  const owed = (await webhooksRepository.eventsByIds(db, [...tokenOf.keys()])).filter(
    (event) => event.state === 'pending' && event.jobToken === tokenOf.get(event.id),
  );
  if (owed.length === 0) return;
  const accountSids = [...new Set(owed.map((event) => event.accountSid))];
  const urls = await hookUrlsOf(db, accountSids);
  const hooks = new Map<string, AccountHookRow>();
  for (const sid of accountSids) if (urls.get(sid)) hooks.set(sid, await hookWithSecret(db, secretBox, sid));
  // Each hook's keys are opened once a batch: the previous secret still signs until its day is over.
  const batchAt = new Date();
  const keysOf = new Map(
    [...hooks].map(([sid, hook]) => [sid, signingSecrets(hook, secretBox, batchAt).map(signingKey)]),
  );

  const attempts = await Promise.all(
    owed.map(async (event): Promise<Attempt> => {
      const url = urls.get(event.accountSid);
      const hook = hooks.get(event.accountSid);
      const keys = keysOf.get(event.accountSid);
      if (!url || !hook || !keys) return notSent(event, 'the account has no order status hook.');
      if (hook.disabledAt && event.type !== WEBHOOK_TEST) return notSent(event, 'the hook is disabled.');
      return pace.attempt(async () => {
        const at = new Date();
        const headers = signedHeaders(event.id, at, event.body, keys);
        const result = await postHook(settings.outbound, url, headers, event.body, settings.timeoutMs);
        return { event, at, result, notSent: false };
      });
    }),
  );

  const outcomes = new Map<WebhookOutcome, number>();
  await db.transaction(async (tx) => {
    outcomes.clear();
    await webhooksRepository.insertAttempts(
      tx,
      attempts.map(({ event, at, result }) => ({
        sid: newSid(),
        eventId: event.id,
        attemptedAt: at,
        statusCode: result.statusCode,
        durationMs: result.durationMs,
        error: result.error,
        responseBody: result.responseBody,
      })),
    );
    const moves: EventMove[] = [];
    const next = new Map<string, { data: DeliveryJob; startAfterSeconds: number }>();
    for (const { event, at, result, notSent: skipped } of attempts) {
      const outcome = skipped
        ? ({ state: 'failed' } as const)
        : outcomeOf(result, event.step, event.type !== WEBHOOK_TEST);
      const counted: WebhookOutcome = skipped
        ? 'not_sent'
        : outcome.state === 'pending'
          ? 'retry'
          : outcome.state;
      outcomes.set(counted, (outcomes.get(counted) ?? 0) + 1);
      const token = event.jobToken as string;
      if (outcome.state === 'pending') {
        const nextToken = newJobToken();
        moves.push({
          id: event.id,
          token,
          state: 'pending',
          step: outcome.step,
          jobToken: nextToken,
          nextAttemptAt: new Date(at.getTime() + outcome.delaySeconds * 1000),
          deliveredAt: null,
        });
        next.set(event.id, {
          data: { eventId: event.id, token: nextToken },
          startAfterSeconds: outcome.delaySeconds,
        });
      } else {
        moves.push({
          id: event.id,
          token,
          state: outcome.state,
          step: event.step,
          jobToken: null,
          nextAttemptAt: null,
          deliveredAt: outcome.state === 'delivered' ? at : null,
        });
      }
    }
    // An event sent again meanwhile has a new token: its own round decides, so no next job of this one's.
    const moved = await webhooksRepository.advanceEvents(tx, moves);
    await settings.jobs.enqueueMany(
      tx,
      'webhooks.deliver',
      [...next].filter(([id]) => moved.has(id)).map(([, job]) => job),
    );
    await recordHealth(tx, hooks, attempts);
  });
  // Counted once committed: a batch whose transaction failed is attempted again and counted then.
  for (const [outcome, count] of outcomes) settings.metrics?.webhookAttempts(outcome, count);
}

/** Each hook's health after this batch's order events (test events and events not sent leave it alone). */
async function recordHealth(
  tx: Transaction,
  hooks: Map<string, AccountHookRow>,
  attempts: readonly Attempt[],
): Promise<void> {
  const now = new Date();
  for (const [accountSid, hook] of hooks) {
    const counted = attempts.filter(
      (attempt) =>
        attempt.event.accountSid === accountSid && !attempt.notSent && attempt.event.type !== WEBHOOK_TEST,
    );
    if (counted.length === 0) continue;
    // One success in the batch means the receiver works; otherwise the last failure speaks for the batch.
    const last = counted.find((attempt) => isSuccess(attempt.result)) ?? counted[counted.length - 1];
    const gone = counted.find((attempt) => attempt.result.statusCode === 410);
    const health = healthAfter((gone ?? (last as Attempt)).result, hook.failingSince, now);
    const changes: Partial<AccountHookRow> = {};
    if ((health.failingSince?.getTime() ?? null) !== (hook.failingSince?.getTime() ?? null))
      changes.failingSince = health.failingSince;
    if (health.disable && !hook.disabledAt) {
      changes.disabledAt = now;
      changes.disabledReason = health.disable;
    }
    if (Object.keys(changes).length > 0) await webhooksRepository.updateHook(tx, accountSid, changes);
  }
}
