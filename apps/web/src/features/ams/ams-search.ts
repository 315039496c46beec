/**
 * The AMS list's filters live in the URL under the wire's own names (spec §7 GET /ams), as the orders and
 * batch lists' do, so a reload, Back or a shared link shows the same AMS. Without dates every AMS is listed.
 */
import { AMS_PAGE_SIZES, DEFAULT_AMS_PAGE_SIZE } from '@parcelops/shared';
import type { AmsListParams } from './api.ts';

function wholeNumber(text: string | null): number | null {
  if (text === null || !/^\d+$/.test(text)) return null;
  return Number(text);
}

export function parseAmsSearch(params: URLSearchParams): AmsListParams {
  const pageSize = wholeNumber(params.get('page_size'));
  return {
    page: wholeNumber(params.get('page')) ?? 0,
    page_size: (AMS_PAGE_SIZES as readonly number[]).includes(pageSize ?? -1)
      ? (pageSize as number)
      : DEFAULT_AMS_PAGE_SIZE,
    name: params.get('name') ?? '',
    from_date: params.get('from_date') ?? '',
    to_date: params.get('to_date') ?? '',
  };
}

export type AmsSearchChange = Partial<AmsListParams>;

/**
 * The URL after `change`: empty values and the first page leave it, and any change but the page's own starts
 * again at the first page, since the old page may not exist among the new results.
 */
export function applyAmsSearchChange(current: URLSearchParams, change: AmsSearchChange): URLSearchParams {
  const next = new URLSearchParams(current);
  for (const [key, value] of Object.entries(change)) {
    if (value === undefined || value === '' || (key === 'page' && value === 0)) next.delete(key);
    else next.set(key, String(value));
  }
  if (!('page' in change)) next.delete('page');
  return next;
}
