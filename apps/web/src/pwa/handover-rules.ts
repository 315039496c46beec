/**
 * When the service worker (src/pwa/service-worker.ts) is registered, and which navigations may carry the
 * station over to a new version of the app. Pure, so the rules are tested without a browser.
 */

/** Pages the public reaches from a link (a customer following a tracking link): they never download the back office. */
const PUBLIC_PAGES = /^\/(?:tracking(?:\/.*)?)?$/;

/**
 * Whether a page registers the service worker: every page but the public ones, and any page already served by
 * one (so its updates are still taken there).
 */
export function registersServiceWorker(pathname: string, controlled: boolean): boolean {
  return controlled || !PUBLIC_PAGES.test(pathname);
}

/** What a navigation the browser is about to make looks like (the Navigation API's `navigate` event). */
export interface PendingNavigation {
  navigationType: 'push' | 'replace' | 'reload' | 'traverse';
  destination: string;
  hashChange: boolean;
  downloadRequest: string | null;
  formData: unknown;
  cancelable: boolean;
}

/**
 * Whether a navigation may become the new version's first page load: the operator is going to another page of
 * the app (its path changes), so nothing on the current one is interrupted. A change of the query or the hash
 * (a filter, a tab, a station's settings kept in the address) stays where it is, as do back and forward (which
 * the browser may refuse to cancel), downloads, form posts and anything outside the app (the API, its docs).
 */
export function takesNewVersion(current: string, navigation: PendingNavigation): boolean {
  if (navigation.navigationType !== 'push' && navigation.navigationType !== 'replace') return false;
  if (!navigation.cancelable || navigation.hashChange) return false;
  if (navigation.downloadRequest !== null || navigation.formData) return false;
  const from = new URL(current);
  const to = new URL(navigation.destination);
  if (to.origin !== from.origin || /^\/api(?:\/|$)/.test(to.pathname)) return false;
  return to.pathname !== from.pathname;
}
