/**
 * Which optional columns of the orders table a person shows, remembered in this browser per user (keyed by
 * the user's sid, so two people sharing a browser keep their own choice). Order number, status and the
 * actions always show: without them a row cannot be told apart or acted on.
 */
import { useState } from 'react';
import { useViewer } from '../../lib/session.ts';

export const OPTIONAL_ORDER_COLUMNS = [
  'barcode',
  'customer',
  'account',
  'weight',
  'price',
  'created',
] as const;
export type OptionalOrderColumn = (typeof OPTIONAL_ORDER_COLUMNS)[number];

const storageKey = (userSid: string) => `parcelops.orders.hiddenColumns.${userSid}`;

function readHidden(userSid: string | undefined): OptionalOrderColumn[] {
  if (!userSid) return [];
  try {
    const stored: unknown = JSON.parse(localStorage.getItem(storageKey(userSid)) ?? '[]');
    return Array.isArray(stored) ? OPTIONAL_ORDER_COLUMNS.filter((column) => stored.includes(column)) : [];
  } catch {
    return [];
  }
}

export function useOrderColumns() {
  const userSid = useViewer()?.userSid;
  const [hidden, setHidden] = useState(() => readHidden(userSid));
  const [owner, setOwner] = useState(userSid);
  // Another person signed in on the same page: their own choice, not the last one's.
  if (owner !== userSid) {
    setOwner(userSid);
    setHidden(readHidden(userSid));
  }

  const setShown = (column: OptionalOrderColumn, shown: boolean) => {
    const next = shown ? hidden.filter((entry) => entry !== column) : [...hidden, column];
    setHidden(next);
    if (userSid) localStorage.setItem(storageKey(userSid), JSON.stringify(next));
  };
  const isShown = (column: OptionalOrderColumn) => !hidden.includes(column);
  return { isShown, setShown };
}
