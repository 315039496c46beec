import { useSettledFilter } from '../../lib/use-debounced-filter.ts';
import { LIST_TEXT_DEBOUNCE_MS, useUrlListSearch } from '../../lib/use-url-list-search.ts';
import { applyAmsSearchChange, parseAmsSearch } from './ams-search.ts';
import type { AmsListParams } from './api.ts';

/** Spec §9: the AMS name filter waits this long after typing before the list is fetched again. */
export const AMS_NAME_DEBOUNCE_MS = LIST_TEXT_DEBOUNCE_MS;

/** The list's filters from the URL: `search` as shown in the inputs, `query` as sent (the name settled). */
export function useAmsSearch() {
  const { search, change } = useUrlListSearch(parseAmsSearch, applyAmsSearchChange, ['name']);
  const name = useSettledFilter(search.name, AMS_NAME_DEBOUNCE_MS);
  const query: AmsListParams = { ...search, name };
  return { search, query, change };
}
