import { z } from 'zod';
import { SidSchema } from '../common/common.schemas.ts';
import { TextSchema } from '../texts/text.schemas.ts';

/**
 * Order-status webhooks (product decisions, Tracking and notifications): events are delivered at least once,
 * signed to the Standard Webhooks specification under the account's `whsec_` secret, retried for about a day.
 */

/** The event every status change of an order sends. */
export const ORDER_STATUS_CHANGED = 'order.status_changed';
/** What "Send test event" sends: the same envelope, no order. */
export const WEBHOOK_TEST = 'webhook.test';

/** Seconds after each failed attempt before the next: now, 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h (~a day). */
export const HOOK_RETRY_SCHEDULE_SECONDS = [5, 300, 1800, 7200, 18000, 36000, 36000] as const;
/** A hook that has failed this long without one success is disabled until someone enables it again. */
export const HOOK_DISABLE_AFTER_DAYS = 5;
/** How long after a rotation the previous secret still signs (both signatures are sent). */
export const HOOK_PREVIOUS_SECRET_HOURS = 24;
/** The account page lists this many of the latest deliveries. */
export const HOOK_DELIVERY_LIST_LIMIT = 100;

export const HookDeliveryStateSchema = z.enum(['pending', 'delivered', 'failed']);
export type HookDeliveryState = z.infer<typeof HookDeliveryStateSchema>;

/** The account's hook: where it posts, the secret that signs, and whether it is on. */
export const HookStateSchema = z.object({
  account_sid: z.string(),
  url: z.string().nullable(),
  /** `whsec_<base64 of 32 random bytes>`; null until the account has a hook URL. */
  secret: z.string().nullable(),
  rotated_at: z.string().nullable(),
  /** Until then the previous secret signs too (after a rotation). */
  previous_secret_until: z.string().nullable(),
  /** Since when every delivery has failed (null after any success). */
  failing_since: z.string().nullable(),
  disabled_at: z.string().nullable(),
  /** Why it was disabled, in English; `disabled_reason_text` is the same as a catalogue text. */
  disabled_reason: z.string().nullable(),
  disabled_reason_text: TextSchema.nullable(),
});
export type HookState = z.infer<typeof HookStateSchema>;

export const HookAttemptSchema = z.object({
  attempted_at: z.string(),
  /** The receiver's HTTP status; null when there was no answer (timeout, refused address, connection error). */
  status_code: z.number().int().nullable(),
  duration_ms: z.number().int(),
  error: z.string().nullable(),
  /** The first 1 KB of the receiver's answer. */
  response_body: z.string().nullable(),
});
export type HookAttempt = z.infer<typeof HookAttemptSchema>;

export const HookDeliverySchema = z.object({
  /** The event id: the `webhook-id` header, the same on every attempt. */
  id: z.string(),
  type: z.string(),
  order_sid: z.string().nullable(),
  barcode: z.string().nullable(),
  status_label: z.string().nullable(),
  state: HookDeliveryStateSchema,
  created_at: z.string(),
  /** When the next attempt is due (pending deliveries). */
  next_attempt_at: z.string().nullable(),
  /** The exact JSON body sent. */
  body: z.string(),
  /** Newest first. */
  attempts: z.array(HookAttemptSchema),
});
export type HookDelivery = z.infer<typeof HookDeliverySchema>;

export const HookDeliveryListSchema = z.object({ data: z.array(HookDeliverySchema) });
export type HookDeliveryList = z.infer<typeof HookDeliveryListSchema>;

export const HookDeliveryParamsSchema = z.object({
  id: SidSchema,
  deliveryId: z.string().trim().min(1).max(80),
});

/** The event as the receiver gets it (for the docs and the test receivers). */
export const OrderStatusChangedEventSchema = z.object({
  type: z.literal(ORDER_STATUS_CHANGED),
  timestamp: z.string(),
  data: z.object({
    sid: z.string(),
    orderNumber: z.string(),
    barcode: z.string(),
    status: z.number().int(),
    status_label: z.string(),
    reason: z.string().nullable(),
    location: z.string().nullable(),
    occurred_at: z.string(),
    /** Counts the order's status changes: a receiver drops an event older than one it already has. */
    sequence: z.number().int(),
  }),
});
export type OrderStatusChangedEvent = z.infer<typeof OrderStatusChangedEventSchema>;
