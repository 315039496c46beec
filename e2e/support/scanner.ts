import type { Page } from '@playwright/test';

/**
 * A handheld scanner reading a code: its characters and Enter as key events on whatever has focus, dispatched in
 * one go inside the page. A scanner's keys come a few milliseconds apart whatever the computer is doing; keys typed
 * by Playwright travel one by one from the test process, and on a busy machine two of them can arrive more than
 * the scanner gap (spec §9, 100 ms) apart while the page is idle, which the page rightly reads as two codes ("Not
 * found 410489286" for the second half). The page's own handling of gaps and busy pages is covered by the scanner
 * reader's component tests; a journey needs the scanner's timing, not the test driver's.
 */
export async function scanCode(page: Page, code: string): Promise<void> {
  await page.evaluate((text) => {
    const target = document.activeElement ?? document.body;
    for (const key of [...text, 'Enter'])
      target.dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true }));
  }, code);
}
