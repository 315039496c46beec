import { useSettledFilter } from '../../lib/use-debounced-filter.ts';
import { useUrlListSearch } from '../../lib/use-url-list-search.ts';
import type { BatchOrderListParams } from './api.ts';
import { applyBatchSearchChange, parseBatchSearch } from './batch-search.ts';

/**
 * The list's filters from the URL: `search` as shown in the inputs, `query` as sent (the name filter trimmed
 * and sent once the typing pauses). Without `staffFilters` (account users see their own batches only) an
 * account in the URL is ignored.
 */
export function useBatchSearch(staffFilters: boolean) {
  const { search, change } = useUrlListSearch(parseBatchSearch, applyBatchSearchChange, ['filter']);
  const filter = useSettledFilter(search.filter);

  const query: BatchOrderListParams = {
    ...search,
    filter,
    account_sid: staffFilters ? search.account_sid : '',
  };

  return { search, query, change };
}
