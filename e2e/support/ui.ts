/**
 * What the journeys do with the browser again and again: sign in through the form, find the navigation, wait
 * for a toast or a flash, and keep a screenshot of every screen passed through.
 */
import { mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, type Locator, type Page } from '@playwright/test';
import { E2E_COMPANY_NAME } from './constants.ts';

export const SCREENS_DIR = join(dirname(fileURLToPath(import.meta.url)), '..', '.artifacts', 'screens');

/** The entries spec §6 shows each role, in the order of spec §2 Layouts. */
export const NAV_ENTRIES = {
  admin: {
    main: ['Users', 'Accounts', 'AMS', 'AMS Order', 'Orders', 'Batch orders', 'Scan order'],
    settings: ['Vendors', 'Pricese', 'Item Declarations'],
  },
  operator: { main: ['AMS Order', 'Orders', 'Batch orders'], settings: ['Item Declarations'] },
  account: { main: ['Users', 'Accounts', 'Orders', 'Batch orders'], settings: ['Item Declarations'] },
} as const;

/**
 * Saves the page as e2e/.artifacts/screens/<name>.png once the app has nothing left to load: the whole page,
 * or only the viewport while a modal or drawer is open (a full-page capture of a scroll-locked page shifts
 * the fixed header into the middle of the picture).
 */
export async function shot(page: Page, name: string) {
  mkdirSync(SCREENS_DIR, { recursive: true });
  await expect(page.locator('.mantine-Loader-root')).toHaveCount(0);
  const overlay = await page.getByRole('dialog').count();
  // A full-page capture of a scrolled page draws the fixed header where the scroll left it, mid-picture.
  if (overlay === 0) await page.evaluate('window.scrollTo(0, 0)');
  // Transitions (drawer slide-in, modal fade) are fast-forwarded, so the picture shows where they end.
  await page.screenshot({
    path: join(SCREENS_DIR, `${name}.png`),
    fullPage: overlay === 0,
    animations: 'disabled',
  });
}

/** Saves one part of the page (a panel, a section) as e2e/.artifacts/screens/<name>.png, as `shot` would. */
export async function shotOf(part: Locator, name: string) {
  mkdirSync(SCREENS_DIR, { recursive: true });
  await expect(part.page().locator('.mantine-Loader-root')).toHaveCount(0);
  await part.screenshot({ path: join(SCREENS_DIR, `${name}.png`), animations: 'disabled' });
}

export function signInHeading(page: Page) {
  return page.getByRole('heading', { name: 'Sign in', exact: true });
}

/** The sign-in page, with its footer naming the courier (spec §2 Layouts: Sign-in layout). */
export async function expectSignInPage(page: Page) {
  await expect(signInHeading(page)).toBeVisible();
  await expect(page.getByRole('contentinfo')).toContainText(E2E_COMPANY_NAME);
}

/** Opens the sign-in page and signs in through the form. */
export async function signIn(page: Page, username: string, password: string) {
  await page.goto('/login');
  await fillSignIn(page, username, password);
}

/** Signs in through the form on a desktop-sized page (1440 × 900) and waits to land in the app. */
export async function signInOnDesktop(
  page: Page,
  user: { username: string; password: string },
  landing: string | RegExp = /\/internal/,
) {
  await page.setViewportSize({ width: 1440, height: 900 });
  await signIn(page, user.username, user.password);
  await expect(page).toHaveURL(landing);
}

/** Fills and sends the sign-in form already on screen. */
export async function fillSignIn(page: Page, username: string, password: string) {
  await expect(signInHeading(page)).toBeVisible();
  await page.getByRole('textbox', { name: /^Username/ }).fill(username);
  await page.getByLabel('Password', { exact: false }).fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
}

/** The flash the sign-in page shows once (sign-out, expired session, the login guard). */
export function flash(page: Page, text: string): Locator {
  return page.getByRole('alert').filter({ hasText: text });
}

/** A toast (Mantine notification, role=alert) with exactly this text somewhere in it. */
export async function expectToast(page: Page, text: string) {
  await expect(page.locator('.mantine-Notification-root').filter({ hasText: text })).toBeVisible();
}

export function mainNav(page: Page): Locator {
  return page.getByRole('navigation', { name: 'Main navigation' });
}

/** The link texts of a navigation, main list first, then the Settings group. */
export async function navEntries(nav: Locator) {
  const settings = nav.getByRole('group', { name: 'Settings' });
  const all = (await nav.getByRole('link').allInnerTexts()).map((text) => text.trim());
  const inSettings = (await settings.getByRole('link').allInnerTexts()).map((text) => text.trim());
  return { main: all.slice(0, all.length - inSettings.length), settings: inSettings };
}

/** The header's Sign out (the drawer has its own). */
export function headerSignOut(page: Page): Locator {
  return page.getByRole('banner').getByRole('button', { name: 'Sign out' });
}

/** Picks an option of a Mantine Select: open the combobox, then click the option. */
export async function choose(page: Page, combobox: Locator, option: string) {
  await combobox.click();
  await page.getByRole('option', { name: option, exact: true }).click();
  await expect(combobox).toHaveValue(option);
}

/** The table row holding this text. */
export function row(page: Page, text: string): Locator {
  return page.getByRole('row').filter({ hasText: text });
}

/** The data rows of a table: rows with cells, so the header row is left out (an empty table's note is one). */
export function dataRows(table: Locator): Locator {
  return table.getByRole('row').filter({ has: table.page().getByRole('cell') });
}

/** Clicks something that makes the app hand the browser a file, and returns that download once saved. */
export async function downloadFrom(page: Page, trigger: Locator) {
  const started = page.waitForEvent('download');
  await trigger.click();
  const download = await started;
  expect(await download.failure()).toBeNull();
  return download;
}

/** Opens Scan Orders and waits for its heading. */
export async function openScanOrders(page: Page) {
  await page.goto('/internal/scan_orders');
  await expect(page.getByRole('heading', { name: 'Scan Orders', level: 1 })).toBeVisible();
}

/** Opens the orders list filtered by `prefix` and waits for the orders `${prefix}-1` to `${prefix}-${count}`. */
export async function openOrdersFiltered(page: Page, prefix: string, count: number) {
  await page.goto('/internal/orders');
  await page.getByRole('textbox', { name: 'Filter' }).fill(prefix);
  for (let n = 1; n <= count; n++) await expect(row(page, `${prefix}-${n}`)).toBeVisible();
}
