import { useSearchParams } from 'react-router';

/**
 * Spec §2: the filter and the chosen account live in the URL (`filter`, `accountSid`), so a reload or a
 * shared link keeps them. Typing replaces the history entry rather than adding one per keystroke.
 */
export function useDeclarationSearch() {
  const [params, setParams] = useSearchParams();

  const set = (key: 'filter' | 'accountSid', value: string | null, replace: boolean) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (value) next.set(key, value);
        else next.delete(key);
        return next;
      },
      { replace },
    );

  return {
    filter: params.get('filter') ?? '',
    accountSid: params.get('accountSid') || null,
    setFilter: (filter: string) => set('filter', filter, true),
    /** Choosing another account is a step of its own, which Back should undo. */
    setAccountSid: (accountSid: string | null) => set('accountSid', accountSid, false),
  };
}
