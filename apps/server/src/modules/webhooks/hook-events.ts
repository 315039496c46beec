/**
 * Webhook events, written where they are caused: the status funnel (orders/status-change.ts) hands every
 * change of an order whose account has a hook to `HookEvents`, in its own transaction; each becomes an event
 * row and a delivery job in that transaction, a thousand at a time in one multi-row write each. An account whose
 * hook is disabled still gets the event on record (failed, not sent), so it can be sent again once enabled.
 */
import { randomBytes } from 'node:crypto';
import {
  ORDER_STATUS_CHANGED,
  type OrderStatusChangedEvent,
  orderStatusLabel,
  WEBHOOK_TEST,
} from '@parcelops/shared';
import type { Transaction } from '../../db/database.ts';
import type { JobSender } from '../../jobs/job-queue.ts';
import { chunks } from '../../lib/chunks.ts';
import { newSid } from '../../lib/ids.ts';
import type { RecordedStatusChange, StatusChangeListener } from '../orders/status-change.ts';
import { type NewHookEventRow, webhooksRepository } from './webhooks.repository.ts';

/** `msg_` and a time-ordered unique id: the webhook-id header. */
export const newEventId = () => `msg_${newSid().replaceAll('-', '')}`;

/** Names one round of attempts: only its job may attempt the event. */
export const newJobToken = () => randomBytes(12).toString('base64url');

export function orderEventBody(change: RecordedStatusChange, createdAt: Date): string {
  const event: OrderStatusChangedEvent = {
    type: ORDER_STATUS_CHANGED,
    timestamp: createdAt.toISOString(),
    data: {
      sid: change.orderSid,
      orderNumber: change.orderNumber,
      barcode: change.barcode,
      status: change.status,
      status_label: orderStatusLabel(change.status),
      reason: change.reason,
      location: change.location,
      occurred_at: change.occurredAt.toISOString(),
      sequence: change.sequence,
    },
  };
  return JSON.stringify(event);
}

export function testEventBody(accountSid: string, createdAt: Date): string {
  return JSON.stringify({
    type: WEBHOOK_TEST,
    timestamp: createdAt.toISOString(),
    data: {
      account_sid: accountSid,
      message: 'A test event from ParcelOps: your hook receives and verifies.',
    },
  });
}

const CHUNK = 1_000;

export class HookEvents implements StatusChangeListener {
  constructor(private readonly jobs: JobSender) {}

  async statusesChanged(tx: Transaction, changes: readonly RecordedStatusChange[]): Promise<void> {
    if (changes.length === 0) return;
    const disabled = await webhooksRepository.disabledAmong(tx, [
      ...new Set(changes.map((change) => change.accountSid)),
    ]);
    const now = new Date();
    const rows: NewHookEventRow[] = changes.map((change) => {
      const sendable = !disabled.has(change.accountSid);
      return {
        id: newEventId(),
        accountSid: change.accountSid,
        orderSid: change.orderSid,
        barcode: change.barcode,
        orderStatus: change.status,
        type: ORDER_STATUS_CHANGED,
        body: orderEventBody(change, now),
        state: sendable ? 'pending' : 'failed',
        jobToken: sendable ? newJobToken() : null,
        nextAttemptAt: sendable ? now : null,
        createdAt: now,
      };
    });
    for (const part of chunks(rows, CHUNK)) {
      await webhooksRepository.insertEvents(tx, part);
      await this.enqueue(tx, part);
    }
  }

  /** A delivery job now for each pending event given. */
  async enqueue(tx: Transaction, events: readonly NewHookEventRow[], startAfterSeconds = 0): Promise<void> {
    await this.jobs.enqueueMany(
      tx,
      'webhooks.deliver',
      events
        .filter((event) => event.state === 'pending' && event.jobToken)
        .map((event) => ({
          data: { eventId: event.id, token: event.jobToken as string },
          startAfterSeconds,
        })),
    );
  }
}
