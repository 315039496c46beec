import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';

/** Typing pauses this long before a list is fetched again, rather than once per keystroke. */
export const FILTER_DEBOUNCE_MS = 300;

/** The trimmed text a list's query should use for `value`, once the typing pauses. */
export function useSettledFilter(value: string, delayMs = FILTER_DEBOUNCE_MS): string {
  const [settled] = useDebouncedValue(value.trim(), delayMs);
  return settled;
}

/** A list's filter box: what is typed now, and the trimmed text the query should use. */
export function useDebouncedFilter(delayMs = FILTER_DEBOUNCE_MS) {
  const [value, setValue] = useState('');
  const debounced = useSettledFilter(value, delayMs);
  return { value, setValue, debounced };
}
