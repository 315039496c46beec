import { useEffect, useState } from 'react';

/**
 * State kept in local storage (this device's choices: the hub, the mute switch) or session storage (the scan
 * table, until the operator clears it or closes the tab). A value that cannot be read falls back to `initial`.
 */
export function useStoredState<T>(
  storage: 'local' | 'session',
  key: string,
  initial: T,
  isValid: (value: unknown) => value is T,
): [T, (next: T | ((previous: T) => T)) => void] {
  const store = () => (storage === 'local' ? window.localStorage : window.sessionStorage);
  const [value, setValue] = useState<T>(() => {
    try {
      const raw = store().getItem(key);
      if (raw === null) return initial;
      const parsed: unknown = JSON.parse(raw);
      return isValid(parsed) ? parsed : initial;
    } catch {
      return initial;
    }
  });
  // biome-ignore lint/correctness/useExhaustiveDependencies: the storage kind and key never change for a caller
  useEffect(() => {
    try {
      store().setItem(key, JSON.stringify(value));
    } catch {
      // Storage full or refused (private mode): the state still works for this page's life.
    }
  }, [value]);
  return [value, setValue];
}
