/**
 * The offline scan station's journeys (issue 32): the steps both stations share, read off the station core's
 * queue panel, banner and Exceptions list.
 */
import { type APIRequestContext, expect, type Page } from '@playwright/test';
import { scanCode } from './scanner.ts';

interface TrackingEvent {
  description: string;
  eventTime: string;
}

const queuePanel = (page: Page) => page.getByTestId('station-queue');
const pendingCount = (page: Page) => page.getByTestId('station-pending');

/** The station answers live (the server reached) before the network goes. */
export async function expectLive(page: Page) {
  await expect(queuePanel(page)).toHaveAttribute('data-mode', 'live');
}

/**
 * Takes the browser offline and scans each code: every scan is queued, the banner never green. Answers when the
 * network went, the earliest time a scan may carry.
 */
export async function scanOffline(page: Page, codes: readonly string[]): Promise<number> {
  await page.context().setOffline(true);
  const offlineFrom = Date.now();
  for (const code of codes) await scanCode(page, code);
  await expect(queuePanel(page)).toHaveAttribute('data-mode', 'queued');
  await expect(pendingCount(page)).toContainText(String(codes.length));
  await expect(page.getByTestId('scan-banner')).not.toHaveAttribute('data-outcome', 'success');
  return offlineFrom;
}

/** Reloads the page while offline (the service worker serves it): the queue is still on the device. */
export async function reloadOffline(page: Page, queued: number) {
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(pendingCount(page)).toContainText(String(queued));
}

/**
 * Brings the network back (the browser's 'online' event sends the queue at once: Send now has its own tests) and
 * waits until the queue is empty. Answers the time the network came back, later than any scan's.
 */
export async function backOnline(page: Page): Promise<number> {
  const onlineAt = Date.now();
  await page.context().setOffline(false);
  await expect(queuePanel(page)).toHaveAttribute('data-mode', 'live', { timeout: 30_000 });
  await expect(pendingCount(page)).toContainText('0');
  return onlineAt;
}

/** The Exceptions list holds exactly one entry, about this barcode; `beforeAcknowledge` runs while it shows. */
export async function acknowledgeTheException(
  page: Page,
  barcode: string,
  beforeAcknowledge: () => Promise<void>,
) {
  const exceptions = page.getByTestId('station-exception');
  await expect(exceptions).toHaveCount(1);
  await expect(exceptions.first()).toContainText(barcode);
  await beforeAcknowledge();
  await exceptions
    .first()
    .getByRole('button', { name: /Acknowledge/ })
    .click();
  await expect(exceptions).toHaveCount(0);
}

/** The parcel has exactly one tracking event with this description, stamped within [from, before). */
export async function expectOneEventBetween(
  request: APIRequestContext,
  barcode: string,
  description: string,
  from: number,
  before: number,
) {
  const response = await request.get(`/api/v1/tracking?filter=${barcode}`);
  expect(response.status()).toBe(200);
  const events = ((await response.json()) as TrackingEvent[]).filter(
    (event) => event.description === description,
  );
  expect(events).toHaveLength(1);
  const at = Date.parse((events[0] as TrackingEvent).eventTime);
  // A second of slack: the browser's clock and the test's are the same machine's, read at different moments.
  expect(at).toBeGreaterThanOrEqual(from - 1_000);
  expect(at).toBeLessThan(before);
}
