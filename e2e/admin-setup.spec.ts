/**
 * The newcomer's journey (spec §2 Vendors, Accounts, Users, Login, Create password; §5 Password; §6 account):
 * the admin sets up a vendor, an account and its first user through the UI; that user picks their own
 * password and then sees only their own account.
 */
import { expect, test } from '@playwright/test';
import { Api, unique } from './support/api.ts';
import { E2E_ADMIN } from './support/constants.ts';
import {
  choose,
  expectSignInPage,
  expectToast,
  fillSignIn,
  flash,
  headerSignOut,
  mainNav,
  row,
  shot,
  signIn,
} from './support/ui.ts';

const INITIAL_PASSWORD = 'Start#2026';
const NEW_PASSWORD = 'Mine#2026x';

test('the admin sets up a vendor, an account and its user, who then works in their own account only', async ({
  page,
  request,
}) => {
  const vendorName = unique('Setup Vendor ');
  const accountName = unique('Setup Shop ');
  const username = unique('newseller');
  // Someone else's account, which the new user must not reach.
  const admin = await Api.admin(request);
  const stranger = await admin.createAccount();
  const strangerUser = await admin.createReadyUser(0, stranger.sid);

  await test.step('the admin signs in and adds a vendor', async () => {
    await signIn(page, E2E_ADMIN.username, E2E_ADMIN.password);
    await expect(page).toHaveURL('/internal/accounts');

    await mainNav(page).getByRole('link', { name: 'Vendors' }).click();
    await page.getByRole('link', { name: 'Add vendor' }).click();
    await expect(page.getByRole('heading', { name: 'Add vendor' })).toBeVisible();
    await expect(page.getByText('Fields marked with an asterisk * are required.')).toBeVisible();
    await choose(page, page.getByRole('combobox', { name: /^Vendor kind/ }), 'mul');
    await page.getByRole('textbox', { name: /^Name/ }).fill(vendorName);
    await page.getByRole('textbox', { name: /^API key/ }).fill('mul-key-123');
    await page.getByLabel('API secret', { exact: false }).fill('mul-secret-456');
    await shot(page, 'admin-setup-vendor-form');
    await page.getByRole('button', { name: 'Save' }).click();

    await expectToast(page, 'Vendor Added successfully');
    await expect(page).toHaveURL('/internal/vendors');
    await expect(row(page, vendorName)).toBeVisible();
    await expect(row(page, vendorName)).toContainText('mul');
    await shot(page, 'admin-setup-vendors-list');
  });

  let accountSid = '';
  await test.step('the admin adds an account using that vendor', async () => {
    await mainNav(page).getByRole('link', { name: 'Accounts' }).click();
    await page.getByRole('link', { name: 'Add account' }).click();
    await expect(page.getByRole('heading', { name: 'Add account' })).toBeVisible();
    await page.getByRole('textbox', { name: /^Name/ }).fill(accountName);
    await page.getByRole('textbox', { name: /^Email/ }).fill(`${unique('setup')}@example.com`);
    await choose(page, page.getByRole('combobox', { name: /^Vendor/ }), vendorName);
    await shot(page, 'admin-setup-account-form');
    await page.getByRole('button', { name: 'Save' }).click();

    await expectToast(page, 'Account Added successfully');
    await expect(page).toHaveURL(/\/internal\/accounts\/[^/]+\/edit$/);
    accountSid = new URL(page.url()).pathname.split('/')[3] ?? '';
    await expect(page.getByRole('heading', { name: 'Edit account' })).toBeVisible();
    await expect(page.getByRole('textbox', { name: /^Name/ })).toHaveValue(accountName);
    await expect(page.getByRole('combobox', { name: /^Vendor/ })).toHaveValue(vendorName);
    await shot(page, 'admin-setup-account-edit');

    await mainNav(page).getByRole('link', { name: 'Accounts' }).click();
    await expect(row(page, accountName)).toContainText(vendorName);
  });

  await test.step('the admin adds an account user with an initial password', async () => {
    await mainNav(page).getByRole('link', { name: 'Users' }).click();
    await page.getByRole('link', { name: 'Add user' }).click();
    await expect(page.getByRole('heading', { name: 'Add user' })).toBeVisible();
    await page.getByRole('textbox', { name: /^Username/ }).fill(username);
    await choose(page, page.getByRole('combobox', { name: /^Role/ }), 'Account');
    await choose(page, page.getByRole('combobox', { name: /^Account/ }), accountName);
    await page.getByLabel('Initial password', { exact: false }).fill(INITIAL_PASSWORD);
    await shot(page, 'admin-setup-user-form');
    await page.getByRole('button', { name: 'Save' }).click();

    await expectToast(page, 'User created successfully');
    await expect(page).toHaveURL('/internal/users');
    await expect(row(page, username)).toContainText(accountName);
    await shot(page, 'admin-setup-users-list');
  });

  await test.step('the admin signs out', async () => {
    await headerSignOut(page).click();
    await expectSignInPage(page);
    await expect(flash(page, "You've successfully logged out.")).toBeVisible();
    await shot(page, 'admin-setup-signed-out');
  });

  // A colleague in the same account, seeded now that the account exists.
  const colleague = await admin.createReadyUser(0, accountSid);

  await test.step('the new user must choose a password first', async () => {
    await fillSignIn(page, username, INITIAL_PASSWORD);
    await expect(page).toHaveURL('/create-password');
    await expect(page.getByRole('heading', { name: 'Create password' })).toBeVisible();
    await shot(page, 'account-create-password');

    // The forced change comes first: the internal pages send them back here.
    await page.goto('/internal/users');
    await expect(page).toHaveURL('/create-password');

    const newPassword = page.getByLabel('New password', { exact: false });
    const confirm = page.getByLabel('Confirm password', { exact: false });
    await newPassword.fill(NEW_PASSWORD);
    await confirm.fill(`${NEW_PASSWORD}?`);
    await page.getByRole('button', { name: 'Save password' }).click();
    await expect(page.getByText('Passwords do not match')).toBeVisible();
    await shot(page, 'account-create-password-mismatch');

    // Headless Chromium's keyboard never sets the CapsLock modifier, so the key event carries it itself.
    await expect(page.getByText('CAPSLOCK is enabled!')).toHaveCount(0);
    await confirm.dispatchEvent('keydown', { key: 'A', code: 'KeyA', modifierCapsLock: true });
    await expect(page.getByText('CAPSLOCK is enabled!')).toBeVisible();
    await shot(page, 'account-create-password-capslock');
    await confirm.dispatchEvent('keyup', { key: 'CapsLock', code: 'CapsLock', modifierCapsLock: false });
    await expect(page.getByText('CAPSLOCK is enabled!')).toHaveCount(0);

    // The visibility toggle shows what was typed.
    await expect(newPassword).toHaveAttribute('type', 'password');
    await page.getByRole('button', { name: 'Show or hide characters' }).first().click();
    await expect(newPassword).toHaveAttribute('type', 'text');

    await confirm.fill(NEW_PASSWORD);
    await page.getByRole('button', { name: 'Save password' }).click();
  });

  await test.step('the new password signs them in at once, and they land on their account', async () => {
    await expect(page).toHaveURL(`/internal/accounts/${accountSid}/edit`);
    await expect(page.getByRole('heading', { name: 'Edit account' })).toBeVisible();
    await expect(page.getByRole('textbox', { name: /^Name/ })).toHaveValue(accountName);
    // Spec §5: an account user cannot change name or email.
    await expect(page.getByRole('textbox', { name: /^Name/ })).toBeDisabled();
    await expect(page.getByRole('textbox', { name: /^Email/ })).toBeDisabled();
    await shot(page, 'account-setup-own-account');
  });

  await test.step('the users list shows only users of their own account', async () => {
    await mainNav(page).getByRole('link', { name: 'Users' }).click();
    await expect(page).toHaveURL('/internal/users');
    await expect(row(page, username)).toBeVisible();
    await expect(row(page, colleague.username)).toBeVisible();
    const rows = page.getByRole('table').getByRole('row');
    // The header row and the two users of this account.
    await expect(rows).toHaveCount(3);
    await expect(row(page, strangerUser.username)).toHaveCount(0);
    await expect(page.getByRole('combobox', { name: /^Account/ })).toHaveValue(accountName);
    await expect(page.getByRole('combobox', { name: /^Account/ })).toBeDisabled();
    await shot(page, 'account-setup-users-list');
  });

  await test.step("another account's page is refused", async () => {
    await page.goto(`/internal/accounts/${stranger.sid}/edit`);
    await expect(page.getByRole('main').getByText('You do not have access.')).toBeVisible();
    await expect(page.getByRole('textbox', { name: /^Name/ })).toHaveCount(0);
    await expect(page.getByText(stranger.name)).toHaveCount(0);
    await shot(page, 'account-other-account-refused');
  });
});

test('the admin deletes an unused vendor after confirming', async ({ page, request }) => {
  const admin = await Api.admin(request);
  const unused = await admin.createVendor(unique('Unused Vendor '));

  await signIn(page, E2E_ADMIN.username, E2E_ADMIN.password);
  await expect(page).toHaveURL('/internal/accounts');
  await mainNav(page).getByRole('link', { name: 'Vendors' }).click();
  await page.getByRole('textbox', { name: 'Filter' }).fill(unused.name);
  await expect(page.getByRole('table').getByRole('row')).toHaveCount(2);
  await row(page, unused.name).getByRole('button', { name: 'Delete' }).click();

  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText(`Do you want to delete the vendor ${unused.name}?`);
  await shot(page, 'admin-vendor-delete-confirm');
  await dialog.getByRole('button', { name: 'Delete' }).click();

  await expect(dialog).toBeHidden();
  await expectToast(page, 'Successfully deleted');
  await expect(row(page, unused.name)).toHaveCount(0);
  await expect(page.getByText('No Vendors.')).toBeVisible();
  await shot(page, 'admin-vendor-deleted');
});

test('a vendor still used by an account is not deleted', async ({ page, request }) => {
  const admin = await Api.admin(request);
  const account = await admin.createAccount();
  const used = await admin.call<{ vendor: string }>('GET', `/accounts/${account.sid}`);

  await signIn(page, E2E_ADMIN.username, E2E_ADMIN.password);
  await expect(page).toHaveURL('/internal/accounts');
  await page.goto('/internal/vendors');
  await page.getByRole('textbox', { name: 'Filter' }).fill(used.vendor);
  await row(page, used.vendor).getByRole('button', { name: 'Delete' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();

  await expect(page.locator('.mantine-Notification-root')).toBeVisible();
  await expect(page.getByRole('dialog')).toBeHidden();
  await expect(row(page, used.vendor)).toBeVisible();
  await shot(page, 'admin-vendor-delete-in-use');
});

test('a vendor in use shows its accounts and refuses deletion saying why', async ({ page, request }) => {
  const admin = await Api.admin(request);
  const account = await admin.createAccount();
  const used = await admin.call<{ vendor: string }>('GET', `/accounts/${account.sid}`);

  await signIn(page, E2E_ADMIN.username, E2E_ADMIN.password);
  await expect(page).toHaveURL('/internal/accounts');
  await page.goto('/internal/vendors');
  await page.getByRole('textbox', { name: 'Filter' }).fill(used.vendor);
  await expect(row(page, used.vendor).getByRole('cell').nth(2)).toHaveText('1');
  await row(page, used.vendor).getByRole('button', { name: 'Delete' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
  await expectToast(page, `The vendor ${used.vendor} is used by 1 account and cannot be deleted.`);
});

test('the accounts list and the account form read well on a desktop and a phone, failures included', async ({
  page,
  request,
}) => {
  const admin = await Api.admin(request);
  await admin.createAccount();
  const accountsList = (url: URL) => url.pathname === '/api/v1/accounts';
  await signIn(page, E2E_ADMIN.username, E2E_ADMIN.password);
  await expect(page).toHaveURL('/internal/accounts');

  for (const [size, viewport] of [
    ['desktop', { width: 1440, height: 900 }],
    ['phone', { width: 390, height: 844 }],
  ] as const) {
    await page.setViewportSize(viewport);
    await page.goto('/internal/accounts');
    await expect(page.getByRole('heading', { level: 1, name: 'Accounts' })).toBeVisible();
    await expect(page.getByRole('columnheader', { name: 'Actions' })).toBeAttached();
    await expect(page.getByRole('button', { name: 'Delete' }).first()).toBeVisible();
    await shot(page, `accounts-list-${size}`);

    // A failed load says what the server said, once, with Retry (and no "No data." beneath it).
    await page.route(accountsList, (route) =>
      route.fulfill({ status: 503, json: { msg: 'Accounts are resting', code: 'UNAVAILABLE' } }),
    );
    await page.goto('/internal/accounts');
    // A 5xx is retried twice before the page gives up on it.
    await expect(page.getByRole('main').getByText('Accounts are resting')).toBeVisible({ timeout: 15_000 });
    await expect(page.getByText('Accounts are resting')).toHaveCount(1);
    await expect(page.getByText('No data.')).toHaveCount(0);
    await shot(page, `accounts-list-error-${size}`);
    await page.unroute(accountsList);
    await page.getByRole('button', { name: 'Retry' }).click();
    await expect(page.getByRole('button', { name: 'Delete' }).first()).toBeVisible();

    // A started address names what it still needs before it can be saved, and saving it puts that on the
    // fields instead of dropping the address (issue 21).
    await page.goto('/internal/accounts/add');
    await page.getByLabel('City').fill('Hanoi');
    await expect(page.getByTestId('address-incomplete')).toContainText(
      'Fill in Address name, Address line 1, State, Postal code, Country to save the address',
    );
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Postal code is required for the address')).toBeVisible();
    await shot(page, `account-form-${size}`);
  }
});
