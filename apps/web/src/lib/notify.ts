/**
 * Toasts (spec §2 Generic elements): success, warning (done, but not all of it) or error, hiding by themselves
 * after 5000 ms (spec §9 default).
 */
import { notifications } from '@mantine/notifications';
import { errorMessage } from './api-client.ts';

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
  show('error', `${prefix}${errorMessage(error)}`);
}

/** An error toast with a fixed text (a permission notice); the same `id` shown twice stays one toast. */
export function notifyErrorText(message: string, id?: string) {
  show('error', message, id);
}
