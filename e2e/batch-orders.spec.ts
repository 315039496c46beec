/**
 * Issue 18, batch orders in a real browser (spec §2 Batch orders, §8 messages). A seller creates a batch from
 * the template's columns, watches it reach Processed without reloading, prints its labels (a barcode read off
 * the rendered PDF, as a scanner would) and saves its report; a batch with a bad row fails, naming the row,
 * and gives its sheet back with an Error column; an admin creates one for another account and follows "View
 * orders" to the list narrowed to it. Each journey seeds its own account and batch, so they run in any order,
 * and keeps screenshots of the screens at desktop and phone width.
 */
import { expect, type Locator, type Page, test } from '@playwright/test';
import { type Api, unique } from './support/api.ts';
import { E2E_ADMIN } from './support/constants.ts';
import { pdfBarcodes, pdfText } from './support/pdf.ts';
import { billedAccount, billedSeller, ordersWorkbook, seattleRow } from './support/seed.ts';
import { choose, dataRows, downloadFrom, mainNav, row, shot, signInOnDesktop } from './support/ui.ts';
import { readWorkbook } from './support/workbooks.ts';

const PRICE_ROWS = [
  [500, 100000, 4],
  [5000, 400000, 16],
] as const;
const VIETNAMESE_NAME = 'Nguyễn Văn Đức';
const LIST_PATH = '/internal/batch_orders';
/** The job waits for the queue's next poll (2 s) and a busy machine is slow: far more than either. */
const JOB_TIMEOUT = 30_000;

/** The batch's sid from its View Batch Order URL. */
const batchSidOf = (page: Page) => /\/batch_orders\/([^/]+)\/view/.exec(page.url())?.[1] ?? '';

const statusBlock = (page: Page) => page.getByRole('region', { name: 'Batch order status' });

/** Toasts outlive the page that raised them; on a phone one covers what the screenshot is for. */
const toastsGone = (page: Page) => expect(page.locator('.mantine-Notification-root')).toHaveCount(0);

/**
 * Makes the page's first answer about a batch say it is still running, so the journey sees the status block
 * follow a running batch to its end whatever the job's pace: the real answer when the job has not finished,
 * and when it has, the same batch as the server shows it while it runs (no orders, no times, no problems yet).
 * Every later answer is the server's own.
 */
async function firstAnswerRunning(page: Page) {
  await page.route(
    /\/api\/v1\/batch_orders\/(?!template)[^/?]+$/,
    async (route) => {
      const response = await route.fetch();
      const batch = (await response.json()) as Record<string, unknown>;
      const running =
        batch.status === 'in-progress' || batch.status === 'initiated'
          ? batch
          : {
              ...batch,
              status: 'in-progress',
              reason: null,
              orders: 0,
              total_charge: 0,
              problem_count: 0,
              problems: [],
              finished_at: null,
            };
      await route.fulfill({ response, json: running });
    },
    { times: 1 },
  );
}

/**
 * Opens the batch from the list and watches its status block go from Processing to `outcome` by itself: the
 * page asks again (at least one more answer from the server) and neither reloads nor navigates.
 */
async function openAndWatch(page: Page, name: string, outcome: 'Processed' | 'Failed') {
  await firstAnswerRunning(page);
  const answers: string[] = [];
  page.on('response', (response) => {
    if (/\/api\/v1\/batch_orders\/(?!template)[^/?]+$/.test(response.url())) answers.push(response.url());
  });
  await page.getByRole('link', { name, exact: true }).click();
  await expect(page).toHaveURL(/\/internal\/batch_orders\/[^/]+\/view$/);
  await expect(page.getByRole('heading', { level: 1, name: 'View Batch Order' })).toBeVisible();
  const status = page.getByTestId('batch-status');
  await expect(status).toContainText('Processing');
  await expect(statusBlock(page)).toContainText('This page refreshes by itself until the batch is done.');
  await expect(page.getByRole('textbox', { name: /^Batch name/ })).toHaveValue(name);
  await expect(page.getByRole('textbox', { name: /^Batch name/ })).toBeDisabled();

  // A reload or a navigation would lose this mark and count a main-frame navigation.
  await page.evaluate('window.__e2eSameDocument = true');
  let navigations = 0;
  const counted = (frame: unknown) => {
    if (frame === page.mainFrame()) navigations++;
  };
  page.on('framenavigated', counted);
  await expect(status).toContainText(outcome, { timeout: JOB_TIMEOUT });
  page.off('framenavigated', counted);
  expect(navigations, 'the page did not reload or navigate').toBe(0);
  expect(await page.evaluate('window.__e2eSameDocument === true')).toBe(true);
  expect(answers.length, 'the page asked about the batch again by itself').toBeGreaterThanOrEqual(2);
  await expect(statusBlock(page)).not.toContainText('refreshes by itself');
  return batchSidOf(page);
}

/** Fills "Batch name" and chooses the file on Create Batch Order; Create is on only once a file is chosen. */
async function fillCreateForm(page: Page, name: string, file: string) {
  await expect(page.getByRole('heading', { level: 1, name: 'Create Batch Order' })).toBeVisible();
  const create = page.getByRole('button', { name: 'Create', exact: true });
  await expect(create).toBeDisabled();
  const nameField = page.getByRole('textbox', { name: /^Batch name/ });
  await expect(nameField).toHaveAttribute('placeholder', 'Name');
  await nameField.fill(name);
  await expect(create).toBeDisabled();
  await page.getByLabel(/^Orders Excel/).setInputFiles(file);
  await expect(page.getByTestId('file-picker-name')).toHaveText(/\.xlsx$/);
  await expect(create).toBeEnabled();
  return create;
}

/**
 * Creates the batch: "Checking…" while its job runs (issue 28: nothing is announced before the job has
 * succeeded), then the spec's toast and back on the list, where the new batch is a row.
 */
async function create(page: Page, button: Locator, name: string) {
  await button.click();
  await expect(
    page.locator('.mantine-Notification-root').filter({ hasText: 'Successfully created batch order' }),
  ).toBeVisible({ timeout: JOB_TIMEOUT });
  await expect(page).toHaveURL(LIST_PATH);
  await expect(row(page, name)).toBeVisible();
}

/** Creates a batch that fails: never announced as created, its own page opens with the failure. */
async function createFailing(page: Page, button: Locator) {
  await button.click();
  await expect(page).toHaveURL(/\/internal\/batch_orders\/[^/]+\/view$/, { timeout: JOB_TIMEOUT });
  await expect(page.getByTestId('batch-status')).toContainText('Failed');
  await expect(
    page.locator('.mantine-Notification-root').filter({ hasText: 'Successfully created batch order' }),
  ).toHaveCount(0);
}

async function batchOrders(api: Api, batchSid: string) {
  const listed = await api.call<{
    data: { barcode: string; orderNumber: string; name: string; account_sid: string }[];
    total: number;
  }>('GET', `/orders?batch_sid=${encodeURIComponent(batchSid)}&page_size=100`);
  return listed.data;
}

test('a seller creates a batch, watches it reach Processed, reads a label barcode and saves the report', async ({
  page,
  request,
}) => {
  const { sellerApi, seller } = await billedSeller(request, PRICE_ROWS);
  const prefix = unique('E2E-BAT-');
  const name = `Lô tháng 11 ${unique('E2E ')}`;
  const file = await ordersWorkbook([
    seattleRow(`${prefix}-1`, VIETNAMESE_NAME),
    seattleRow(`${prefix}-2`, 'Jane Doe'),
    seattleRow(`${prefix}-3`, 'John Roe'),
  ]);

  await signInOnDesktop(page, seller);
  await mainNav(page).getByRole('link', { name: 'Batch orders', exact: true }).click();
  await expect(page).toHaveURL(LIST_PATH);
  await expect(page.getByRole('heading', { level: 1, name: 'Batch orders' })).toBeVisible();
  await page.getByRole('link', { name: 'Add batch order' }).click();
  await expect(page).toHaveURL(`${LIST_PATH}/add`);
  await expect(page.getByText('Only use provided file for batch order')).toBeVisible();

  await test.step('the template is an xlsx of the import columns', async () => {
    const template = await downloadFrom(page, page.getByRole('button', { name: 'Download template' }));
    expect(template.suggestedFilename()).toBe('batch_order_template.xlsx');
    const [headers = []] = await readWorkbook(await template.path());
    expect(headers).toContain('orderNumber');
  });

  const button = await fillCreateForm(page, name, file);
  await shot(page, 'batch-orders-create');
  await create(page, button, name);
  await shot(page, 'batch-orders-list');

  const batchSid = await openAndWatch(page, name, 'Processed');
  await expect(statusBlock(page)).toContainText('3'); // Number of orders
  await shot(page, 'batch-orders-view-processed');

  const orders = await batchOrders(sellerApi, batchSid);
  expect(orders.map((order) => order.orderNumber).sort()).toEqual(
    [`${prefix}-1`, `${prefix}-2`, `${prefix}-3`].sort(),
  );
  const barcodes = orders.map((order) => order.barcode);

  await test.step('the labels: one 4x6 page per order, a barcode a scanner reads on each', async () => {
    const labels = await downloadFrom(page, page.getByRole('button', { name: 'Labels', exact: true }));
    expect(labels.suggestedFilename()).toBe(`${name}_labels.pdf`);
    const path = await labels.path();
    const { pages } = await pdfText(path);
    expect(pages).toHaveLength(3);
    // The label the first page prints is one of the batch's orders, read off the pixels.
    const first = await pdfBarcodes(path, 1);
    expect(first).toHaveLength(1);
    expect(barcodes).toContain(first[0]);
    // And every page is another order's: together they are the batch's barcodes.
    const all = [...first, ...(await pdfBarcodes(path, 2)), ...(await pdfBarcodes(path, 3))];
    expect(all.sort()).toEqual([...barcodes].sort());
    // The Vietnamese name is printed as typed (a reader copies it back out).
    expect(pages.some((text) => text.includes(VIETNAMESE_NAME))).toBe(true);
  });

  await test.step('the report opens in a new tab and is saved as "<batch name>.pdf"', async () => {
    const tab = page.waitForEvent('popup');
    const report = await downloadFrom(page, page.getByRole('button', { name: 'Report', exact: true }));
    expect(report.suggestedFilename()).toBe(`${name}.pdf`);
    // The tab opened at the click is then shown the PDF the page fetched, from its own memory (a blob: URL).
    const reportTab = await tab;
    await expect.poll(() => reportTab.url()).toMatch(/^blob:http:\/\/localhost:\d+\//);
    await reportTab.close();
    const { pages } = await pdfText(await report.path());
    expect(pages.join('\n')).toContain(name);
  });
});

test('a batch with a bad row fails, lists the row and gives the sheet back with an Error column', async ({
  page,
  request,
}) => {
  const { sellerApi, seller } = await billedSeller(request, PRICE_ROWS);
  const prefix = unique('E2E-BATF-');
  const name = unique('E2E failed batch ');
  const file = await ordersWorkbook([
    seattleRow(`${prefix}-1`, 'Jane Doe'),
    seattleRow(`${prefix}-2`, VIETNAMESE_NAME, ''),
    seattleRow(`${prefix}-3`, 'John Roe'),
  ]);

  await signInOnDesktop(page, seller);
  await page.goto(`${LIST_PATH}/add`);
  await createFailing(page, await fillCreateForm(page, name, file));
  // From the list, the batch's page follows it from Processing to Failed by itself.
  await page.goto(LIST_PATH);
  const batchSid = await openAndWatch(page, name, 'Failed');

  await test.step('the bad rows table names the row, the column and why', async () => {
    const problems = page.getByRole('table', { name: 'Bad rows' });
    await expect(dataRows(problems)).toHaveCount(1);
    const cells = dataRows(problems).first().getByRole('cell');
    await expect(cells.nth(0)).toHaveText('3');
    await expect(cells.nth(1)).toHaveText('city');
    await expect(cells.nth(3)).toHaveText('City is required');
    await expect(page.getByRole('button', { name: 'Labels', exact: true })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Report', exact: true })).toHaveCount(0);
    await shot(page, 'batch-orders-view-failed');
  });

  await test.step('the error sheet: the rows as sent, the message beside the bad one', async () => {
    const sheet = await downloadFrom(page, page.getByRole('button', { name: 'Download error sheet' }));
    expect(sheet.suggestedFilename()).toBe(`${name}_errors.xlsx`);
    const [headers = [], ...rows] = await readWorkbook(await sheet.path());
    const error = headers.indexOf('Error');
    expect(error, `headers: ${headers.join(', ')}`).toBeGreaterThan(0);
    const numbers = headers.indexOf('orderNumber');
    expect(rows.map((cells) => [cells[numbers], cells[error] ?? null])).toEqual([
      [`${prefix}-1`, null],
      [`${prefix}-2`, 'city: City is required'],
      [`${prefix}-3`, null],
    ]);
  });

  // All or nothing: a failed batch placed no order.
  expect(await batchOrders(sellerApi, batchSid)).toEqual([]);

  await test.step('at phone width: the failed batch, the list and the create page', async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    await expect(page.getByRole('table', { name: 'Bad rows' })).toBeVisible();
    await toastsGone(page);
    await shot(page, 'batch-orders-view-failed-390');
    await page.goto(LIST_PATH);
    await expect(row(page, name)).toBeVisible();
    await shot(page, 'batch-orders-list-390');
    await page.goto(`${LIST_PATH}/add`);
    await expect(page.getByRole('heading', { level: 1, name: 'Create Batch Order' })).toBeVisible();
    await shot(page, 'batch-orders-create-390');
  });
});

test('an admin creates a batch for an account and "View orders" lists its orders', async ({
  page,
  request,
}) => {
  const { admin, account } = await billedAccount(request, PRICE_ROWS);
  const prefix = unique('E2E-BATA-');
  const name = unique('E2E admin batch ');
  const file = await ordersWorkbook([
    seattleRow(`${prefix}-1`, VIETNAMESE_NAME),
    seattleRow(`${prefix}-2`, 'Jane Doe'),
  ]);

  await signInOnDesktop(page, E2E_ADMIN);
  await page.goto(LIST_PATH);
  await page.getByRole('link', { name: 'Add batch order' }).click();
  await choose(page, page.getByRole('combobox', { name: /^Account/ }), account.name);
  const button = await fillCreateForm(page, name, file);
  await shot(page, 'batch-orders-create-admin');
  await create(page, button, name);
  await expect(row(page, name)).toContainText(account.name);

  const batchSid = await openAndWatch(page, name, 'Processed');
  await expect(page.getByRole('textbox', { name: /^Account/ })).toHaveValue(account.name);
  await shot(page, 'batch-orders-view-admin');
  await page.setViewportSize({ width: 390, height: 844 });
  await toastsGone(page);
  await shot(page, 'batch-orders-view-processed-390');
  await page.setViewportSize({ width: 1440, height: 900 });

  const orders = await batchOrders(admin, batchSid);
  expect(orders).toHaveLength(2);
  for (const order of orders) expect(order.account_sid).toBe(account.sid);

  await page.getByRole('link', { name: 'View orders' }).click();
  await expect(page).toHaveURL(`/internal/orders?batch_sid=${batchSid}`);
  await expect(page.getByText(`Batch: ${name}`, { exact: true })).toBeVisible();
  await expect(row(page, `${prefix}-1`)).toBeVisible();
  await expect(row(page, `${prefix}-2`)).toBeVisible();
  await shot(page, 'batch-orders-orders-filtered');

  // The order's own view names its batch, and leads back to it.
  await row(page, `${prefix}-1`).getByRole('link', { name: 'View', exact: true }).click();
  const batchLink = page.getByTestId('order-summary-batch').getByRole('link', { name });
  await expect(batchLink).toBeVisible();
  await batchLink.click();
  await expect(page).toHaveURL(`${LIST_PATH}/${batchSid}/view`);
});
