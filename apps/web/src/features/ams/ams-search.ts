/**
 * The AMS list's filters live in the URL under the wire's own names (spec §7 GET /ams), as the orders and
 * batch lists' do, so a reload, Back or a shared link shows the same AMS. Without dates every AMS is listed.
 */
import { AMS_PAGE_SIZES, DEFAULT_AMS_PAGE_SIZE } from '@parcelops/shared';
import { applyListSearchChange, pagingOf } from '../../lib/url-list-search.ts';
import type { AmsListParams } from './api.ts';

export function parseAmsSearch(params: URLSearchParams): AmsListParams {
  return {
    ...pagingOf(params, AMS_PAGE_SIZES, DEFAULT_AMS_PAGE_SIZE),
    name: params.get('name') ?? '',
    from_date: params.get('from_date') ?? '',
    to_date: params.get('to_date') ?? '',
  };
}

export type AmsSearchChange = Partial<AmsListParams>;

export const applyAmsSearchChange = (current: URLSearchParams, change: AmsSearchChange): URLSearchParams =>
  applyListSearchChange(current, change);
