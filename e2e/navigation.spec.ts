/**
 * Spec §2 Login and Layouts, §6 Navigation visibility: each role signs in through the form, lands on its own
 * home and sees exactly its entries; narrow screens get the slide-out menu.
 */
import { expect, type Page, test } from '@playwright/test';
import { Api } from './support/api.ts';
import { E2E_ADMIN, E2E_COMPANY_NAME } from './support/constants.ts';
import {
  expectSignInPage,
  expectToast,
  fillSignIn,
  headerSignOut,
  mainNav,
  NAV_ENTRIES,
  navEntries,
  shot,
  signIn,
} from './support/ui.ts';

const NARROW = { width: 390, height: 844 };

async function expectEntries(page: Page, expected: { main: readonly string[]; settings: readonly string[] }) {
  const nav = mainNav(page);
  await expect(nav.getByRole('link').first()).toBeVisible();
  expect(await navEntries(nav)).toEqual({ main: [...expected.main], settings: [...expected.settings] });
}

function activeEntry(page: Page) {
  return mainNav(page).locator('a[aria-current="page"]');
}

test.describe('navigation per role', () => {
  test('the sign-in page shows the company name in its footer and the Tracking page link', async ({
    page,
  }) => {
    await page.goto('/login');
    await expectSignInPage(page);
    await expect(page.getByRole('contentinfo')).toHaveText(
      `© ${new Date().getFullYear()} ${E2E_COMPANY_NAME}. All rights reserved.`,
    );
    await expect(page.getByRole('link', { name: 'Tracking page' })).toHaveAttribute('href', '/tracking');
    await expect(page.getByText('Fields marked with an asterisk * are required.')).toBeVisible();
    await shot(page, 'public-sign-in');

    await page.goto('/');
    await expect(page.getByRole('heading', { name: 'ParcelOps', level: 1 })).toBeVisible();
    await shot(page, 'public-index');
  });

  test('admin lands on the accounts list and sees every entry', async ({ page }) => {
    await signIn(page, E2E_ADMIN.username, E2E_ADMIN.password);

    await expect(page).toHaveURL('/internal/accounts');
    await expect(page.getByRole('heading', { name: 'Accounts', level: 1 })).toBeVisible();
    await expectEntries(page, NAV_ENTRIES.admin);
    await expect(activeEntry(page)).toHaveCount(1);
    await expect(activeEntry(page)).toHaveText('Accounts');
    await expect(mainNav(page).getByRole('link', { name: 'Accounts' })).toHaveAttribute(
      'href',
      '/internal/accounts',
    );
    await expect(page.getByTestId('viewer-name')).toHaveText(`${E2E_ADMIN.username} (Admin)`);
    await shot(page, 'admin-accounts-list');

    // Following an entry moves the highlight with it, for the Settings group as well.
    await mainNav(page).getByRole('link', { name: 'Users' }).click();
    await expect(page).toHaveURL('/internal/users');
    await expect(page.getByRole('heading', { name: 'Users', level: 1 })).toBeVisible();
    await expect(activeEntry(page)).toHaveText('Users');
    await shot(page, 'admin-users-list');

    await mainNav(page)
      .getByRole('group', { name: 'Settings' })
      .getByRole('link', { name: 'Vendors' })
      .click();
    await expect(page).toHaveURL('/internal/vendors');
    await expect(page.getByRole('heading', { name: 'Vendors', level: 1 })).toBeVisible();
    await expect(activeEntry(page)).toHaveText('Vendors');
    await shot(page, 'admin-vendors-list');

    // Pages below an entry (add, edit) keep it highlighted.
    await page.getByRole('link', { name: 'Add vendor' }).click();
    await expect(page).toHaveURL('/internal/vendors/add');
    await expect(activeEntry(page)).toHaveText('Vendors');
    await shot(page, 'admin-vendor-add');

    await page.goto('/internal/accounts/add');
    await expect(page.getByRole('heading', { name: 'Add account' })).toBeVisible();
    await expect(activeEntry(page)).toHaveText('Accounts');
    await shot(page, 'admin-account-add');

    await page.goto('/internal/users/add');
    await expect(page.getByRole('heading', { name: 'Add user' })).toBeVisible();
    await expect(activeEntry(page)).toHaveText('Users');
    await shot(page, 'admin-user-add');

    await page.goto('/internal');
    await expect(page.getByRole('heading', { name: `Welcome, ${E2E_ADMIN.username}` })).toBeVisible();
    await expect(activeEntry(page)).toHaveCount(0);
    await shot(page, 'admin-home');

    // A signed-in visitor of the sign-in page is sent on (spec §2 Login).
    await page.goto('/login');
    await expect(page).toHaveURL('/internal/accounts');
  });

  test('an operator lands on the operator home and sees only their entries', async ({ page, request }) => {
    const admin = await Api.admin(request);
    const operator = await admin.createReadyUser(1, null);

    await signIn(page, operator.username, operator.password);

    await expect(page).toHaveURL('/internal');
    await expect(page.getByRole('heading', { name: `Welcome, ${operator.username}` })).toBeVisible();
    await expectEntries(page, NAV_ENTRIES.operator);
    // The home page is none of the entries.
    await expect(activeEntry(page)).toHaveCount(0);
    await expect(page.getByTestId('viewer-name')).toHaveText(`${operator.username} (Operator)`);
    await shot(page, 'operator-home');

    await mainNav(page).getByRole('link', { name: 'Orders', exact: true }).click();
    await expect(page).toHaveURL('/internal/orders');
    await expect(activeEntry(page)).toHaveText('Orders');
    await shot(page, 'operator-orders');

    await mainNav(page).getByRole('link', { name: 'Item Declarations' }).click();
    await expect(page).toHaveURL('/internal/item_declarations');
    await expect(activeEntry(page)).toHaveText('Item Declarations');
  });

  test('an account user lands on their own account and is kept out of vendors', async ({ page, request }) => {
    const admin = await Api.admin(request);
    const account = await admin.createAccount();
    const seller = await admin.createReadyUser(0, account.sid);

    await signIn(page, seller.username, seller.password);

    await expect(page).toHaveURL(`/internal/accounts/${account.sid}/edit`);
    await expect(page.getByRole('heading', { name: 'Edit account' })).toBeVisible();
    await expect(page.getByRole('textbox', { name: /^Name/ })).toHaveValue(account.name);
    await expectEntries(page, NAV_ENTRIES.account);
    await expect(activeEntry(page)).toHaveText('Accounts');
    // The Accounts entry leads an account user to their own account, not the list (spec §6).
    await expect(mainNav(page).getByRole('link', { name: 'Accounts' })).toHaveAttribute(
      'href',
      `/internal/accounts/${account.sid}/edit`,
    );
    await expect(page.getByTestId('viewer-name')).toHaveText(`${seller.username} (Account)`);
    await shot(page, 'account-own-account');

    await mainNav(page).getByRole('link', { name: 'Users' }).click();
    await expect(page).toHaveURL('/internal/users');
    await expect(activeEntry(page)).toHaveText('Users');
    await expect(page.getByRole('row').filter({ hasText: seller.username })).toBeVisible();
    await shot(page, 'account-users-list');

    await page.getByRole('link', { name: 'Add user' }).click();
    await expect(page.getByRole('heading', { name: 'Add user' })).toBeVisible();
    await shot(page, 'account-user-add');

    await page.goto('/internal/vendors');
    await expectToast(page, 'You do not have permissions to view vendors');
    await expect(page).toHaveURL(`/internal/accounts/${account.sid}/edit`);
    await shot(page, 'account-vendors-refused');

    await page.goto('/internal/accounts');
    await expectToast(page, 'You do not have permissions to view all accounts');
    await expect(page).toHaveURL(`/internal/accounts/${account.sid}/edit`);
  });

  test('a narrow screen opens the navigation in a drawer with its own Sign out', async ({
    page,
    request,
  }) => {
    const admin = await Api.admin(request);
    const account = await admin.createAccount();
    const seller = await admin.createReadyUser(0, account.sid);
    await page.setViewportSize(NARROW);

    await page.goto('/login');
    await expectSignInPage(page);
    await shot(page, 'narrow-sign-in');
    await fillSignIn(page, seller.username, seller.password);
    await expect(page).toHaveURL(`/internal/accounts/${account.sid}/edit`);
    await expect(page.getByRole('heading', { name: 'Edit account' })).toBeVisible();
    await expect(page.getByTestId('viewer-name')).toBeHidden();
    await shot(page, 'narrow-account-own-account');

    await page.getByRole('button', { name: 'Open menu' }).click();
    const drawer = page.getByRole('dialog');
    await expect(drawer).toBeVisible();
    const drawerNav = drawer.getByRole('navigation', { name: 'Main navigation' });
    expect(await navEntries(drawerNav)).toEqual({
      main: [...NAV_ENTRIES.account.main],
      settings: [...NAV_ENTRIES.account.settings],
    });
    await expect(drawerNav.locator('a[aria-current="page"]')).toHaveText('Accounts');
    await shot(page, 'narrow-account-drawer');

    // Following an entry closes the drawer.
    await drawerNav.getByRole('link', { name: 'Users' }).click();
    await expect(page).toHaveURL('/internal/users');
    await expect(drawer).toBeHidden();
    await shot(page, 'narrow-account-users-list');

    // The close button closes it too.
    await page.getByRole('button', { name: 'Open menu' }).click();
    await expect(drawer).toBeVisible();
    await drawer.getByRole('button', { name: 'Close menu' }).click();
    await expect(drawer).toBeHidden();

    await page.getByRole('button', { name: 'Open menu' }).click();
    await drawer.getByRole('button', { name: 'Sign out' }).click();
    await expectSignInPage(page);
    await expect(
      page.getByRole('alert').filter({ hasText: "You've successfully logged out." }),
    ).toBeVisible();
    await expect(headerSignOut(page)).toHaveCount(0);
  });

  test('a narrow screen shows the admin every entry in the drawer', async ({ page }) => {
    await page.setViewportSize(NARROW);
    await signIn(page, E2E_ADMIN.username, E2E_ADMIN.password);
    await expect(page).toHaveURL('/internal/accounts');
    await expect(page.getByRole('heading', { name: 'Accounts', level: 1 })).toBeVisible();
    await shot(page, 'narrow-admin-accounts-list');

    await page.getByRole('button', { name: 'Open menu' }).click();
    const drawerNav = page.getByRole('dialog').getByRole('navigation', { name: 'Main navigation' });
    expect(await navEntries(drawerNav)).toEqual({
      main: [...NAV_ENTRIES.admin.main],
      settings: [...NAV_ENTRIES.admin.settings],
    });
    await shot(page, 'narrow-admin-drawer');
  });
});
