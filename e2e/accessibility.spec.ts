/**
 * Issue item 10: zero serious and moderate axe findings on every screen each role can open, the public ones
 * included. Each page is its own test (see checkEachPage) and prints every finding before it fails.
 */
import { expect, type Page, test } from '@playwright/test';
import { createAms, loadIntoAms } from './support/ams.ts';
import { Api, unique } from './support/api.ts';
import { type AxeFinding, axeFindings, describeFindings } from './support/axe.ts';
import { E2E_ADMIN } from './support/constants.ts';
import { type HookReceiver, startHookReceiver } from './support/hook-receiver.ts';
import { austinOrder, billedSeller, ordersWorkbook, seattleRow } from './support/seed.ts';
import { shot, signIn } from './support/ui.ts';

test.describe.configure({ mode: 'serial' });

const PRICE_ROWS = [
  [500, 100000, 4],
  [5000, 400000, 16],
] as const;

interface Seeded {
  accountSid: string;
  vendorSid: string;
  priceSid: string;
  orderSid: string;
  barcode: string;
  seller: { sid: string; username: string; password: string };
  operator: { sid: string; username: string; password: string };
  /** A batch the job placed (Labels, Report, View orders) and one that failed (its bad rows table). */
  batchSid: string;
  failedBatchSid: string;
  /** An AMS with a parcel that stops its filing (no phone, no HS code): the view shows its reconciliation. */
  amsSid: string;
}

let seeded: Seeded;
let receiver: HookReceiver | undefined;

test.beforeAll(async ({ request }) => {
  const { admin, account, prices, seller, sellerApi } = await billedSeller(request, PRICE_ROWS);
  const vendor = await admin.createVendor();
  await admin.createHsCode();
  const operator = await admin.createReadyUser(1, null);
  const order = await sellerApi.call<{ sid: string; barcode?: string | null }>(
    'POST',
    '/orders',
    austinOrder(unique('A11Y-'), 'Axe Customer'),
  );
  const ams = await createAms(admin);
  const loaded = await sellerApi.call<{ barcode: string }>(
    'POST',
    '/orders',
    austinOrder(unique('A11Y-AMS-'), 'Axe Consignee'),
  );
  await loadIntoAms(admin, ams, loaded.barcode, 'C1');
  const batch = await sellerApi.createBatch(
    unique('Axe batch '),
    await ordersWorkbook([seattleRow(unique('A11Y-B-'), 'Nguyễn Văn Đức')]),
  );
  const failed = await sellerApi.createBatch(
    unique('Axe failed batch '),
    await ordersWorkbook([seattleRow(unique('A11Y-F-'), 'Axe Customer', '')]),
  );
  expect(await sellerApi.finishedBatch(batch.sid)).toBe('success');
  expect(await sellerApi.finishedBatch(failed.sid)).toBe('failed');
  // A hook with a delivered test event, so the account page's webhooks panel shows its secret and table.
  receiver = await startHookReceiver();
  const hook = receiver.urlFor('a11y');
  await admin.setOrderStatusHook(account.sid, hook);
  await sellerApi.call('POST', `/accounts/${account.sid}/hook/test`);
  await receiver.waitFor(hook, 1);
  await expect
    .poll(async () => {
      const { data } = await sellerApi.call<{ data: { state: string }[] }>(
        'GET',
        `/accounts/${account.sid}/hook/deliveries`,
      );
      return data.map((delivery) => delivery.state);
    })
    .toEqual(['delivered']);
  seeded = {
    accountSid: account.sid,
    vendorSid: vendor.sid,
    priceSid: prices.sid,
    orderSid: order.sid,
    barcode: order.barcode ?? '',
    seller,
    operator,
    batchSid: batch.sid,
    failedBatchSid: failed.sid,
    amsSid: ams.sid,
  };
});

test.afterAll(async () => {
  await receiver?.close();
});

/** Who signs in for a page's check; nobody for the public pages. */
type Who = 'public' | 'admin' | 'operator' | 'seller';

function credentials(who: Exclude<Who, 'public'>): { username: string; password: string } {
  if (who === 'admin') return E2E_ADMIN;
  return who === 'operator' ? seeded.operator : seeded.seller;
}

/**
 * A page's path as written in a test's title, its records named (`:order`, `:batch`, …) because the titles are
 * fixed before the records exist; resolved once they do.
 */
function resolve(path: string): string {
  const records: Record<string, string> = {
    ':order': seeded.orderSid,
    ':batch': seeded.batchSid,
    ':failedBatch': seeded.failedBatchSid,
    ':account': seeded.accountSid,
    ':operator': seeded.operator.sid,
    ':seller': seeded.seller.sid,
    ':vendor': seeded.vendorSid,
    ':price': seeded.priceSid,
    ':ams': seeded.amsSid,
    ':barcode': encodeURIComponent(seeded.barcode || 'NOPE-000'),
  };
  return path.replace(/:[a-zA-Z]+/g, (name) => records[name] ?? name);
}

/**
 * Opens a page and waits until it has loaded (its chunk, its data): a missing h1 is then axe's finding, not
 * a timeout here.
 */
async function open(page: Page, path: string) {
  await page.goto(path);
  await page.waitForLoadState('networkidle');
}

/** Fails with every finding, printed first so one run lists all that is left to fix. */
function expectNoFindings(findings: AxeFinding[]) {
  if (findings.length > 0) console.log(`axe findings:\n${describeFindings(findings)}`);
  expect(findings, describeFindings(findings)).toEqual([]);
}

interface PageCheck {
  who: Who;
  path: string;
  language?: 'en' | 'vi';
  width?: number;
  /** The screenshot kept of it, if any. */
  shotName?: string;
}

/**
 * One test a page (and language and width): axe takes several seconds a page on a busy machine, and a journey
 * through six of them took 66 s beside the PostgreSQL tests, past the 60 s limit.
 */
function checkEachPage(checks: PageCheck[]) {
  for (const check of checks) {
    const variant = [check.language, check.width && `${check.width} px`].filter(Boolean).join(', ');
    test(`${check.who}: ${check.path}${variant ? ` (${variant})` : ''}`, async ({ page }) => {
      if (check.width)
        await page.setViewportSize({ width: check.width, height: check.width > 800 ? 900 : 844 });
      if (check.who === 'public') await open(page, '/login');
      else {
        const { username, password } = credentials(check.who);
        await signIn(page, username, password);
        await expect(page).toHaveURL(/\/internal/);
      }
      if (check.language)
        await page.evaluate((chosen) => localStorage.setItem('parcelops.language', chosen), check.language);
      const path = resolve(check.path);
      await open(page, path);
      if (check.language) await expect(page.locator('html')).toHaveAttribute('lang', check.language);
      const findings = await axeFindings(page, `${check.who} ${path}${variant ? ` (${variant})` : ''}`);
      if (check.shotName) await shot(page, check.shotName);
      expectNoFindings(findings);
    });
  }
}

checkEachPage(
  [
    '/',
    '/login',
    '/create-password',
    '/tracking',
    '/tracking?barcode=NOPE-000',
    '/tracking?barcode=:barcode',
    '/nope',
  ].map((path) => ({ who: 'public', path })),
);

test('public forms: sign-in with its errors shown, and create password', async ({ page, request }) => {
  const admin = await Api.admin(request);
  // A user who must still choose a password, to reach the create-password form itself.
  const username = unique('fresh');
  await admin.call('POST', '/users', {
    username,
    role: 1,
    account_sid: null,
    initial_password: 'First#2026',
  });
  const findings: AxeFinding[] = [];
  await test.step('the sign-in form with its errors shown', async () => {
    await page.goto('/login');
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(page.getByText('Username is required')).toBeVisible();
    findings.push(...(await axeFindings(page, '/login (errors)')));
  });

  await test.step('the create-password form', async () => {
    await signIn(page, username, 'First#2026');
    await expect(page).toHaveURL('/create-password');
    await expect(page.getByRole('heading', { name: 'Create password', level: 1 })).toBeVisible();
    findings.push(...(await axeFindings(page, '/create-password (form)')));
  });
  expectNoFindings(findings);
});

// Sign-in and tracking in both languages, wide and narrow.
checkEachPage(
  (['en', 'vi'] as const).flatMap((language) =>
    [1440, 390].flatMap((width) =>
      (
        [
          ['sign-in', '/login'],
          ['tracking', '/tracking?barcode=:barcode'],
        ] as const
      ).map(([name, path]) => ({
        who: 'public' as const,
        path,
        language,
        width,
        shotName: `i11-${name}-${language}-${width}`,
      })),
    ),
  ),
);

// A seller's batch order pages and their account page (its webhooks panel) in both languages, wide and narrow;
// the staff's (an account column and chooser more) are checked below.
checkEachPage(
  (['en', 'vi'] as const).flatMap((language) =>
    [1440, 390].flatMap((width) =>
      (
        [
          ['list', '/internal/batch_orders'],
          ['create', '/internal/batch_orders/add'],
          ['view', '/internal/batch_orders/:batch/view'],
          ['view-failed', '/internal/batch_orders/:failedBatch/view'],
          ['account', '/internal/accounts/:account/edit'],
        ] as const
      ).map(([name, path]) => ({
        who: 'seller' as const,
        path,
        language,
        width,
        shotName: `i11-batch-${name}-${language}-${width}`,
      })),
    ),
  ),
);

const BATCH_PAGES = [
  '/internal/batch_orders',
  '/internal/batch_orders/add',
  '/internal/batch_orders/:batch/view',
  '/internal/batch_orders/:failedBatch/view',
];

const ADMIN_PAGES = [
  '/internal',
  '/internal/orders',
  '/internal/orders/add',
  '/internal/orders/:order/view',
  '/labels/:order',
  '/internal/scan_orders',
  '/internal/accounts',
  '/internal/accounts/add',
  '/internal/accounts/:account/edit',
  '/internal/users',
  '/internal/users/add',
  '/internal/users/:operator/edit',
  '/internal/vendors',
  '/internal/vendors/add',
  '/internal/vendors/:vendor/edit',
  '/internal/pricese',
  '/internal/pricese/add',
  '/internal/pricese/:price/edit',
  '/internal/hs_tariff_codes',
  '/internal/item_declarations',
  '/internal/nope',
  ...BATCH_PAGES,
];
checkEachPage(ADMIN_PAGES.map((path) => ({ who: 'admin', path })));

const AMS_PAGES = ['/internal/ams', '/internal/ams/add', '/internal/ams/:ams/view', '/internal/create-ams'];
checkEachPage(
  (['en', 'vi'] as const).flatMap((language) =>
    AMS_PAGES.map((path) => ({ who: 'admin' as const, path, language })),
  ),
);

const OPERATOR_PAGES = [
  '/internal',
  '/internal/orders',
  '/internal/orders/:order/view',
  '/labels/:order',
  '/internal/scan_orders',
  '/internal/scan_orders?tab=status',
  '/internal/create-ams',
  '/internal/hs_tariff_codes',
  '/internal/item_declarations',
  ...BATCH_PAGES,
];
checkEachPage(OPERATOR_PAGES.map((path) => ({ who: 'operator', path })));

const SELLER_PAGES = [
  '/internal',
  '/internal/orders',
  '/internal/orders/add',
  '/internal/orders/:order/view',
  '/labels/:order',
  '/internal/accounts/:account/edit',
  '/internal/users',
  '/internal/users/:seller/edit',
  '/internal/item_declarations',
];
checkEachPage(SELLER_PAGES.map((path) => ({ who: 'seller', path })));
