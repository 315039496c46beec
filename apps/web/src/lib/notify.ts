/** Toasts (spec §2 Generic elements): success or error, hiding by themselves after 5000 ms (spec §9 default). */
import { notifications } from '@mantine/notifications';
import { errorMessage } from './api-client.ts';

export const TOAST_AUTO_CLOSE_MS = 5000;

type Kind = 'success' | 'error';

/** The toasts still on screen, by kind, so a new one can take the place of a stale one of the other kind. */
const shown: Record<Kind, Set<string>> = { success: new Set(), error: new Set() };
let counter = 0;

function show(kind: Kind, message: string, id?: string) {
  // "Saved" under a red "Failed to save" (or the reverse) contradicts itself: the newest outcome wins.
  const stale = kind === 'success' ? shown.error : shown.success;
  for (const staleId of stale) notifications.hide(staleId);
  stale.clear();
  counter += 1;
  const toastId = id ?? `toast-${kind}-${counter}`;
  shown[kind].add(toastId);
  notifications.show({
    id: toastId,
    message,
    color: kind === 'success' ? 'green' : 'red',
    autoClose: TOAST_AUTO_CLOSE_MS,
    onClose: () => shown[kind].delete(toastId),
  });
}

export function notifySuccess(message: string) {
  show('success', message);
}

/** Shows the server's msg; `prefix` gives the spec's failure wording, e.g. "Failed to create HS code ". */
export function notifyError(error: unknown, prefix = '') {
  show('error', `${prefix}${errorMessage(error)}`);
}

/** An error toast with a fixed text (a permission notice); the same `id` shown twice stays one toast. */
export function notifyErrorText(message: string, id?: string) {
  show('error', message, id);
}
