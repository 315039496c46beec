import { useSearchParams } from 'react-router';
import { useSettledFilter } from '../../lib/use-debounced-filter.ts';
import type { BatchOrderListParams } from './api.ts';
import { applyBatchSearchChange, type BatchSearchChange, parseBatchSearch } from './batch-search.ts';

/**
 * The list's filters from the URL: `search` as shown in the inputs, `query` as sent (the name filter trimmed
 * and sent once the typing pauses). Without `staffFilters` (account users see their own batches only) an
 * account in the URL is ignored.
 */
export function useBatchSearch(staffFilters: boolean) {
  const [params, setParams] = useSearchParams();
  const search = parseBatchSearch(params);
  const filter = useSettledFilter(search.filter);

  const query: BatchOrderListParams = {
    ...search,
    filter,
    account_sid: staffFilters ? search.account_sid : '',
  };

  const change = (changes: BatchSearchChange) => {
    // Typing replaces the history entry rather than adding one per keystroke.
    const typed = Object.keys(changes).every((key) => key === 'filter');
    setParams((current) => applyBatchSearchChange(current, changes), { replace: typed });
  };

  return { search, query, change };
}
