import { useState } from 'react';
import { useSettledFilter } from '../../lib/use-debounced-filter.ts';
import { LIST_TEXT_DEBOUNCE_MS, useUrlListSearch } from '../../lib/use-url-list-search.ts';
import type { OrderListParams, OrderStatisticParams } from './api.ts';
import { applyOrderSearchChange, countActiveOrderFilters, parseOrderSearch } from './order-search.ts';

/** Spec §9: the orders' text filters wait this long after typing (the tables are large). */
export const ORDER_FILTER_DEBOUNCE_MS = LIST_TEXT_DEBOUNCE_MS;

/** The text boxes: every keystroke replaces the history entry rather than adding one. */
const TYPED: readonly (keyof OrderListParams)[] = ['filter', 'ams_masterAirWaybill', 'ams_carton_label'];

/**
 * The list's filters from the URL: `search` as shown in the inputs, `query` as sent (texts debounced and
 * trimmed), `statisticQuery` for the status counts. Without `staffFilters` (account users, spec §6) the
 * account, master air waybill and carton label in a URL are ignored: those filters are not theirs.
 */
export function useOrderSearch(staffFilters: boolean) {
  // "Today" is fixed when the page opens, so the default range does not move while it is open.
  const [today] = useState(() => new Date());
  const { search, change } = useUrlListSearch(
    (params) => parseOrderSearch(params, today),
    applyOrderSearchChange,
    TYPED,
  );

  const filter = useSettledFilter(search.filter, ORDER_FILTER_DEBOUNCE_MS);
  const masterAirWaybill = useSettledFilter(search.ams_masterAirWaybill, ORDER_FILTER_DEBOUNCE_MS);
  const cartonLabel = useSettledFilter(search.ams_carton_label, ORDER_FILTER_DEBOUNCE_MS);

  const statisticQuery: OrderStatisticParams = {
    from_date: search.from_date,
    to_date: search.to_date,
    account_sid: staffFilters ? search.account_sid : '',
    filter,
    filter_missing_hs_code: search.filter_missing_hs_code,
    ams_masterAirWaybill: staffFilters ? masterAirWaybill : '',
    ams_carton_label: staffFilters ? cartonLabel : '',
    batch_sid: search.batch_sid ?? '',
  };
  const query: OrderListParams = {
    ...statisticQuery,
    page: search.page,
    page_size: search.page_size,
    status: search.status,
    sort: search.sort,
    direction: search.direction,
  };

  // The phone's folded filters say how many are set (issue 21 item 7).
  const activeFilters = countActiveOrderFilters(search, staffFilters, today);

  return { search, query, statisticQuery, change, activeFilters };
}
