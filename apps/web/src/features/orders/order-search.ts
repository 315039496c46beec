/**
 * The orders list's filters live in the URL, under the wire's own names (spec §7 GET /orders), so a reload,
 * Back or a shared link shows the same orders. Absent dates mean the default range (spec §9: the last 15 days,
 * counted from today each time); a date cleared on purpose stays in the URL as empty, meaning "no bound".
 */
import {
  DEFAULT_ORDER_DAYS,
  DEFAULT_ORDER_PAGE_SIZE,
  ORDER_PAGE_SIZES,
  ORDER_SORTS,
  type OrderSort,
} from '@parcelops/shared';
import type { OrderListParams } from './api.ts';

/** YYYY-MM-DD in the viewer's own time zone, as `<input type="date">` holds it. */
export function toDateInput(date: Date): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

export function defaultOrderDates(today = new Date()): { from_date: string; to_date: string } {
  const from = new Date(today);
  from.setDate(from.getDate() - DEFAULT_ORDER_DAYS);
  return { from_date: toDateInput(from), to_date: toDateInput(today) };
}

function wholeNumber(text: string | null): number | null {
  if (text === null || !/^-?\d+$/.test(text)) return null;
  return Number(text);
}

export function parseOrderSearch(params: URLSearchParams, today = new Date()): OrderListParams {
  const batchSid = params.get('batch_sid') ?? '';
  // A batch's orders are shown whenever it ran: the default range would hide those of an older batch.
  const defaults = batchSid ? { from_date: '', to_date: '' } : defaultOrderDates(today);
  const pageSize = wholeNumber(params.get('page_size'));
  return {
    page: Math.max(0, wholeNumber(params.get('page')) ?? 0),
    page_size: (ORDER_PAGE_SIZES as readonly number[]).includes(pageSize ?? -1)
      ? (pageSize as number)
      : DEFAULT_ORDER_PAGE_SIZE,
    from_date: params.get('from_date') ?? defaults.from_date,
    to_date: params.get('to_date') ?? defaults.to_date,
    account_sid: params.get('account_sid') ?? '',
    status: wholeNumber(params.get('status')),
    filter: params.get('filter') ?? '',
    filter_missing_hs_code: params.get('filter_missing_hs_code') === 'true',
    ams_masterAirWaybill: params.get('ams_masterAirWaybill') ?? '',
    ams_carton_label: params.get('ams_carton_label') ?? '',
    batch_sid: batchSid,
    // Absent or unknown: the server's default order, newest first.
    sort: (ORDER_SORTS as readonly string[]).includes(params.get('sort') ?? '')
      ? (params.get('sort') as OrderSort)
      : 'date_created',
    direction: params.get('direction') === 'asc' ? 'asc' : 'desc',
  };
}

/**
 * How many of the filters in the fold (the boxes above the status buttons) narrow the list: the text, the
 * staff's account, master air waybill and carton label, a date range other than the default, missing HS
 * codes. Status, page size and the batch chip show outside the fold and are not counted.
 */
export function countActiveOrderFilters(
  search: OrderListParams,
  isStaff: boolean,
  today = new Date(),
): number {
  const defaults = search.batch_sid ? { from_date: '', to_date: '' } : defaultOrderDates(today);
  const staffOnly = isStaff ? [search.account_sid, search.ams_masterAirWaybill, search.ams_carton_label] : [];
  const texts = [search.filter, ...staffOnly].filter((value) => value.trim() !== '').length;
  const dates = search.from_date !== defaults.from_date || search.to_date !== defaults.to_date ? 1 : 0;
  return texts + dates + (search.filter_missing_hs_code ? 1 : 0);
}

/**
 * What a date box shows for a bound of the URL: the day as it is, or, for an instant (the import's link to the
 * orders it placed gives one), the viewer's day of it, so the box is not blank while the list is narrowed.
 */
export function dateInputValue(bound: string): string {
  if (!bound.includes('T')) return bound;
  const instant = new Date(bound);
  return Number.isNaN(instant.getTime()) ? '' : toDateInput(instant);
}

export type OrderSearchChange = Partial<OrderListParams>;

/**
 * The URL after `change`. Any change but the page's own starts again at the first page, since the old page
 * may not exist among the new results. Empty values leave the URL, except dates (see above).
 */
export function applyOrderSearchChange(current: URLSearchParams, change: OrderSearchChange): URLSearchParams {
  const next = new URLSearchParams(current);
  for (const [key, value] of Object.entries(change)) {
    const isDate = key === 'from_date' || key === 'to_date';
    if (isDate) next.set(key, String(value ?? ''));
    else if (value === null || value === undefined || value === '' || value === false) next.delete(key);
    else next.set(key, String(value));
  }
  // The default order stays out of the URL, as other defaults do.
  if (next.get('sort') === 'date_created') next.delete('sort');
  if (next.get('direction') === 'desc') next.delete('direction');
  if (!('page' in change)) next.delete('page');
  if (next.get('page') === '0') next.delete('page');
  return next;
}
