/**
 * Which status changes an order may make (docs/decisions.md, "Order status transitions"). The spec leaves the
 * transitions open (§4); these keep the hub's work: a status upload must never run an order back to Generated,
 * where it could be deleted and refunded after the hub received it.
 *
 * - Nothing goes back to Generated.
 * - Delivered and Order Failed are final; only an admin who gives a reason may move an order out of them.
 * - Along Generated -> Scanned -> Processing -> Processed -> Delivered an order moves forward (skipping is
 *   fine: a parcel may be marked Delivered straight from Scanned); backwards only when it is taken out of a
 *   manifest (Processing -> Scanned) or by an admin with a reason.
 * - Failed may be set from any status that is not final; from Failed an order resumes at Scanned or later.
 * - Order Failed is set only on a Generated order (the order could not be accepted), or by an admin with a
 *   reason.
 */
import { englishOf, type TextKey, text } from '../texts/catalog.ts';
import type { Text } from '../texts/text.ts';
import { ORDER_STATUSES, OrderStatus, orderStatusLabel, orderStatusText } from './order-status.ts';

/** How the change is made: the manifest removal is the one path that may step back (Processing -> Scanned). */
export type TransitionPath = 'scan' | 'upload' | 'edit' | 'manifest' | 'manifest-removal' | 'system';

export interface TransitionContext {
  path: TransitionPath;
  /** Set when an admin makes the change and gives a reason: it may leave a final status or step back. */
  adminReason?: string | null;
}

export const TransitionRefusal = {
  BACK_TO_GENERATED: 'BACK_TO_GENERATED',
  FINAL_STATUS: 'FINAL_STATUS',
  BACKWARDS: 'BACKWARDS',
  ORDER_FAILED_LATE: 'ORDER_FAILED_LATE',
} as const;
export type TransitionRefusal = (typeof TransitionRefusal)[keyof typeof TransitionRefusal];

export type TransitionCheck =
  | { ok: true; unchanged: boolean }
  | {
      ok: false;
      code: TransitionRefusal;
      /** The refusal in English words, for API clients; `text` is the same as a catalogue text. */
      msg: string;
      text: Text;
      params: { from: string; to: string };
    };

/** The position of a status on the parcel's road; Failed and Order Failed stand off it. */
const ROAD: Partial<Record<number, number>> = {
  [OrderStatus.Generated]: 0,
  [OrderStatus.Scanned]: 1,
  [OrderStatus.Processing]: 2,
  [OrderStatus.Processed]: 3,
  [OrderStatus.Delivered]: 4,
};

export const FINAL_STATUSES: readonly number[] = [OrderStatus.Delivered, OrderStatus.OrderFailed];

export function isFinalStatus(status: number): boolean {
  return FINAL_STATUSES.includes(status);
}

const REFUSAL_KEYS: Record<TransitionRefusal, TextKey> = {
  BACK_TO_GENERATED: 'orders.transition.backToGenerated',
  FINAL_STATUS: 'orders.transition.finalStatus',
  BACKWARDS: 'orders.transition.backwards',
  ORDER_FAILED_LATE: 'orders.transition.orderFailedLate',
};

/** The refusals an admin may set aside by giving a reason (never the one back to Generated). */
const ADMIN_MAY_OVERRIDE: ReadonlySet<string> = new Set<TransitionRefusal>([
  'FINAL_STATUS',
  'BACKWARDS',
  'ORDER_FAILED_LATE',
]);

export function adminMayOverride(code: string): boolean {
  return ADMIN_MAY_OVERRIDE.has(code);
}

/**
 * The statuses an order in `from` may move to without an admin's reason, on the same path, so a refusal can
 * name what is allowed. Order Failed is left out: only the system sets it, on a Generated order.
 */
export function allowedTargets(from: number, context: TransitionContext): OrderStatus[] {
  const plain = { path: context.path };
  return ORDER_STATUSES.filter(
    (to) => to !== from && to !== OrderStatus.OrderFailed && refusalOf(from, to, plain) === null,
  );
}

/** "Processed, Delivered or Failed" as a catalogue text (statuses nested), "no other status" for none. */
export function statusListText(statuses: readonly number[]): Text {
  const [first, ...rest] = statuses;
  if (first === undefined) return text('orders.transition.noOther');
  if (rest.length === 0) return orderStatusText(first);
  if (rest.length === 1)
    return text('orders.transition.either', { a: orderStatusText(first), b: orderStatusText(rest[0]) });
  return text('orders.transition.listMore', { a: orderStatusText(first), rest: statusListText(rest) });
}

function refuse(
  code: TransitionRefusal,
  from: number,
  to: number,
  context: TransitionContext,
): TransitionCheck {
  const words = text(REFUSAL_KEYS[code], {
    from: orderStatusText(from),
    to: orderStatusText(to),
    allowed: statusListText(allowedTargets(from, context)),
  });
  const params = { from: orderStatusLabel(from), to: orderStatusLabel(to) };
  return { ok: false, code, msg: englishOf(words), text: words, params };
}

export function checkTransition(from: number, to: number, context: TransitionContext): TransitionCheck {
  if (from === to) return { ok: true, unchanged: true };
  const code = refusalOf(from, to, context);
  return code === null ? { ok: true, unchanged: false } : refuse(code, from, to, context);
}

/** The rule a change of status breaks, or null when it may be made (from !== to). */
function refusalOf(from: number, to: number, context: TransitionContext): TransitionRefusal | null {
  if (to === OrderStatus.Generated) return 'BACK_TO_GENERATED';
  const admin = Boolean(context.adminReason?.trim());
  if (isFinalStatus(from)) return admin ? null : 'FINAL_STATUS';
  if (to === OrderStatus.OrderFailed) {
    return from === OrderStatus.Generated || admin ? null : 'ORDER_FAILED_LATE';
  }
  if (to === OrderStatus.Failed || from === OrderStatus.Failed) return null;
  const fromStep = ROAD[from];
  const toStep = ROAD[to];
  if (fromStep === undefined || toStep === undefined || toStep > fromStep) return null;
  const stepOutOfManifest =
    context.path === 'manifest-removal' && from === OrderStatus.Processing && to === OrderStatus.Scanned;
  return stepOutOfManifest || admin ? null : 'BACKWARDS';
}
