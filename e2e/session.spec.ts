/**
 * Spec §2 (login guard, catch-all), §4 Session and §8 Login messages: who may see the internal pages, what
 * ends a session and what the sign-in page says about it.
 */
import { expect, type Page, test } from '@playwright/test';
import { Api } from './support/api.ts';
import { localStorageLength, storedToken } from './support/browser.ts';
import { E2E_ADMIN } from './support/constants.ts';
import {
  expectSignInPage,
  fillSignIn,
  flash,
  headerSignOut,
  mainNav,
  shot,
  signIn,
  signInHeading,
} from './support/ui.ts';

async function signedInSeller(page: Page, admin: Api) {
  const account = await admin.createAccount();
  const seller = await admin.createReadyUser(0, account.sid);
  await signIn(page, seller.username, seller.password);
  await expect(page).toHaveURL(`/internal/accounts/${account.sid}/edit`);
  await expect(page.getByRole('heading', { name: 'Edit account' })).toBeVisible();
  expect(await storedToken(page)).not.toBeNull();
  return { account, seller };
}

test('a signed-out visitor of an internal page is sent to sign in, then back to that page', async ({
  page,
}) => {
  await page.goto('/internal/users');

  await expectSignInPage(page);
  await expect(flash(page, 'You must log in to view that page')).toBeVisible();
  await shot(page, 'public-must-log-in');

  await fillSignIn(page, E2E_ADMIN.username, E2E_ADMIN.password);
  await expect(page).toHaveURL('/internal/users');
  await expect(mainNav(page).locator('a[aria-current="page"]')).toHaveText('Users');
});

test('wrong credentials are refused with "Login credentials are incorrect"', async ({ page }) => {
  await signIn(page, E2E_ADMIN.username, 'not-the-password1!');

  await expect(flash(page, 'Login credentials are incorrect')).toBeVisible();
  await expect(signInHeading(page)).toBeVisible();
  expect(await storedToken(page)).toBeNull();
  await shot(page, 'public-login-incorrect');

  // Both fields are required before anything is sent.
  await page.getByRole('textbox', { name: /^Username/ }).fill('');
  await page.getByLabel('Password', { exact: false }).fill('');
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByText('Username is required')).toBeVisible();
  await expect(page.getByText('Password is required')).toBeVisible();
  await shot(page, 'public-login-required');
});

test('a password reset by the admin expires the open session', async ({ page, request }) => {
  const admin = await Api.admin(request);
  const { seller } = await signedInSeller(page, admin);

  await admin.call('PUT', `/users/${seller.sid}`, { password: 'Reset#2026' });
  await page.reload();

  await expectSignInPage(page);
  await expect(flash(page, 'Your session has expired. Please log in and try again.')).toBeVisible();
  expect(await storedToken(page)).toBeNull();
  await shot(page, 'account-session-expired');
});

test('deleting the signed-in user expires their session at their next step', async ({ page, request }) => {
  const admin = await Api.admin(request);
  const { seller } = await signedInSeller(page, admin);

  await admin.call('DELETE', `/users/${seller.sid}`);
  await mainNav(page).getByRole('link', { name: 'Users' }).click();

  await expectSignInPage(page);
  await expect(flash(page, 'Your session has expired. Please log in and try again.')).toBeVisible();
  expect(await storedToken(page)).toBeNull();
});

test('signing out says so and empties local storage', async ({ page, request }) => {
  const admin = await Api.admin(request);
  await signedInSeller(page, admin);

  await headerSignOut(page).click();

  await expectSignInPage(page);
  await expect(flash(page, "You've successfully logged out.")).toBeVisible();
  expect(await localStorageLength(page)).toBe(0);
  await shot(page, 'account-signed-out');

  // The session is really gone: the internal pages need a sign-in again.
  await page.goto('/internal/users');
  await expect(flash(page, 'You must log in to view that page')).toBeVisible();
});

test('an unknown path shows "That page doesn\'t exist."', async ({ page }) => {
  await page.goto('/no-such-page');
  await expect(page.getByText("That page doesn't exist.")).toBeVisible();
  await expect(page.getByRole('link', { name: 'Go to the home page' })).toHaveAttribute('href', '/');
  await shot(page, 'public-not-found');

  // Signed in, an unknown internal path keeps the navigation around the same message.
  await signIn(page, E2E_ADMIN.username, E2E_ADMIN.password);
  await expect(page).toHaveURL('/internal/accounts');
  await page.goto('/internal/no-such-page');
  await expect(page.getByRole('main').getByText("That page doesn't exist.")).toBeVisible();
  await expect(mainNav(page)).toBeVisible();
  await expect(page.getByRole('main').getByRole('link', { name: 'Go to the home page' })).toHaveAttribute(
    'href',
    '/internal',
  );
  await shot(page, 'admin-not-found');
});
