/**
 * Issue item 8: the home page's dashboard for each role, with its numbers beside the charts. Staff see every
 * account's orders per day by status; a seller sees their own and what they spent, in their account's unit.
 */
import { expect, type Page, test } from '@playwright/test';
import { unique } from './support/api.ts';
import { axeFindings, describeFindings } from './support/axe.ts';
import { E2E_ADMIN } from './support/constants.ts';
import { austinOrder, billedSeller } from './support/seed.ts';
import { shot, signIn } from './support/ui.ts';

test.describe.configure({ mode: 'serial' });

const DESKTOP = { width: 1440, height: 900 };
const PHONE = { width: 390, height: 844 };
/** Every order here weighs 300 g: 100,000 VND each. */
const PRICE_ROWS = [
  [500, 100000, 4],
  [5000, 400000, 16],
] as const;
const SELLER_ORDERS = 3;

let seller: { username: string; password: string };
let operator: { username: string; password: string };

test.beforeAll(async ({ request }) => {
  const billed = await billedSeller(request, PRICE_ROWS);
  seller = billed.seller;
  operator = await billed.admin.createReadyUser(1, null);
  for (let n = 0; n < SELLER_ORDERS; n++) {
    await billed.sellerApi.call('POST', '/orders', austinOrder(unique('DASH-'), 'Dashboard Customer'));
  }
});

/** Opens the home page and waits for the dashboard's figures (its chunk and its reply). */
async function openDashboard(page: Page) {
  await page.goto('/internal');
  await expect(page.getByRole('heading', { name: 'Dashboard', level: 2 })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Orders per day', level: 3 })).toBeVisible();
  await expect(page.getByTestId('dashboard-skeleton')).toHaveCount(0);
}

/** The number in a totals tile. */
async function tileCount(page: Page, key: string): Promise<number> {
  const text = await page.getByTestId(`total-${key}`).locator('dd').textContent();
  return Number((text ?? '').replace(/\D/g, ''));
}

/** Screenshots at desktop and phone widths, and no serious or moderate axe finding at either. */
async function pictures(page: Page, name: string) {
  await page.setViewportSize(DESKTOP);
  await shot(page, `${name}-1440`);
  const findings = await axeFindings(page, name);
  expect(findings, describeFindings(findings)).toEqual([]);
  await page.setViewportSize(PHONE);
  await expect(page.getByTestId('orders-table')).toBeVisible();
  await shot(page, `${name}-390`);
}

test("an admin sees every account's orders per day by status, with the numbers in a table", async ({
  page,
}) => {
  await page.setViewportSize(DESKTOP);
  await signIn(page, E2E_ADMIN.username, E2E_ADMIN.password);
  await expect(page).toHaveURL('/internal/accounts');
  await openDashboard(page);

  await expect(page.getByText('All accounts, last 30 days (UTC days).')).toBeVisible();
  expect(await tileCount(page, 'all')).toBeGreaterThanOrEqual(SELLER_ORDERS);
  await expect(page.getByTestId('total-0')).toContainText('Generated');
  const table = page.getByRole('table', { name: 'Orders per day by status' });
  await expect(table.getByRole('columnheader', { name: 'Generated' })).toBeVisible();
  // As the table writes it (3,037): other journeys' orders count too, so the total may pass a thousand.
  await expect(table.locator('tfoot')).toContainText((await tileCount(page, 'all')).toLocaleString('en-US'));
  await expect(page.getByRole('img', { name: /Stacked bar chart of orders per day/ })).toBeVisible();
  await expect(page.getByTestId('orders-chart').locator('svg.recharts-surface').first()).toBeVisible();
  // Spend is a seller's figure: staff see no money here.
  await expect(page.getByRole('heading', { name: 'Spend per day' })).toHaveCount(0);
  await pictures(page, 'dashboard-admin');
});

test('an operator sees the same dashboard on the operator home', async ({ page }) => {
  await page.setViewportSize(DESKTOP);
  await signIn(page, operator.username, operator.password);
  await expect(page).toHaveURL('/internal');
  await openDashboard(page);
  expect(await tileCount(page, 'all')).toBeGreaterThanOrEqual(SELLER_ORDERS);
  await expect(page.getByRole('heading', { name: 'Spend per day' })).toHaveCount(0);
  await pictures(page, 'dashboard-operator');
});

test('a seller sees their own orders per day and what they spent', async ({ page }) => {
  await page.setViewportSize(DESKTOP);
  await signIn(page, seller.username, seller.password);
  await expect(page).toHaveURL(/\/internal\/accounts\/[^/]+\/edit$/);
  await openDashboard(page);

  await expect(page.getByText('Your account, last 30 days (UTC days).')).toBeVisible();
  expect(await tileCount(page, 'all')).toBe(SELLER_ORDERS);
  expect(await tileCount(page, '0')).toBe(SELLER_ORDERS);
  const orders = page.getByRole('table', { name: 'Orders per day by status' });
  await expect(orders.locator('tbody tr')).toHaveCount(1);
  await expect(orders.locator('tfoot')).toContainText(SELLER_ORDERS.toLocaleString('en-US'));

  await expect(page.getByRole('heading', { name: 'Spend per day' })).toBeVisible();
  await expect(page.getByTestId('spend-total')).toHaveText('300,000 VND');
  const spend = page.getByRole('table', { name: 'Amount spent per day' });
  await expect(spend.locator('tbody tr')).toHaveCount(1);
  await expect(spend.locator('tbody td')).toHaveText('300,000 VND');
  await expect(page.getByRole('img', { name: /Bar chart of spend per day/ })).toBeVisible();
  await pictures(page, 'dashboard-seller');

  // In Vietnamese: the same figures, money and days in Vietnamese conventions.
  await page.evaluate(() => localStorage.setItem('parcelops.language', 'vi'));
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Bảng tổng quan', level: 2 })).toBeVisible();
  await expect(page.getByTestId('spend-total')).toHaveText('300.000 VND');
  await expect(page.getByRole('columnheader', { name: 'Đã tạo' })).toBeVisible();
  await shot(page, 'dashboard-seller-vi-390');
});
