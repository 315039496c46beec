import { useSearchParams } from 'react-router';
import { useSettledFilter } from '../../lib/use-debounced-filter.ts';
import { type AmsSearchChange, applyAmsSearchChange, parseAmsSearch } from './ams-search.ts';
import type { AmsListParams } from './api.ts';

/** Spec §9: the AMS name filter waits this long after typing before the list is fetched again. */
export const AMS_NAME_DEBOUNCE_MS = 1000;

/** The list's filters from the URL: `search` as shown in the inputs, `query` as sent (the name settled). */
export function useAmsSearch() {
  const [params, setParams] = useSearchParams();
  const search = parseAmsSearch(params);
  const name = useSettledFilter(search.name, AMS_NAME_DEBOUNCE_MS);
  const query: AmsListParams = { ...search, name };

  const change = (changes: AmsSearchChange) => {
    // Typing replaces the history entry rather than adding one per keystroke.
    const typed = Object.keys(changes).every((key) => key === 'name');
    setParams((current) => applyAmsSearchChange(current, changes), { replace: typed });
  };

  return { search, query, change };
}
