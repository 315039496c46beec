/**
 * Toasts (spec §2 Generic elements): success, warning (done, but not all of it) or error, hiding by themselves
 * after 5000 ms (spec §9 default).
 */
import { notifications } from '@mantine/notifications';
import { useEffect, useRef } from 'react';
import { ApiError, errorMessage } from './api-client.ts';
import { getToken, useViewer } from './session.ts';

export const TOAST_AUTO_CLOSE_MS = 5000;

type Kind = 'success' | 'warning' | 'error';

const COLORS: Record<Kind, string> = { success: 'green', warning: 'orange', error: 'red' };

/** The toasts still on screen, by kind, so a new one can take the place of stale ones of the other kinds. */
const shown: Record<Kind, Set<string>> = { success: new Set(), warning: new Set(), error: new Set() };
let counter = 0;

function show(kind: Kind, message: string, id?: string) {
  // "Saved" under a red "Failed to save" (or the reverse) contradicts itself: the newest outcome wins.
  for (const other of Object.keys(shown) as Kind[]) {
    if (other === kind) continue;
    for (const staleId of shown[other]) notifications.hide(staleId);
    shown[other].clear();
  }
  counter += 1;
  const toastId = id ?? `toast-${kind}-${counter}`;
  shown[kind].add(toastId);
  notifications.show({
    id: toastId,
    message,
    color: COLORS[kind],
    autoClose: TOAST_AUTO_CLOSE_MS,
    onClose: () => shown[kind].delete(toastId),
  });
}

export function notifySuccess(message: string) {
  show('success', message);
}

/** Done, but not everything: some of it was refused or skipped, and the person should look. */
export function notifyWarning(message: string) {
  show('warning', message);
}

/** Shows the server's msg; `prefix` gives the spec's failure wording, e.g. "Failed to create HS code ". */
export function notifyError(error: unknown, prefix = '') {
  // A 401 that ended the session is said once, by the sign-in page's notice: no toast over it.
  if (error instanceof ApiError && error.status === 401 && getToken() === null) return;
  show('error', `${prefix}${errorMessage(error)}`);
}

/** An error toast with a fixed text (a permission notice); the same `id` shown twice stays one toast. */
export function notifyErrorText(message: string, id?: string) {
  show('error', message, id);
}

/** Takes every toast off the screen, and those still waiting their turn. */
export function clearToasts() {
  notifications.clean();
  for (const ids of Object.values(shown)) ids.clear();
}

/**
 * Toasts belong to the session they were shown in (issue 21 item 7): a refusal must not greet the sign-in
 * page, or the next person. Signing out, or the session ending, takes them all away.
 */
export function useToastsEndWithSession() {
  const signedIn = useViewer() !== null;
  const wasSignedIn = useRef(signedIn);
  useEffect(() => {
    if (wasSignedIn.current && !signedIn) clearToasts();
    wasSignedIn.current = signedIn;
  }, [signedIn]);
}
