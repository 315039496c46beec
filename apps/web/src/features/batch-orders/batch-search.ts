/**
 * The batch orders list's filters live in the URL under the wire's own names (spec §7 GET /batch_orders), as
 * the orders list's do, so a reload, Back or a shared link shows the same batches. Batches are few next to
 * orders, so no date range is assumed: without dates every batch is listed.
 */
import { DEFAULT_ORDER_PAGE_SIZE, ORDER_PAGE_SIZES } from '@parcelops/shared';
import { applyListSearchChange, pagingOf } from '../../lib/url-list-search.ts';
import type { BatchOrderListParams } from './api.ts';

/** Spec §9's page sizes, as the orders list offers them. */
export const BATCH_PAGE_SIZES = ORDER_PAGE_SIZES;

export function parseBatchSearch(params: URLSearchParams): BatchOrderListParams {
  return {
    ...pagingOf(params, BATCH_PAGE_SIZES, DEFAULT_ORDER_PAGE_SIZE),
    from_date: params.get('from_date') ?? '',
    to_date: params.get('to_date') ?? '',
    account_sid: params.get('account_sid') ?? '',
    filter: params.get('filter') ?? '',
  };
}

export type BatchSearchChange = Partial<BatchOrderListParams>;

export const applyBatchSearchChange = (
  current: URLSearchParams,
  change: BatchSearchChange,
): URLSearchParams => applyListSearchChange(current, change);
