/**
 * Issue items 6 and 7: the orders list as a seller works it. Three orders are ticked, their labels come as one
 * PDF of three pages, and deleting them asks first, saying how many. The list is photographed on a desktop
 * and on a phone.
 */
import { readFileSync } from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { unique } from './support/api.ts';
import { billedSeller, placeHcmOrders } from './support/seed.ts';
import { downloadFrom, expectToast, openOrdersFiltered, shot, signInOnDesktop } from './support/ui.ts';

const PRICE_ROWS = [[5000, 100000, 4]] as const;

/** Pages of a PDF: its page objects (PDFKit writes each as "/Type /Page"). */
const pageCount = (pdf: Buffer) => (pdf.toString('latin1').match(/\/Type \/Page\b/g) ?? []).length;

test('a seller prints three orders as one PDF and deletes them after confirming', async ({
  page,
  request,
}) => {
  const { seller, sellerApi } = await billedSeller(request, PRICE_ROWS);
  const prefix = unique('BULK-');
  await placeHcmOrders(sellerApi, prefix, ['Bulk Customer 1', 'Bulk Customer 2', 'Bulk Customer 3']);

  await signInOnDesktop(page, seller, /\/internal\//);
  await openOrdersFiltered(page, prefix, 3);

  await test.step('the list is readable at 1440 px: one line per order, no serious accessibility faults', async () => {
    const heights = await page
      .getByRole('row')
      .filter({ hasText: prefix })
      .evaluateAll((rows) => rows.map((element) => element.getBoundingClientRect().height));
    // A wrapped order number or date would make a row taller than a button and a chip.
    for (const height of heights) expect(height).toBeLessThan(60);
    await shot(page, 'orders-list-1440');
    const results = await new AxeBuilder({ page }).include('main').analyze();
    const serious = results.violations.filter(
      (v) => v.impact === 'serious' || v.impact === 'critical' || v.impact === 'moderate',
    );
    expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
  });

  await test.step('three ticked orders print as one PDF of three pages', async () => {
    await page.getByRole('checkbox', { name: 'Select every order on this page' }).check();
    const bar = page.getByRole('region', { name: 'Bulk actions' });
    await expect(bar).toContainText('3 selected');
    const download = await downloadFrom(page, bar.getByRole('button', { name: 'Print labels' }));
    expect(download.suggestedFilename()).toBe('labels.pdf');
    const pdf = readFileSync(await download.path());
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    expect(pageCount(pdf)).toBe(3);
    await expectToast(page, 'Labels of 3 orders downloaded');
  });

  await test.step('the list on a phone: a card per order, no sideways scroll', async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    const card = page.getByRole('listitem').filter({ hasText: `${prefix}-1` });
    await expect(card).toBeVisible();
    await expect(card.getByText('Generated')).toBeVisible();
    await expect(card.getByRole('link', { name: 'View' })).toBeVisible();
    // Measured once the layout has settled after the resize (the navbar collapses with a transition).
    await expect
      .poll(() => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth))
      .toBeLessThanOrEqual(0);
    await shot(page, 'orders-list-390');
    await page.setViewportSize({ width: 1440, height: 900 });
  });

  await test.step('deleting them asks first, saying how many', async () => {
    const bar = page.getByRole('region', { name: 'Bulk actions' });
    await expect(bar).toContainText('3 selected');
    await bar.getByRole('button', { name: 'Delete' }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toContainText('Delete 3 orders?');
    await shot(page, 'orders-bulk-delete-confirm');
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await expectToast(page, 'Deleted 3 orders');
    await expect(page.getByRole('table').getByText('No data.')).toBeVisible();
    await expect(bar).toHaveCount(0);
  });
});
