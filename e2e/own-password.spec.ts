/**
 * Issue 21 item 5: everyone changes their own password from the menu under their name and stays signed in;
 * after the first sign-in's create-password the user stays signed in too and lands on their home.
 */
import { expect, type Page, test } from '@playwright/test';
import { Api, unique } from './support/api.ts';
import { storedToken } from './support/browser.ts';
import { expectToast, fillSignIn, flash, headerSignOut, shot, signInOnDesktop } from './support/ui.ts';

const NEW_PASSWORD = 'Changed#2026';

async function openChangePassword(page: Page, name: string) {
  await page
    .getByRole('banner')
    .getByRole('button', { name: `${name}: your menu` })
    .click();
  await page.getByRole('menuitem', { name: 'Change password' }).click();
  const dialog = page.getByRole('dialog', { name: 'Change password' });
  await expect(dialog).toBeVisible();
  return dialog;
}

test('an operator changes their own password from the menu and stays signed in', async ({
  page,
  request,
}) => {
  const admin = await Api.admin(request);
  const operator = await admin.createReadyUser(1, null);
  await signInOnDesktop(page, operator, '/internal');
  const before = await storedToken(page);

  const dialog = await openChangePassword(page, `${operator.username} (Operator)`);
  await shot(page, 'own-password-dialog');

  // Inline: a weak new password and a confirmation that differs; nothing is sent.
  await dialog.getByLabel('Old password', { exact: false }).fill(operator.password);
  await dialog.getByLabel('New password', { exact: false }).first().fill('abcdef');
  await dialog.getByLabel('Confirm new password', { exact: false }).fill('abcdeg');
  await dialog.getByRole('button', { name: 'Change password' }).click();
  await expect(dialog.getByText('Password must contain a digit')).toBeVisible();
  await expect(dialog.getByText('Passwords do not match')).toBeVisible();

  // The server's refusal of a wrong old password goes on its field.
  await dialog.getByLabel('Old password', { exact: false }).fill('Wrong#2026');
  await dialog.getByLabel('New password', { exact: false }).first().fill(NEW_PASSWORD);
  await dialog.getByLabel('Confirm new password', { exact: false }).fill(NEW_PASSWORD);
  await dialog.getByRole('button', { name: 'Change password' }).click();
  await expect(dialog.getByText('The old password is not correct.')).toBeVisible();
  await shot(page, 'own-password-wrong-old');

  await dialog.getByLabel('Old password', { exact: false }).fill(operator.password);
  await dialog.getByRole('button', { name: 'Change password' }).click();
  await expect(dialog).toBeHidden();
  await expectToast(page, 'Your password has been changed.');

  // Still signed in, on a new session: the next page loads, the old token is retired.
  const after = await storedToken(page);
  expect(after).not.toBeNull();
  expect(after).not.toBe(before);
  await page.reload();
  await expect(page.getByTestId('viewer-name')).toHaveText(`${operator.username} (Operator)`);
  const stale = await request.get('/api/v1/me', { headers: { authorization: `Bearer ${before}` } });
  expect(stale.status()).toBe(401);

  // The new password is the one that signs in.
  await headerSignOut(page).click();
  await fillSignIn(page, operator.username, operator.password);
  await expect(flash(page, 'Login credentials are incorrect')).toBeVisible();
  await fillSignIn(page, operator.username, NEW_PASSWORD);
  await expect(page).toHaveURL('/internal');
});

test('a new seller who creates their password stays signed in and lands on their account', async ({
  page,
  request,
}) => {
  const admin = await Api.admin(request);
  const account = await admin.createAccount();
  const username = unique('fresh');
  await admin.call('POST', '/users', {
    username,
    role: 0,
    account_sid: account.sid,
    initial_password: 'First#2026',
  });

  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto('/login');
  await fillSignIn(page, username, 'First#2026');
  await expect(page).toHaveURL('/create-password');
  await page.getByLabel('New password', { exact: false }).fill(NEW_PASSWORD);
  await page.getByLabel('Confirm password', { exact: false }).fill(NEW_PASSWORD);
  await page.getByRole('button', { name: 'Save password' }).click();

  await expect(page).toHaveURL(`/internal/accounts/${account.sid}/edit`);
  await expect(page.getByRole('heading', { name: 'Edit account' })).toBeVisible();
  await expectToast(page, 'Your password has been changed.');
  await shot(page, 'own-password-after-create-password');

  // A reload keeps the session: the create-password screen does not come back.
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Edit account' })).toBeVisible();
  await expect(page).toHaveURL(`/internal/accounts/${account.sid}/edit`);
  await page.goto('/create-password');
  await expect(page.getByText('There is no password to change here.', { exact: false })).toBeVisible();
  await page.goto('/login');
  await expect(page).toHaveURL(`/internal/accounts/${account.sid}/edit`);
});

test('on a phone, the slide-out menu offers it under the name', async ({ page, request }) => {
  const admin = await Api.admin(request);
  const account = await admin.createAccount();
  const seller = await admin.createReadyUser(0, account.sid);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/login');
  await fillSignIn(page, seller.username, seller.password);
  await expect(page).toHaveURL(`/internal/accounts/${account.sid}/edit`);
  await expect(page.getByRole('heading', { name: 'Edit account' })).toBeVisible();
  await expect(page.getByTestId('viewer-name')).toBeHidden();

  await page.getByRole('button', { name: 'Open menu' }).click();
  const drawer = page.getByRole('dialog');
  await expect(drawer.getByText(`${seller.username} (Account)`)).toBeVisible();
  await drawer.getByRole('button', { name: 'Change password' }).click();
  const dialog = page.getByRole('dialog', { name: 'Change password' });
  await expect(dialog).toBeVisible();
  await shot(page, 'own-password-dialog-narrow');
  await dialog.getByLabel('Old password', { exact: false }).fill(seller.password);
  await dialog.getByLabel('New password', { exact: false }).first().fill(NEW_PASSWORD);
  await dialog.getByLabel('Confirm new password', { exact: false }).fill(NEW_PASSWORD);
  await dialog.getByRole('button', { name: 'Change password' }).click();
  await expect(dialog).toBeHidden();
  await expectToast(page, 'Your password has been changed.');
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Edit account' })).toBeVisible();
});
