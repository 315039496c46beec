/**
 * Issue 28, batches in a real browser: the create page says "Checking…" while the job runs and never announces
 * a success the job has not reached; a batch that fails on credit opens on its page with "Run again" first; an
 * admin tops the account up (a seller cannot: through the API here) and the seller runs it again without
 * choosing the file, and it succeeds, its orders placed once. "Check only" tells the cost before anything is
 * charged, and "Place orders" places the checked batch. While the orders are placed the create page shows how
 * many so far. Each journey seeds its own account, seller and file.
 */
import { mkdirSync } from 'node:fs';
import { expect, type Page, type Route, test } from '@playwright/test';
import { Api, unique } from './support/api.ts';
import { axeFindings, describeFindings } from './support/axe.ts';
import { E2E_ADMIN } from './support/constants.ts';
import { ordersWorkbook, seattleRow } from './support/seed.ts';
import { signInOnDesktop } from './support/ui.ts';

/** One 300 g order costs 100,000 VND. */
const PRICE_ROWS = [
  [500, 100000, 4],
  [5000, 400000, 16],
] as const;
const LIST_PATH = '/internal/batch_orders';
/** The job waits for the queue's next poll (2 s) and a busy machine is slow: far more than either. */
const JOB_TIMEOUT = 30_000;
const SHOTS = '/tmp/issue28/shots';
const SUCCESS = 'Successfully created batch order';

const toast = (page: Page, text: string) =>
  page.locator('.mantine-Notification-root').filter({ hasText: text });

async function snap(page: Page, name: string) {
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true, animations: 'disabled' });
}

/** The screen at 1440 px and at 390 px, then back to the desk. */
async function snapBoth(page: Page, name: string) {
  await snap(page, `${name}-1440`);
  await page.setViewportSize({ width: 390, height: 844 });
  // The navigation slides away after a resize, and a toast still pending would cover what the picture is for.
  await page.waitForTimeout(300);
  await expect(page.locator('.mantine-Notification-root')).toHaveCount(0, { timeout: 8_000 });
  await snap(page, `${name}-390`);
  await page.setViewportSize({ width: 1440, height: 900 });
}

/** An account on credit holding `topup` VND, with the price table above, and a seller of it, signed in. */
async function creditSeller(request: Parameters<typeof Api.admin>[0], topup: number) {
  const admin = await Api.admin(request);
  const account = await admin.createAccount();
  const prices = await admin.createPriceTable(PRICE_ROWS);
  await admin.setUpBilling(account.sid, prices.sid, topup);
  const seller = await admin.createReadyUser(0, account.sid);
  const sellerApi = (await Api.signIn(request, seller.username, seller.password)).api;
  return { admin, account, seller, sellerApi };
}

/**
 * Holds the page's view of batches as running (in progress) until `release`: the real answer, with its
 * status said as in progress, so a screenshot of "Checking…" does not race the job; after it, the real answers.
 */
async function holdRunning(page: Page, shown: { placed?: number } = {}) {
  let holding = true;
  const handler = async (route: Route) => {
    const response = await route.fetch();
    if (!holding) return route.fulfill({ response });
    const batch = (await response.json()) as Record<string, unknown>;
    await route.fulfill({
      response,
      json: { ...batch, status: 'in-progress', reason: null, reason_text: null, ...shown },
    });
  };
  await page.route(/\/api\/v1\/batch_orders\/(?!template)[^/?]+$/, handler);
  // The route stays and passes the real answers on: unrouting while a poll's answer is being fetched hands that
  // request on by itself, and the handler's own fulfil then fails ("Route is already handled").
  return async () => {
    holding = false;
  };
}

async function fillCreateForm(page: Page, name: string, file: string) {
  await page.goto(`${LIST_PATH}/add`);
  await expect(page.getByRole('heading', { level: 1, name: 'Create Batch Order' })).toBeVisible();
  await page.getByRole('textbox', { name: /^Batch name/ }).fill(name);
  await page.getByLabel(/^Orders Excel/).setInputFiles(file);
  await expect(page.getByTestId('file-picker-name')).toHaveText(/\.xlsx$/);
}

async function ordersOf(api: Api, batchSid: string) {
  const listed = await api.call<{ data: { orderNumber: string }[]; total: number }>(
    'GET',
    `/orders?batch_sid=${encodeURIComponent(batchSid)}&page_size=100`,
  );
  return listed.data.map((order) => order.orderNumber).sort();
}

test('a batch that fails on credit is run again after a top-up, without choosing the file, and succeeds', async ({
  page,
  request,
}) => {
  const { admin, account, seller, sellerApi } = await creditSeller(request, 100_000);
  const prefix = unique('E2E-RUN-');
  const name = unique('E2E run again ');
  const file = await ordersWorkbook([
    seattleRow(`${prefix}-1`, 'Jane Doe'),
    seattleRow(`${prefix}-2`, 'John Roe'),
  ]);

  await signInOnDesktop(page, seller);
  await fillCreateForm(page, name, file);
  const release = await holdRunning(page);
  await page.getByRole('button', { name: 'Create', exact: true }).click();

  await test.step('the create page says "Checking…" and nothing about success', async () => {
    const checking = page.getByTestId('batch-checking');
    await expect(checking).toContainText('Checking…');
    await expect(checking).toContainText('all or nothing');
    await expect(page.getByRole('button', { name: 'Create', exact: true })).toBeDisabled();
    await expect(toast(page, SUCCESS)).toHaveCount(0);
    await snapBoth(page, 'batch-create-checking');
    await release();
  });

  await test.step('the failure opens on the batch page, "Run again" first', async () => {
    await expect(page).toHaveURL(/\/internal\/batch_orders\/[^/]+\/view$/, { timeout: JOB_TIMEOUT });
    await expect(page.getByTestId('batch-status')).toContainText('Failed');
    await expect(toast(page, SUCCESS)).toHaveCount(0);
    await expect(
      page.getByText('The credit balance (100,000 VND) cannot cover this batch (200,000 VND)'),
    ).toBeVisible();
    const next = page.getByRole('region', { name: 'What next' });
    await expect(next.getByRole('button', { name: 'Run again' })).toBeVisible();
    await expect(next.getByRole('link', { name: 'Upload a corrected file' })).toBeVisible();
    await expect(page.locator('.mantine-Notification-root')).toHaveCount(0, { timeout: 8_000 });
    await snapBoth(page, 'batch-view-failed-run-again');
  });
  const batchSid = /\/batch_orders\/([^/]+)\/view/.exec(page.url())?.[1] ?? '';
  expect(await ordersOf(sellerApi, batchSid)).toEqual([]);

  // A seller cannot top up their own account: the admin does, as support would.
  await admin.call('PUT', `/accounts/${account.sid}`, { topup: 100_000 });

  await test.step('the seller runs it again: no file chosen, placed, announced once placed', async () => {
    await page.getByRole('region', { name: 'What next' }).getByRole('button', { name: 'Run again' }).click();
    await expect(page.getByTestId('batch-status')).toContainText(/Processing|Processed/);
    await expect(page.getByTestId('batch-status')).toContainText('Processed', { timeout: JOB_TIMEOUT });
    await expect(toast(page, SUCCESS)).toBeVisible();
    await expect(page.getByRole('region', { name: 'What next' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Labels', exact: true })).toBeVisible();
    await snap(page, 'batch-view-run-again-processed-1440');
  });
  expect(await ordersOf(sellerApi, batchSid)).toEqual([`${prefix}-1`, `${prefix}-2`]);
  expect(await admin.creditBalance(account.sid)).toBe(0);
});

test('"Check only" tells the cost before anything is charged, and "Place orders" places the checked batch', async ({
  page,
  request,
}) => {
  const { admin, account, seller, sellerApi } = await creditSeller(request, 500_000);
  const prefix = unique('E2E-CHK-');
  const name = unique('E2E check only ');
  const file = await ordersWorkbook([
    seattleRow(`${prefix}-1`, 'Jane Doe'),
    seattleRow(`${prefix}-2`, 'John Roe'),
  ]);

  await signInOnDesktop(page, seller);
  await fillCreateForm(page, name, file);
  await page.getByRole('button', { name: 'Check only', exact: true }).click();
  await expect(page).toHaveURL(/\/internal\/batch_orders\/[^/]+\/view$/, { timeout: JOB_TIMEOUT });
  const quote = page.getByRole('region', { name: 'Check result' });
  await expect(quote).toContainText('200,000 VND');
  await expect(quote).toContainText('500,000 VND');
  await expect(toast(page, SUCCESS)).toHaveCount(0);
  const batchSid = /\/batch_orders\/([^/]+)\/view/.exec(page.url())?.[1] ?? '';
  expect(await ordersOf(sellerApi, batchSid)).toEqual([]);
  expect(await admin.creditBalance(account.sid)).toBe(500_000);
  await expect(page.locator('.mantine-Notification-root')).toHaveCount(0, { timeout: 8_000 });
  await snapBoth(page, 'batch-view-checked-quote');

  await quote.getByRole('button', { name: 'Place orders' }).click();
  await expect(page.getByTestId('batch-status')).toContainText('Processed', { timeout: JOB_TIMEOUT });
  await expect(toast(page, SUCCESS)).toBeVisible();
  expect(await ordersOf(sellerApi, batchSid)).toEqual([`${prefix}-1`, `${prefix}-2`]);
  expect(await admin.creditBalance(account.sid)).toBe(300_000);
});

test('the create page shows the orders being placed, then announces the batch once it has succeeded', async ({
  page,
  request,
}) => {
  const { account, seller, sellerApi } = await creditSeller(request, 500_000);
  const prefix = unique('E2E-PLC-');
  const file = await ordersWorkbook([
    seattleRow(`${prefix}-1`, 'Jane Doe'),
    seattleRow(`${prefix}-2`, 'John Roe'),
  ]);
  await signInOnDesktop(page, seller);
  await fillCreateForm(page, unique('E2E placing '), file);
  // The job places two orders in a blink: the page is shown the batch part-way, one order placed of two.
  const release = await holdRunning(page, { placed: 1 });
  await page.getByRole('button', { name: 'Create', exact: true }).click();
  const progress = page.getByTestId('batch-checking');
  await expect(progress).toContainText('Placing the orders…');
  await expect(progress).toContainText('1 order placed so far. None is shown or charged until all are.');
  await expect(progress.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '50');
  await snapBoth(page, 'batch-create-placing');
  await release();
  await expect(toast(page, SUCCESS)).toBeVisible({ timeout: JOB_TIMEOUT });
  await expect(page).toHaveURL(LIST_PATH);
  const batches = await sellerApi.call<{ data: { sid: string; placed: number; orders: number }[] }>(
    'GET',
    `/batch_orders?account_sid=${encodeURIComponent(account.sid)}`,
  );
  expect(batches.data[0]).toMatchObject({ placed: 2, orders: 2 });
});

test("the batch's own page shows the staff how many orders are placed so far, and passes axe while it does", async ({
  page,
  request,
}) => {
  const { sellerApi } = await creditSeller(request, 500_000);
  const prefix = unique('E2E-PLV-');
  const batch = await sellerApi.createBatch(
    unique('E2E placing view '),
    await ordersWorkbook([seattleRow(`${prefix}-1`, 'Jane Doe'), seattleRow(`${prefix}-2`, 'John Roe')]),
  );
  expect(await sellerApi.finishedBatch(batch.sid)).toBe('success');
  await signInOnDesktop(page, E2E_ADMIN);
  // Placing two orders takes a blink: the page is shown the batch part-way, one order placed of two.
  const release = await holdRunning(page, { placed: 1 });
  await page.goto(`${LIST_PATH}/${batch.sid}/view`);
  const placing = page.getByTestId('batch-placing');
  await expect(page.getByTestId('batch-status')).toContainText('Placing the orders…');
  await expect(placing).toContainText('1 order placed so far. None is shown or charged until all are.');
  await expect(placing.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '50');
  const findings = await axeFindings(page, 'batch view, placing', { working: true });
  expect(findings, describeFindings(findings)).toEqual([]);
  await snapBoth(page, 'batch-view-placing-admin');
  await release();
  // The page asks again by itself and shows the batch as it is: done, its bar gone.
  await expect(page.getByTestId('batch-status')).toContainText('Processed', { timeout: JOB_TIMEOUT });
  await expect(placing).toHaveCount(0);
});
