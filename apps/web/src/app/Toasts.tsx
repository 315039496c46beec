import { Notifications } from '@mantine/notifications';
import { TOAST_AUTO_CLOSE_MS } from '../lib/notify.ts';

/**
 * Where toasts show. AppProviders loads it in a chunk of its own (with its transitions and scroll handling),
 * asked for at start but not on the sign-in page's way: a toast raised before it arrives waits in the store
 * (`notifications.show`) and shows when it does.
 */
export function Toasts() {
  // At the top, over the bar and the page's heading: bottom-right they covered the last column of the tables
  // (the scan table's and the items' weights, issue 28 N17), and a table is what a person reads after a save.
  return <Notifications position="top-center" autoClose={TOAST_AUTO_CLOSE_MS} />;
}
