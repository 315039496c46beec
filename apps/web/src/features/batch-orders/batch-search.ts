/**
 * The batch orders list's filters live in the URL under the wire's own names (spec §7 GET /batch_orders), as
 * the orders list's do, so a reload, Back or a shared link shows the same batches. Batches are few next to
 * orders, so no date range is assumed: without dates every batch is listed.
 */
import { DEFAULT_ORDER_PAGE_SIZE, ORDER_PAGE_SIZES } from '@parcelops/shared';
import type { BatchOrderListParams } from './api.ts';

/** Spec §9's page sizes, as the orders list offers them. */
export const BATCH_PAGE_SIZES = ORDER_PAGE_SIZES;

function wholeNumber(text: string | null): number | null {
  if (text === null || !/^\d+$/.test(text)) return null;
  return Number(text);
}

export function parseBatchSearch(params: URLSearchParams): BatchOrderListParams {
  const pageSize = wholeNumber(params.get('page_size'));
  return {
    page: wholeNumber(params.get('page')) ?? 0,
    page_size: (BATCH_PAGE_SIZES as readonly number[]).includes(pageSize ?? -1)
      ? (pageSize as number)
      : DEFAULT_ORDER_PAGE_SIZE,
    from_date: params.get('from_date') ?? '',
    to_date: params.get('to_date') ?? '',
    account_sid: params.get('account_sid') ?? '',
    filter: params.get('filter') ?? '',
  };
}

export type BatchSearchChange = Partial<BatchOrderListParams>;

/**
 * The URL after `change`: empty values and the first page leave it, and any change but the page's own starts
 * again at the first page, since the old page may not exist among the new results.
 */
export function applyBatchSearchChange(current: URLSearchParams, change: BatchSearchChange): URLSearchParams {
  const next = new URLSearchParams(current);
  for (const [key, value] of Object.entries(change)) {
    if (value === undefined || value === '' || (key === 'page' && value === 0)) next.delete(key);
    else next.set(key, String(value));
  }
  if (!('page' in change)) next.delete('page');
  return next;
}
