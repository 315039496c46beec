/**
 * Issue 28 item 3, the flight's expected list: parcels received (hub scan) at an AMS's hub, Scanned and in no
 * manifest, newest scan first (GET /ams/{sid}/waiting), and how many of them a filing would leave behind
 * (the reconciliation's `waiting`).
 */
import type { Reconciliation } from '@parcelops/shared';

/** The view's anchor for the waiting list, which the Submit step links to. */
export const WAITING_ANCHOR = 'ams-waiting';

export const AMS_WAITING_PAGE_SIZE = 25;

/** Received parcels a filing now would leave behind (0 until the reconciliation has answered). */
export const waitingOf = (reconciliation: Reconciliation | undefined): number =>
  Math.max(0, reconciliation?.waiting ?? 0);
