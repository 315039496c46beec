/// <reference lib="dom" />
import type { Page } from '@playwright/test';

/**
 * Waits until the app's service worker has installed (the app shell precached) and serves this page, so the page
 * can be reloaded offline (issue 32, part 5).
 */
export async function waitForServiceWorker(page: Page) {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
}
