/**
 * Order-status webhooks: each account's signing secrets and hook health (account_hooks), every event to
 * deliver (hook_events, written in the transaction of the status change that caused it) and every attempt
 * to deliver one (hook_attempts).
 */
import type { HookDeliveryState } from '@parcelops/shared';
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, smallint, text, timestamp } from 'drizzle-orm/pg-core';
import { accounts } from '../accounts/accounts.table.ts';

export const accountHooks = pgTable('account_hooks', {
  accountSid: text('account_sid')
    .primaryKey()
    .references(() => accounts.sid, { onDelete: 'cascade' }),
  /** `whsec_…`, sealed like vendor credentials (lib/secret-box.ts). */
  secret: text('secret').notNull(),
  /** The secret before the last rotation, sealed; it signs too until `previous_until`. */
  previousSecret: text('previous_secret'),
  previousUntil: timestamp('previous_until', { withTimezone: true }),
  rotatedAt: timestamp('rotated_at', { withTimezone: true }),
  /** The first failure since the last success; after five days of failures the hook is disabled. */
  failingSince: timestamp('failing_since', { withTimezone: true }),
  disabledAt: timestamp('disabled_at', { withTimezone: true }),
  disabledReason: text('disabled_reason'),
});

export const hookEvents = pgTable(
  'hook_events',
  {
    /** `msg_…`: the webhook-id header, the same on every attempt. */
    id: text('id').primaryKey(),
    accountSid: text('account_sid')
      .notNull()
      .references(() => accounts.sid, { onDelete: 'cascade' }),
    /** No foreign key: the record of what was sent outlives a deleted order. */
    orderSid: text('order_sid'),
    barcode: text('barcode'),
    orderStatus: smallint('order_status'),
    type: text('type').notNull(),
    /** The exact bytes signed and sent, the same on every attempt. */
    body: text('body').notNull(),
    state: text('state').$type<HookDeliveryState>().notNull().default('pending'),
    /** Failed attempts in the current round (the retry schedule's position); "Send again" starts a round. */
    step: smallint('step').notNull().default(0),
    /** Only the job carrying this token may attempt the event: a job from an older round does nothing. */
    jobToken: text('job_token'),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
  },
  (table) => [
    index('hook_events_account_created_idx').on(table.accountSid, table.createdAt.desc(), table.id.desc()),
    check('hook_events_state_known', sql`${table.state} in ('pending', 'delivered', 'failed')`),
  ],
);

export const hookAttempts = pgTable(
  'hook_attempts',
  {
    sid: text('sid').primaryKey(),
    eventId: text('event_id')
      .notNull()
      .references(() => hookEvents.id, { onDelete: 'cascade' }),
    attemptedAt: timestamp('attempted_at', { withTimezone: true }).notNull(),
    statusCode: integer('status_code'),
    durationMs: integer('duration_ms').notNull(),
    error: text('error'),
    /** The receiver's first 1 KB. */
    responseBody: text('response_body'),
  },
  (table) => [index('hook_attempts_event_idx').on(table.eventId, table.attemptedAt)],
);
