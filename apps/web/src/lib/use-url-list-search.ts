import { useSearchParams } from 'react-router';

/** Spec §9: the text filters of the orders and AMS lists wait this long after typing before fetching. */
export const LIST_TEXT_DEBOUNCE_MS = 1000;

/**
 * A paged list's filters read from the URL (`search`) and written back (`change`). A change of only the typed
 * boxes (`typedKeys`) replaces the history entry rather than adding one per keystroke; anything else is a step
 * Back undoes.
 */
export function useUrlListSearch<Search, Change extends object>(
  parse: (params: URLSearchParams) => Search,
  apply: (current: URLSearchParams, change: Change) => URLSearchParams,
  typedKeys: readonly string[],
) {
  const [params, setParams] = useSearchParams();
  const change = (changes: Change) => {
    const typed = Object.keys(changes).every((key) => typedKeys.includes(key));
    setParams((current) => apply(current, changes), { replace: typed });
  };
  return { search: parse(params), change };
}
