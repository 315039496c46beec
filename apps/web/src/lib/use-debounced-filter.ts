import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';

/** Typing pauses this long before a list is fetched again, rather than once per keystroke. */
export const FILTER_DEBOUNCE_MS = 300;

/** A list's filter box: what is typed now, and the trimmed text the query should use. */
export function useDebouncedFilter(delayMs = FILTER_DEBOUNCE_MS) {
  const [value, setValue] = useState('');
  const [debounced] = useDebouncedValue(value.trim(), delayMs);
  return { value, setValue, debounced };
}
