/// <reference lib="dom" />
/**
 * Issue 32, part 5: the station loads without the network after one visit. An operator opens the Create AMS
 * scanning page and an admin the Scan Orders page once; the service worker installs and serves the page; with
 * the browser offline (`context.setOffline(true)`) the page reloads and shows its heading and scan field. The
 * API is never answered from the worker or kept in Cache Storage, and the offline emulation is checked to hold
 * for the worker's own requests too (docs/tech-notes.md asks), so a page rendered offline is not a page quietly
 * fetched from the server.
 * Each journey has its own browser context, so each installs the worker afresh.
 */
import { expect, type Page, test } from '@playwright/test';
import { Api } from './support/api.ts';
import { E2E_ADMIN } from './support/constants.ts';
import { waitForServiceWorker } from './support/service-worker.ts';
import { openScanOrders, signInOnDesktop } from './support/ui.ts';

/**
 * An address only the worker's own fetch reaches (its runtime route for the camera reader's WebAssembly, not
 * precached): online the server answers 404, offline the worker's fetch fails.
 */
const WORKER_FETCHED = '/assets/offline-probe.wasm';
/** An API call the page makes itself; the worker has no route for /api and lets it through. */
const API_CALL = '/api/v1/health';

/** Fetches a path from the page: its status, or 'failed' when no answer came. */
function fetchFromPage(page: Page, path: string) {
  return page.evaluate(
    (url) =>
      fetch(url, { cache: 'no-store' }).then(
        (response) => response.status,
        () => 'failed' as const,
      ),
    path,
  );
}

/** Every address held in Cache Storage. */
function cachedAddresses(page: Page) {
  return page.evaluate(async () => {
    const addresses: string[] = [];
    for (const name of await caches.keys()) {
      const cache = await caches.open(name);
      for (const request of await cache.keys()) addresses.push(new URL(request.url).pathname);
    }
    return addresses;
  });
}

/** Records the replies to /api/ that the worker answered (from a cache or otherwise): there must be none. */
function apiRepliesFromWorker(page: Page): string[] {
  const served: string[] = [];
  page.on('response', (response) => {
    if (new URL(response.url()).pathname.startsWith('/api/') && response.fromServiceWorker()) {
      served.push(response.url());
    }
  });
  return served;
}

/** With the page served by the worker: the probes online, then offline; the caches hold the shell and no API. */
async function goOffline(page: Page) {
  await waitForServiceWorker(page);
  expect(await fetchFromPage(page, API_CALL)).toBe(200);
  const probe = page.waitForResponse((response) => response.url().endsWith(WORKER_FETCHED));
  expect(await fetchFromPage(page, WORKER_FETCHED)).toBe(404);
  // Answered through the worker's route: its fetch reached the server.
  expect((await probe).fromServiceWorker()).toBe(true);

  await page.context().setOffline(true);
  // Offline holds for the page's requests the worker lets through and for the worker's own fetches alike.
  expect(await fetchFromPage(page, API_CALL)).toBe('failed');
  expect(await fetchFromPage(page, WORKER_FETCHED)).toBe('failed');
}

async function expectShellCachedWithoutApi(page: Page) {
  const cached = await cachedAddresses(page);
  expect(cached).toContain('/index.html');
  expect(cached.filter((address) => address.startsWith('/assets/')).length).toBeGreaterThan(20);
  expect(cached.filter((address) => /\.(?:br|gz|map|wasm)$/.test(address))).toEqual([]);
  expect(cached.filter((address) => address.startsWith('/api/'))).toEqual([]);
}

test('an operator reloads the Create AMS scanning page offline after one visit', async ({
  page,
  request,
}) => {
  const admin = await Api.admin(request);
  const operator = await admin.createReadyUser(1, null);
  const fromWorker = apiRepliesFromWorker(page);

  await signInOnDesktop(page, operator);
  await page.goto('/internal/create-ams');
  const heading = page.getByRole('heading', { name: 'Create AMS', level: 1 });
  await expect(heading).toBeVisible();
  await goOffline(page);

  await page.reload();
  await expect(page).toHaveURL(/\/internal\/create-ams$/);
  await expect(heading).toBeVisible();
  await expect(page.getByTestId('scan-manual-input')).toBeVisible();
  // The page asked for its data and nothing answered: no reply came from the worker.
  expect(await fetchFromPage(page, API_CALL)).toBe('failed');
  await expectShellCachedWithoutApi(page);
  expect(fromWorker).toEqual([]);
});

test('an admin reloads Scan Orders offline, and opens Create AMS offline too', async ({ page }) => {
  const fromWorker = apiRepliesFromWorker(page);

  await signInOnDesktop(page, E2E_ADMIN);
  await openScanOrders(page);
  await goOffline(page);

  await page.reload();
  await expect(page.getByRole('heading', { name: 'Scan Orders', level: 1 })).toBeVisible();
  await expect(page.getByTestId('scan-manual-input')).toBeVisible();

  // A page this browser never opened loads offline as well: the whole shell was precached, not what was seen.
  await page.goto('/internal/create-ams');
  await expect(page.getByRole('heading', { name: 'Create AMS', level: 1 })).toBeVisible();
  await expectShellCachedWithoutApi(page);
  expect(fromWorker).toEqual([]);
});
