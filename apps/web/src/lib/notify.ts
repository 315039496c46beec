/** Toasts (spec §2 Generic elements): success or error, hiding by themselves after 5000 ms (spec §9 default). */
import { notifications } from '@mantine/notifications';
import { errorMessage } from './api-client.ts';

export const TOAST_AUTO_CLOSE_MS = 5000;

export function notifySuccess(message: string) {
  notifications.show({ message, color: 'green', autoClose: TOAST_AUTO_CLOSE_MS });
}

/** Shows the server's msg; `prefix` gives the spec's failure wording, e.g. "Failed to create HS code ". */
export function notifyError(error: unknown, prefix = '') {
  notifications.show({
    message: `${prefix}${errorMessage(error)}`,
    color: 'red',
    autoClose: TOAST_AUTO_CLOSE_MS,
  });
}

/** An error toast with a fixed text (a permission notice); the same `id` shown twice stays one toast. */
export function notifyErrorText(message: string, id?: string) {
  notifications.show({ id, message, color: 'red', autoClose: TOAST_AUTO_CLOSE_MS });
}
