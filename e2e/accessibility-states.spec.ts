/**
 * Issue 21 item 8: the axe journey past the pages at rest: a confirm dialog, a success and an error toast, a
 * form showing its field errors, a 404 panel, the order view and the folded orders filters on a phone, the
 * hub's scanned table at 390 px and a Failed parcel's tracking page, in English and Vietnamese, at 1440 and
 * 390 px. One test a language and width, so each stays far inside its time limit; a screenshot of each state.
 */
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, type Page, test } from '@playwright/test';
import { Api, unique, uniqueHsCode } from './support/api.ts';
import { type AxeFinding, axeFindings, describeFindings } from './support/axe.ts';
import { E2E_ADMIN } from './support/constants.ts';
import { austinOrder, billedSeller } from './support/seed.ts';
import { expectToast, flash, headerSignOut, shot } from './support/ui.ts';

test.describe.configure({ mode: 'serial' });

const LANGUAGES = ['en', 'vi'] as const;
type Language = (typeof LANGUAGES)[number];
const WIDTHS = [
  [1440, 900],
  [390, 844],
] as const;
const FAILED = 5;

const LOCALES = join(dirname(fileURLToPath(import.meta.url)), '..', 'apps', 'web', 'src', 'i18n', 'locales');

/** A screen text in a language, by namespace and dotted key, as the web shows it (no interpolation). */
function text(language: Language, namespace: string, key: string): string {
  const texts = JSON.parse(readFileSync(join(LOCALES, language, `${namespace}.json`), 'utf8')) as unknown;
  const value = key
    .split('.')
    .reduce<unknown>((node, part) => (node as Record<string, unknown>)?.[part], texts);
  if (typeof value !== 'string') throw new Error(`No text ${language}/${namespace}:${key}`);
  return value;
}

interface Seeded {
  seller: { username: string; password: string };
  operator: { username: string; password: string };
  orderSid: string;
  /** Placed for the hub to scan, one a language and width. */
  toScan: string[];
  failedBarcode: string;
}
let seeded: Seeded;

test.beforeAll(async ({ request }) => {
  const { admin, seller, sellerApi } = await billedSeller(request, [
    [500, 100000, 4],
    [5000, 400000, 16],
  ]);
  const place = (name: string) =>
    sellerApi.call<{ sid: string; barcode: string }>('POST', '/orders', austinOrder(unique('A11Y-S-'), name));
  const order = await place('Axe States');
  const failed = await place('Axe Failed');
  const toScan = [];
  for (const name of ['Scan One', 'Scan Two', 'Scan Three', 'Scan Four'])
    toScan.push((await place(name)).barcode);
  expect((await admin.uploadStatus([failed.barcode], FAILED, 'Address not found')).updated).toBe(1);
  const operator = await admin.createReadyUser(1, null);
  seeded = { seller, operator, orderSid: order.sid, toScan, failedBarcode: failed.barcode };
});

/**
 * Opens `path` signed in as `user` in `language` at this size: the session and the language go into storage
 * (the sign-in form is the other journeys' business), so a test spends its time on the states it checks.
 */
async function openAs(
  page: Page,
  user: { username: string; password: string },
  language: Language,
  [width, height]: readonly [number, number],
  path: string,
) {
  const { token } = await Api.signIn(page.request, user.username, user.password);
  await page.setViewportSize({ width, height });
  await page.goto('/login');
  await page.evaluate(
    ([session, chosen]) => {
      localStorage.setItem('parcelops.token', session);
      localStorage.setItem('parcelops.language', chosen);
    },
    [token, language] as const,
  );
  await page.goto(path);
  await expect(page.locator('html')).toHaveAttribute('lang', language);
  await page.waitForLoadState('networkidle');
}

/** Keeps a screenshot of the page as it stands (first: a toast leaves after 5 s), and axe's findings on it. */
async function check(page: Page, findings: AxeFinding[], name: string) {
  await shot(page, `a11y-${name}`);
  findings.push(...(await axeFindings(page, name)));
}

function expectNone(findings: AxeFinding[]) {
  if (findings.length > 0) console.log(`axe findings:\n${describeFindings(findings)}`);
  expect(findings, describeFindings(findings)).toEqual([]);
}

for (const language of LANGUAGES) {
  for (const size of WIDTHS) {
    const [width] = size;
    const at = `${language}-${width}`;
    const phone = width < 768;

    test(`toasts: a success and an error (${at})`, async ({ page }) => {
      const t = (key: string) => text(language, 'catalogs', key);
      await openAs(page, E2E_ADMIN, language, size, '/internal/hs_tariff_codes');
      const findings: AxeFinding[] = [];
      const code = uniqueHsCode();
      const codeBox = page.getByRole('textbox', { name: new RegExp(`^${t('hsCodes.hsCode')}`) });
      const descriptionBox = page.getByRole('textbox', { name: new RegExp(`^${t('hsCodes.description')}`) });

      await codeBox.fill(code);
      await descriptionBox.fill(unique('Axe code '));
      await page.getByRole('button', { name: t('hsCodes.add'), exact: true }).click();
      await expectToast(page, t('created'));
      await check(page, findings, `toast-success-${at}`);

      await codeBox.fill(code);
      await descriptionBox.fill('A duplicate');
      await page.getByRole('button', { name: t('hsCodes.add'), exact: true }).click();
      await expectToast(page, t('hsCodes.failCreate').trim());
      await check(page, findings, `toast-error-${at}`);
      expectNone(findings);
    });

    test(`a confirm dialog (${at})`, async ({ page }) => {
      await openAs(page, seeded.seller, language, size, '/internal/orders');
      const findings: AxeFinding[] = [];
      const remove = text(language, 'orders', 'actions.delete');
      await page
        .getByRole('button', { name: new RegExp(`^${remove}`) })
        .first()
        .click();
      const dialog = page.getByRole('dialog');
      await expect(dialog).toContainText('A11Y-S-');
      await check(page, findings, `dialog-${at}`);
      await dialog.getByRole('button', { name: text(language, 'common', 'closeDialog') }).click();
      await expect(dialog).toHaveCount(0);
      expectNone(findings);
    });

    test(`a form with field errors and a 404 panel (${at})`, async ({ page }) => {
      await openAs(page, seeded.seller, language, size, '/internal/orders/add');
      const findings: AxeFinding[] = [];
      await page.getByRole('button', { name: text(language, 'order', 'form.placeOrder') }).click();
      await expect(page.locator('[aria-invalid="true"]').first()).toBeVisible();
      await check(page, findings, `form-errors-${at}`);

      await page.goto('/internal/orders/no-such-order/view');
      const panel = page.getByRole('alert').filter({ hasText: text(language, 'common', 'loadFailed') });
      await expect(panel).toBeVisible();
      // A 404 answers the same again: no Retry.
      await expect(panel.getByRole('button')).toHaveCount(0);
      await check(page, findings, `not-found-${at}`);
      expectNone(findings);
    });

    test(`the order view, its details readable (${at})`, async ({ page }) => {
      await openAs(page, seeded.seller, language, size, `/internal/orders/${seeded.orderSid}/view`);
      // Issue 28: the raw Details table went; the parcel card carries what it showed of money and weight.
      const details = page.getByRole('region', { name: text(language, 'order', 'view.parcel') });
      await expect(details).toContainText('VND');
      await expect(details).not.toContainText('null');
      const findings: AxeFinding[] = [];
      await check(page, findings, `order-view-${at}`);
      expectNone(findings);
    });

    test(`the orders list and its filters (${at})`, async ({ page }) => {
      await openAs(page, seeded.seller, language, size, '/internal/orders');
      const findings: AxeFinding[] = [];
      const fold = page.getByRole('button', {
        name: new RegExp(`^${text(language, 'common', 'list.filtersFold')}`),
      });
      if (phone) {
        // Folded on a phone: the first order shows on the first screen.
        await expect(fold).toHaveAttribute('aria-expanded', 'false');
        const firstCard = page
          .getByRole('main')
          .getByRole('listitem')
          .filter({ hasText: /A11Y-S-/ })
          .first();
        await expect(firstCard).toBeInViewport({ ratio: 0.5 });
        await check(page, findings, `orders-folded-${at}`);
        await fold.click();
        await expect(
          page.getByRole('textbox', { name: text(language, 'orders', 'filters.filter') }),
        ).toBeVisible();
        await check(page, findings, `orders-filters-open-${at}`);
      } else {
        await expect(fold).toHaveCount(0);
        // The Columns button shows its whole label.
        const columns = page.getByRole('button', { name: text(language, 'orders', 'columnChooser.button') });
        const clipped = await columns.evaluate((button) => {
          const label = button.querySelector('.mantine-Button-label');
          return label ? label.scrollWidth > label.clientWidth : true;
        });
        expect(clipped).toBe(false);
        await check(page, findings, `orders-${at}`);
      }
      expectNone(findings);
    });

    test(`a Failed parcel's tracking page (${at})`, async ({ page }) => {
      await page.setViewportSize({ width, height: size[1] });
      await page.goto('/login');
      await page.evaluate((chosen) => localStorage.setItem('parcelops.language', chosen), language);
      // Typed in lower case: the page searches it in capitals.
      await page.goto(`/tracking?barcode=${seeded.failedBarcode.toLowerCase()}`);
      const note = page.getByRole('note');
      await expect(note).toContainText(text(language, 'tracking', 'failed.title'));
      await expect(note).toContainText(seeded.failedBarcode);
      const findings: AxeFinding[] = [];
      await check(page, findings, `tracking-failed-${at}`);
      expectNone(findings);
    });

    test(`the hub's scanned table fits the screen (${at})`, async ({ page }) => {
      await openAs(page, seeded.operator, language, size, '/internal/scan_orders');
      const barcode = seeded.toScan[LANGUAGES.indexOf(language) * 2 + (phone ? 1 : 0)] ?? '';
      // Typed into the hand-entry box: a busy machine can stall a scanner's burst of keys into a person's typing.
      const box = page.getByRole('textbox', {
        name: new RegExp(`^${text(language, 'scan', 'manual.label')}`),
      });
      for (const code of [barcode, unique('NOPE').toUpperCase()]) {
        await box.fill(code);
        await box.press('Enter');
        await expect(page.getByTestId('scan-table')).toContainText(code);
      }
      const findings: AxeFinding[] = [];
      await check(page, findings, `hub-scanned-${at}`);
      const overflow = await page.getByTestId('scan-table').evaluate((table) => {
        const box = table.closest('[tabindex="0"]') ?? table.parentElement;
        return { table: table.scrollWidth, box: box?.clientWidth ?? 0 };
      });
      expect(overflow.table).toBeLessThanOrEqual(overflow.box);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      expectNone(findings);
    });
  }
}

test('a refusal toast does not survive sign-out', async ({ page }) => {
  await openAs(page, E2E_ADMIN, 'en', [1440, 900], '/internal/hs_tariff_codes');
  const code = uniqueHsCode();
  const admin = await Api.admin(page.request);
  await admin.ensureHsCode(code, 'Taken');
  await page.getByRole('textbox', { name: /^HS Code/ }).fill(code);
  await page.getByRole('textbox', { name: /^Description/ }).fill('Again');
  await page.getByRole('button', { name: 'Add', exact: true }).click();
  await expectToast(page, `Failed to create HS code The HS code ${code} already exists.`);

  await headerSignOut(page).click();

  await expect(flash(page, "You've successfully logged out.")).toBeVisible();
  await expect(page.locator('.mantine-Notification-root')).toHaveCount(0);
  await shot(page, 'a11y-signed-out-no-toast');
});
