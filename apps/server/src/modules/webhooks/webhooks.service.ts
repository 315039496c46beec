/**
 * The account page's webhook calls (the hook's secret and health, its deliveries, a test event, a delivery sent
 * again) and the delivery of queued events (hook-dispatch.ts). Admins reach every account's hook; account users
 * their own (403 for another's, as the account itself).
 */
import {
  HOOK_DELIVERY_LIST_LIMIT,
  HOOK_PREVIOUS_SECRET_HOURS,
  type HookDelivery,
  type HookState,
  orderStatusLabel,
  text,
  WEBHOOK_TEST,
} from '@parcelops/shared';
import type { Database } from '../../db/database.ts';
import type { JobSender } from '../../jobs/job-queue.ts';
import { type Actor, ADMINS_ONLY, assertOwns } from '../../lib/account-scope.ts';
import { AppError } from '../../lib/app-error.ts';
import type { OutboundHttp } from '../../lib/outbound-http.ts';
import type { SecretBox } from '../../lib/secret-box.ts';
import type { MetricsRecorder } from '../../ops/metrics.ts';
import { hookUrlsOf } from '../accounts/accounts.service.ts';
import { DeliveryPace, type DeliveryPaceSettings } from './delivery-pace.ts';
import { type DeliveryJob, deliverJobs, hookWithSecret } from './hook-dispatch.ts';
import { newEventId, newJobToken, testEventBody } from './hook-events.ts';
import { disabledReasonText } from './hook-outcome.ts';
import { newHookSecret } from './hook-signing.ts';
import {
  type AccountHookRow,
  type HookAttemptRow,
  type HookEventRow,
  webhooksRepository,
} from './webhooks.repository.ts';

/** A receiver that has not answered by then has failed this attempt. */
export const HOOK_TIMEOUT_MS = 15_000;

export interface WebhooksSettings {
  /** The safe outbound client deliveries go through (the composition root's adapters). */
  outbound: OutboundHttp;
  timeoutMs?: number;
  /** Counts delivery attempts by outcome (ops/metrics.ts). */
  metrics?: Pick<MetricsRecorder, 'webhookAttempts'>;
  /** How deliveries give way to the API (delivery-pace.ts); its defaults when left out. */
  pace?: DeliveryPaceSettings;
}

const iso = (date: Date | null) => date?.toISOString() ?? null;
const accountNotFound = () => AppError.notFound(text('accounts.notFound'));
const noHook = () => AppError.conflict(text('webhooks.noHook'));

function toDelivery(event: HookEventRow, attempts: HookAttemptRow[]): HookDelivery {
  return {
    id: event.id,
    type: event.type,
    order_sid: event.orderSid,
    barcode: event.barcode,
    status_label: event.orderStatus === null ? null : orderStatusLabel(event.orderStatus),
    state: event.state,
    created_at: event.createdAt.toISOString(),
    next_attempt_at: event.state === 'pending' ? iso(event.nextAttemptAt) : null,
    body: event.body,
    attempts: attempts.map((attempt) => ({
      attempted_at: attempt.attemptedAt.toISOString(),
      status_code: attempt.statusCode,
      duration_ms: attempt.durationMs,
      error: attempt.error,
      response_body: attempt.responseBody,
    })),
  };
}

export class WebhooksService {
  /** How this process's deliveries give way to the API: shared by every delivery loop of the process. */
  private readonly pace: DeliveryPace;

  constructor(
    private readonly db: Database,
    private readonly secretBox: SecretBox,
    private readonly jobs: JobSender,
    private readonly settings: WebhooksSettings,
  ) {
    this.pace = new DeliveryPace(settings.pace);
  }

  /** The account's hook URL after the access check; 404 when the account does not exist. */
  private async urlOf(actor: Actor, accountSid: string): Promise<string | null> {
    assertOwns(actor, accountSid, ADMINS_ONLY);
    const urls = await hookUrlsOf(this.db, [accountSid]);
    if (!urls.has(accountSid)) throw accountNotFound();
    return urls.get(accountSid) ?? null;
  }

  private toState(accountSid: string, url: string | null, hook: AccountHookRow | undefined): HookState {
    const now = new Date();
    const previousUntil = hook?.previousSecret && hook.previousUntil && hook.previousUntil > now;
    return {
      account_sid: accountSid,
      url,
      secret: url && hook ? this.secretBox.open(hook.secret) : null,
      rotated_at: iso(hook?.rotatedAt ?? null),
      previous_secret_until: previousUntil ? iso(hook.previousUntil) : null,
      failing_since: iso(hook?.failingSince ?? null),
      disabled_at: iso(hook?.disabledAt ?? null),
      disabled_reason: hook?.disabledReason ?? null,
      disabled_reason_text: disabledReasonText(hook?.disabledReason ?? null),
    };
  }

  /** The hook's state; an account with a URL and no secret yet gets its first one here. */
  async state(actor: Actor, accountSid: string): Promise<HookState> {
    const url = await this.urlOf(actor, accountSid);
    const hook = url
      ? await hookWithSecret(this.db, this.secretBox, accountSid)
      : await webhooksRepository.hookOf(this.db, accountSid);
    return this.toState(accountSid, url, hook);
  }

  /** A new secret; the previous one still signs for a day, so receivers can switch without losing events. */
  async rotate(actor: Actor, accountSid: string): Promise<HookState> {
    const url = await this.urlOf(actor, accountSid);
    if (!url) throw noHook();
    const hook = await hookWithSecret(this.db, this.secretBox, accountSid);
    const now = new Date();
    await webhooksRepository.updateHook(this.db, accountSid, {
      secret: this.secretBox.seal(newHookSecret()),
      previousSecret: hook.secret,
      previousUntil: new Date(now.getTime() + HOOK_PREVIOUS_SECRET_HOURS * 3600_000),
      rotatedAt: now,
    });
    return this.state(actor, accountSid);
  }

  /** A disabled hook on again: its failure clock starts afresh. */
  async enable(actor: Actor, accountSid: string): Promise<HookState> {
    const url = await this.urlOf(actor, accountSid);
    if (!url) throw noHook();
    await hookWithSecret(this.db, this.secretBox, accountSid);
    await webhooksRepository.updateHook(this.db, accountSid, {
      disabledAt: null,
      disabledReason: null,
      failingSince: null,
    });
    return this.state(actor, accountSid);
  }

  /** A `webhook.test` event, queued now (sent even to a disabled hook, to check it before enabling). */
  async sendTest(actor: Actor, accountSid: string): Promise<HookDelivery> {
    const url = await this.urlOf(actor, accountSid);
    if (!url) throw noHook();
    const now = new Date();
    const id = newEventId();
    const jobToken = newJobToken();
    await this.db.transaction(async (tx) => {
      await webhooksRepository.insertEvents(tx, [
        {
          id,
          accountSid,
          type: WEBHOOK_TEST,
          body: testEventBody(accountSid, now),
          state: 'pending',
          jobToken,
          nextAttemptAt: now,
          createdAt: now,
        },
      ]);
      await this.jobs.enqueue(tx, 'webhooks.deliver', { eventId: id, token: jobToken });
    });
    return this.delivery(accountSid, id);
  }

  async deliveries(actor: Actor, accountSid: string): Promise<{ data: HookDelivery[] }> {
    await this.urlOf(actor, accountSid);
    const events = await webhooksRepository.latestEvents(this.db, accountSid, HOOK_DELIVERY_LIST_LIMIT);
    const attempts = await webhooksRepository.attemptsOf(
      this.db,
      events.map((event) => event.id),
    );
    const byEvent = new Map<string, HookAttemptRow[]>();
    for (const attempt of attempts)
      byEvent.set(attempt.eventId, [...(byEvent.get(attempt.eventId) ?? []), attempt]);
    return { data: events.map((event) => toDelivery(event, byEvent.get(event.id) ?? [])) };
  }

  /** The event in a new round of attempts, starting now (a job of the old round then does nothing). */
  async resend(actor: Actor, accountSid: string, eventId: string): Promise<HookDelivery> {
    const url = await this.urlOf(actor, accountSid);
    const event = await webhooksRepository.event(this.db, accountSid, eventId);
    if (!event) throw AppError.notFound(text('webhooks.deliveryNotFound'));
    if (!url) throw noHook();
    const hook = await webhooksRepository.hookOf(this.db, accountSid);
    if (hook?.disabledAt && event.type !== WEBHOOK_TEST)
      throw AppError.conflict(text('webhooks.hookDisabled'));
    const jobToken = newJobToken();
    await this.db.transaction(async (tx) => {
      await webhooksRepository.restartEvent(tx, eventId, jobToken);
      await this.jobs.enqueue(tx, 'webhooks.deliver', { eventId, token: jobToken });
    });
    return this.delivery(accountSid, eventId);
  }

  private async delivery(accountSid: string, eventId: string): Promise<HookDelivery> {
    const event = (await webhooksRepository.event(this.db, accountSid, eventId)) as HookEventRow;
    return toDelivery(event, await webhooksRepository.attemptsOf(this.db, [eventId]));
  }

  /**
   * For shutdown, before the job queue stops: deliveries take no further slice, and this resolves once the
   * slices in flight have committed (or after `timeoutMs`); the rest of their batches go back to the queue.
   */
  stopDeliveries(timeoutMs: number): Promise<void> {
    return this.pace.windDown(timeoutMs);
  }

  /** The queue's work: one batch of delivery jobs (webhooks.jobs.ts). */
  deliver(jobs: readonly DeliveryJob[]): Promise<void> {
    return deliverJobs(
      {
        db: this.db,
        secretBox: this.secretBox,
        jobs: this.jobs,
        outbound: this.settings.outbound,
        timeoutMs: this.settings.timeoutMs ?? HOOK_TIMEOUT_MS,
        metrics: this.settings.metrics,
        pace: this.pace,
      },
      jobs,
    );
  }
}
