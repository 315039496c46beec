/**
 * What a status upload does with each barcode, decided once for both its preview (POST /orders/status/preview,
 * read without locks) and the upload itself (POST /orders/status, on the locked orders): not found, unchanged
 * (already in the status), refused by the transition rules (checkTransition, with the rule's code and words),
 * or updated. Pure: the orders in, the decisions out.
 */
import {
  checkTransition,
  englishOf,
  type OrderStatus,
  orderStatusText,
  STATUS_PREVIEW_LIST_MAX,
  type StatusRefusal,
  type StatusUploadOutcome,
  type StatusUploadPreview,
  type Text,
  type TransitionContext,
  text,
} from '@parcelops/shared';
import type { Matched } from './barcode-match.ts';

/** What a status upload reads of each order. */
export interface UploadedOrder {
  sid: string;
  barcode: string;
  orderNumber: string;
  status: number;
}

export interface StatusDecision {
  barcode: string;
  order: UploadedOrder | undefined;
  result: StatusUploadOutcome;
  /** The refusal's stable code (a TransitionRefusal), for a refused barcode. */
  code: string | null;
  /** What became of it, in English (the result workbook's words); `text` is the same as a catalogue text. */
  msg: string;
  text: Text;
}

export const NOT_FOUND_TEXT = englishOf(text('hub.status.notFound'));

function decided(
  barcode: string,
  order: UploadedOrder | undefined,
  result: StatusUploadOutcome,
  code: string | null,
  words: Text,
): StatusDecision {
  return { barcode, order, result, code, msg: englishOf(words), text: words };
}

/** One barcode's fate: the order it names (or none) moved to `to` under the transition rules. */
export function decideStatus(
  { barcode, row: order }: Matched<UploadedOrder>,
  to: OrderStatus,
  context: TransitionContext,
): StatusDecision {
  if (!order) return decided(barcode, order, 'not found', null, text('hub.status.notFound'));
  const check = checkTransition(order.status, to, context);
  if (!check.ok) return decided(barcode, order, 'refused', check.code, check.text);
  if (check.unchanged)
    return decided(
      barcode,
      order,
      'unchanged',
      null,
      text('hub.status.already', { status: orderStatusText(to) }),
    );
  const overridden = !checkTransition(order.status, to, { path: context.path }).ok;
  const move = { from: orderStatusText(order.status), to: orderStatusText(to) };
  return decided(
    barcode,
    order,
    'updated',
    null,
    text(overridden ? 'hub.status.movedByAdmin' : 'hub.status.moved', move),
  );
}

/** Counts of each outcome, as POST /orders/status's reply headers give them. */
export interface StatusCounts {
  updated: number;
  unchanged: number;
  refused: number;
  notFound: number;
}

export function countDecisions(decisions: Iterable<StatusDecision>): StatusCounts {
  const counts: StatusCounts = { updated: 0, unchanged: 0, refused: 0, notFound: 0 };
  for (const { result } of decisions) {
    if (result === 'not found') counts.notFound += 1;
    else counts[result] += 1;
  }
  return counts;
}

/** The preview of these decisions: moves by from -> to, counts, and the first refused and unknown barcodes. */
export function previewOf(decisions: readonly StatusDecision[], to: OrderStatus): StatusUploadPreview {
  const moves = new Map<number, number>();
  const refused: StatusRefusal[] = [];
  const notFound: string[] = [];
  const counts = countDecisions(decisions);
  for (const decision of decisions) {
    const { order, result } = decision;
    if (result === 'updated' && order) moves.set(order.status, (moves.get(order.status) ?? 0) + 1);
    else if (result === 'refused' && refused.length < STATUS_PREVIEW_LIST_MAX)
      refused.push({
        barcode: decision.barcode,
        orderNumber: order?.orderNumber ?? null,
        code: decision.code ?? '',
        msg: decision.msg,
        key: decision.text.key,
        ...(decision.text.params ? { params: decision.text.params } : {}),
      });
    else if (result === 'not found' && notFound.length < STATUS_PREVIEW_LIST_MAX)
      notFound.push(decision.barcode);
  }
  return {
    total: decisions.length,
    moves: [...moves].sort(([a], [b]) => a - b).map(([from, count]) => ({ from, to, count })),
    unchanged: counts.unchanged,
    refusedCount: counts.refused,
    refused,
    notFoundCount: counts.notFound,
    notFound,
  };
}
