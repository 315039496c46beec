import { Notifications } from '@mantine/notifications';
import { TOAST_AUTO_CLOSE_MS } from '../lib/notify.ts';

/**
 * Where toasts show. AppProviders loads it in a chunk of its own (with its transitions and scroll handling),
 * asked for at start but not on the sign-in page's way: a toast raised before it arrives waits in the store
 * (`notifications.show`) and shows when it does.
 */
export function Toasts() {
  return <Notifications position="bottom-right" autoClose={TOAST_AUTO_CLOSE_MS} />;
}
