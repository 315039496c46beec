/**
 * A station session's running counts by verdict colour (the hub's received, already in, refused), kept in
 * session storage until the operator clears them or closes the tab, like the scanned table beside them.
 */
import { useCallback, useState } from 'react';
import { useStoredState } from './use-stored-state.ts';

export type SessionCounts<Key extends string> = Record<Key, number>;

export function useSessionCounts<Key extends string>(storageKey: string, keys: readonly Key[]) {
  // A station's keys are a constant list: the zero counts are made once.
  const [empty] = useState(() => Object.fromEntries(keys.map((key) => [key, 0])) as SessionCounts<Key>);
  const isCounts = useCallback(
    (value: unknown): value is SessionCounts<Key> =>
      typeof value === 'object' &&
      value !== null &&
      keys.every((key) => Number.isInteger((value as Record<string, unknown>)[key])),
    [keys],
  );
  const [counts, setCounts] = useStoredState<SessionCounts<Key>>('session', storageKey, empty, isCounts);
  /** Adds one to each key listed (a call's verdicts, in one render). */
  const add = useCallback(
    (added: readonly Key[]) =>
      setCounts((previous) => {
        const next = { ...previous };
        for (const key of added) next[key] += 1;
        return next;
      }),
    [setCounts],
  );
  const reset = useCallback(() => setCounts(empty), [setCounts, empty]);
  return { counts, add, reset, empty };
}
