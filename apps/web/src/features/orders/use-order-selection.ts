/**
 * The orders ticked in the list: some sids, or "every order that matches" the filters. A change of filters,
 * page or order starts afresh, since what was ticked may no longer be shown.
 */
import { useState } from 'react';

export function useOrderSelection(scope: string) {
  const [sids, setSids] = useState<ReadonlySet<string>>(new Set());
  const [allMatching, setAllMatching] = useState(false);
  const [seenScope, setSeenScope] = useState(scope);
  if (seenScope !== scope) {
    setSeenScope(scope);
    setSids(new Set());
    setAllMatching(false);
  }

  const toggle = (sid: string, on: boolean) => {
    setAllMatching(false);
    setSids((current) => {
      const next = new Set(current);
      if (on) next.add(sid);
      else next.delete(sid);
      return next;
    });
  };
  const setPage = (pageSids: readonly string[], on: boolean) => {
    setAllMatching(false);
    setSids(on ? new Set(pageSids) : new Set());
  };
  const clear = () => {
    setSids(new Set());
    setAllMatching(false);
  };
  return { sids, allMatching, toggle, setPage, selectAllMatching: () => setAllMatching(true), clear };
}

export type OrderSelection = ReturnType<typeof useOrderSelection>;
