/**
 * Registers the service worker the build generates (vite.config.ts `serviceWorker()`: the app shell precached,
 * the API never cached), so a station loads without the network after one visit, and hands the station over
 * to a new version only when the operator moves to another page (docs/decisions.md, "Issue 32: the station's
 * app shell offline"). main.tsx starts it in production builds only: never under Vite's dev server or Vitest.
 *
 * A new version installs beside the running one and waits (registerType 'prompt'). It takes over:
 * - on the operator's next move to another page of the app: that navigation is held, the waiting worker is
 *   told to take over, and the destination then loads in full from it (Chromium's Navigation API; elsewhere
 *   the next item does it);
 * - on the next page load, when a version was already waiting as the page loaded: the page loads again at once,
 *   before anyone has started working on it (a reload alone never swaps workers while the old page is open).
 * Never in the middle of a page: the running page keeps the scripts it was built with, which the old worker
 * still holds until the new one takes over.
 */
import { Workbox } from 'workbox-window';
import { type PendingNavigation, registersServiceWorker, takesNewVersion } from './handover-rules.ts';

const SCRIPT_URL = '/sw.js';
/** A station stays open all day without loading a page: look for a new version every hour. */
const UPDATE_CHECK_MS = 60 * 60 * 1000;
/** How long a page change waits for the new worker to take over before loading anyway (from whichever serves). */
const HANDOVER_WAIT_MS = 3_000;

/** The Navigation API's `navigate` event, as far as it is used here (TypeScript's DOM library lacks it). */
interface NavigateEvent extends Event {
  readonly navigationType: PendingNavigation['navigationType'];
  readonly destination: { readonly url: string };
  readonly hashChange: boolean;
  readonly downloadRequest: string | null;
  readonly formData: FormData | null;
}

let started = false;

/** Starts the service worker for this page (once), or as soon as the app moves to a page that registers it. */
export function startServiceWorker(): void {
  if (started || !('serviceWorker' in navigator)) return;
  started = true;
  const station = new StationWorker();
  const navigation = (window as { navigation?: EventTarget }).navigation;
  navigation?.addEventListener('navigate', (event) => station.onNavigate(event as NavigateEvent));
  if (registersServiceWorker(window.location.pathname, navigator.serviceWorker.controller !== null)) {
    void station.register();
  }
}

class StationWorker {
  private readonly workbox = new Workbox(SCRIPT_URL, { scope: '/' });
  private registration: ServiceWorkerRegistration | undefined;
  private registering = false;
  /** Another tab let a new version take over: this page's scripts are no longer the ones the worker holds. */
  private outdated = false;
  private handingOver = false;

  async register(): Promise<void> {
    if (this.registering) return;
    this.registering = true;
    let controller = navigator.serviceWorker.controller;
    navigator.serviceWorker.addEventListener('controllerchange', () => {
      // The first install claiming this page is not a new version; a swap this page did not ask for is.
      if (controller && !this.handingOver) this.outdated = true;
      controller = navigator.serviceWorker.controller;
    });
    this.registration = await this.workbox.register().catch(() => undefined);
    if (!this.registration) return;
    // Loaded from the old version while a new one waited: load again from the new one before work starts.
    if (this.registration.waiting && navigator.serviceWorker.controller) {
      void this.handOver(window.location.href);
    }
    setInterval(() => {
      if (navigator.onLine && document.visibilityState === 'visible')
        void this.workbox.update().catch(() => {});
    }, UPDATE_CHECK_MS);
  }

  onNavigate(event: NavigateEvent): void {
    const navigation: PendingNavigation = {
      navigationType: event.navigationType,
      destination: event.destination.url,
      hashChange: event.hashChange,
      downloadRequest: event.downloadRequest,
      formData: event.formData,
      cancelable: event.cancelable,
    };
    if (!this.registering) {
      // Signed in from a public page without a page load: this page registers now.
      const { pathname } = new URL(navigation.destination);
      if (registersServiceWorker(pathname, false)) void this.register();
      return;
    }
    const newVersion = Boolean(this.registration?.waiting) || this.outdated;
    if (!newVersion || this.handingOver || !takesNewVersion(window.location.href, navigation)) return;
    // The app's router finds the address unchanged and stays put; the destination loads in full below.
    event.preventDefault();
    void this.handOver(navigation.destination);
  }

  /** Lets the waiting version take over, then loads `url` from it. */
  private async handOver(url: string): Promise<void> {
    if (this.handingOver) return;
    this.handingOver = true;
    if (this.registration?.waiting) {
      await new Promise<void>((resolve) => {
        navigator.serviceWorker.addEventListener('controllerchange', () => resolve(), { once: true });
        setTimeout(resolve, HANDOVER_WAIT_MS);
        this.workbox.messageSkipWaiting();
      });
    }
    window.location.assign(url);
  }
}
