/**
 * Spec §2 Prices/Rates, §3 Price table, §4 (the name is fixed once it exists), §5 Price table, §6 (Pricese is
 * admin only), §8 toasts: the admin uploads a price table, sees its rows sorted, is refused a bad sheet,
 * gives the table to an account and cannot delete it while that account uses it.
 */
import { expect, type Locator, test } from '@playwright/test';
import { Api, unique } from './support/api.ts';
import { E2E_ADMIN } from './support/constants.ts';
import {
  choose,
  dataRows,
  downloadFrom,
  expectToast,
  headerSignOut,
  mainNav,
  row,
  shot,
  signIn,
} from './support/ui.ts';
import { readWorkbook, writeWorkbook } from './support/workbooks.ts';

/** The rows as the sheet gives them, out of order; the edit page shows them sorted by weight. */
const SHEET_ROWS = [
  [1000, 200000, 8.5],
  [100, 45000, 1.99],
  [500, 120000, 5],
] as const;
const SHOWN_ROWS = [
  ['100', '45,000', '1.99'],
  ['500', '120,000', '5.00'],
  ['1,000', '200,000', '8.50'],
];

async function expectPriceRows(table: Locator) {
  await expect(table.getByRole('columnheader')).toHaveText(['Weight (gram)', 'VND', 'USD']);
  const rows = dataRows(table);
  await expect(rows).toHaveCount(SHOWN_ROWS.length);
  for (const [index, cells] of SHOWN_ROWS.entries()) {
    await expect(rows.nth(index).getByRole('cell')).toHaveText(cells);
  }
}

test('the admin uploads a price table, gives it to an account and cannot delete it while in use', async ({
  page,
  request,
}) => {
  const admin = await Api.admin(request);
  const account = await admin.createAccount();
  const name = unique('E2E Rates ');
  const goodSheet = await writeWorkbook(unique('rates-'), [['weight', 'vnd', 'usd'], ...SHEET_ROWS]);
  // Row 3 of the sheet (the second data row) has text where the VND price goes.
  const badSheet = await writeWorkbook(unique('rates-bad-'), [
    ['weight', 'vnd', 'usd'],
    [200, 60000, 2.5],
    [300, 'cheap', 3],
  ]);

  await signIn(page, E2E_ADMIN.username, E2E_ADMIN.password);
  await expect(page).toHaveURL('/internal/accounts');

  await test.step('the list is reached from the Settings group', async () => {
    await mainNav(page)
      .getByRole('group', { name: 'Settings' })
      .getByRole('link', { name: 'Pricese' })
      .click();
    await expect(page).toHaveURL('/internal/pricese');
    await expect(page.getByRole('heading', { name: 'Prices/Rates' })).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'Filter' })).toBeVisible();
    await shot(page, 'admin-pricese-list');
  });

  await test.step('the add form takes a name and a workbook; Save waits for the file', async () => {
    await page.getByRole('link', { name: 'Add price table' }).click();
    await expect(page).toHaveURL('/internal/pricese/add');
    await expect(page.getByRole('heading', { name: 'Add price table' })).toBeVisible();
    await expect(page.getByText('Fields marked with an asterisk * are required.')).toBeVisible();
    await expect(page.getByText('No file chosen')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Save' })).toBeDisabled();

    const template = await downloadFrom(page, page.getByRole('button', { name: 'Download template' }));
    expect(template.suggestedFilename()).toBe('pricese_template.xlsx');
    const templateRows = await readWorkbook(await template.path());
    expect(templateRows[0]).toEqual(['weight', 'vnd', 'usd']);

    await page.getByRole('textbox', { name: /^Name/ }).fill(name);
    await page.getByLabel('Price Excel').setInputFiles(goodSheet);
    await expect(page.getByTestId('file-picker-name')).toHaveText(/^rates-.*\.xlsx$/);
    await expect(page.getByRole('button', { name: 'Save' })).toBeEnabled();
    await shot(page, 'admin-pricese-add-form');
  });

  let sid = '';
  await test.step('Save creates it and opens its edit page with the rows sorted by weight', async () => {
    await page.getByRole('button', { name: 'Save' }).click();
    await expectToast(page, 'Successfully created');
    await expect(page).toHaveURL(/\/internal\/pricese\/[^/]+\/edit$/);
    sid = new URL(page.url()).pathname.split('/')[3] ?? '';

    await expect(page.getByRole('heading', { name: 'Edit price table' })).toBeVisible();
    const nameBox = page.getByRole('textbox', { name: /^Name/ });
    await expect(nameBox).toHaveValue(name);
    await expect(nameBox).toBeDisabled();
    await expect(page.getByRole('heading', { name: 'Prices', exact: true })).toBeVisible();
    await expectPriceRows(page.getByRole('table'));
    await shot(page, 'admin-pricese-edit');
  });

  await test.step('Export hands back the stored rows, sorted, as a workbook named after the table', async () => {
    const exported = await downloadFrom(page, page.getByRole('button', { name: 'Export' }));
    expect(exported.suggestedFilename()).toBe(`${name}.xlsx`);
    expect(await readWorkbook(await exported.path())).toEqual([
      ['weight', 'vnd', 'usd'],
      [100, 45000, 1.99],
      [500, 120000, 5],
      [1000, 200000, 8.5],
    ]);
  });

  await test.step('a sheet with text in the vnd column is refused, naming the row, and changes nothing', async () => {
    await page.getByLabel('Price Excel').setInputFiles(badSheet);
    await page.getByRole('button', { name: 'Save' }).click();

    // The toast carries the server's message; the panel lists one line per bad row, naming its columns.
    await expectToast(page, 'Row 3, column vnd: must be a number, 0 or more');
    await expect(page.getByRole('alert', { name: 'Problems in the file' })).toHaveText(
      'Row 3 — vnd: must be a number, 0 or more',
    );
    await expectPriceRows(page.getByRole('table'));
    await shot(page, 'admin-pricese-edit-bad-sheet');

    // Not just the screen: the stored table is the old one.
    await page.reload();
    await expect(page.getByRole('textbox', { name: /^Name/ })).toHaveValue(name);
    await expectPriceRows(page.getByRole('table'));
    await expect(page.getByRole('alert', { name: 'Problems in the file' })).toHaveCount(0);
  });

  await test.step('the admin gives the price table to an account, and the choice is kept', async () => {
    await page.goto(`/internal/accounts/${account.sid}/edit`);
    await expect(page.getByRole('heading', { name: 'Edit account' })).toBeVisible();
    const priceTable = page.getByRole('combobox', { name: /^Price table/ });
    await expect(priceTable).toHaveValue('');
    await choose(page, priceTable, name);
    await shot(page, 'admin-account-price-table');
    await page.getByRole('button', { name: 'Save' }).click();
    await expectToast(page, 'Account updated successfully');

    await page.reload();
    await expect(page.getByRole('heading', { name: 'Edit account' })).toBeVisible();
    await expect(page.getByRole('combobox', { name: /^Price table/ })).toHaveValue(name);
    expect(
      (await admin.call<{ price_sid: string | null }>('GET', `/accounts/${account.sid}`)).price_sid,
    ).toBe(sid);
  });

  await test.step('the list counts the account, and Delete is refused while it uses the table', async () => {
    await page.goto('/internal/pricese');
    await page.getByRole('textbox', { name: 'Filter' }).fill(name);
    const table = page.getByRole('table');
    await expect(dataRows(table)).toHaveCount(1);
    await expect(table.getByRole('columnheader')).toHaveText([
      'Name',
      'Rows',
      'Accounts using it',
      'Created',
      // The buttons' column is named for screen readers, hidden on screen.
      'Actions',
    ]);
    const entry = row(page, name);
    await expect(entry.getByRole('cell').nth(1)).toHaveText('3');
    await expect(entry.getByRole('cell').nth(2)).toHaveText('1');
    await shot(page, 'admin-pricese-list-filtered');

    await entry.getByRole('button', { name: 'Delete' }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toContainText(`Do you want to delete the price table ${name}?`);
    await shot(page, 'admin-pricese-delete-confirm');
    await dialog.getByRole('button', { name: 'Delete' }).click();

    await expectToast(page, `The price table ${name} is used by 1 account and cannot be deleted.`);
    await expect(dialog).toBeHidden();
    await expect(entry).toBeVisible();
    await shot(page, 'admin-pricese-delete-in-use');

    await page.reload();
    await page.getByRole('textbox', { name: 'Filter' }).fill(name);
    await expect(row(page, name)).toBeVisible();
  });

  await test.step('the edit link opens the same table', async () => {
    await row(page, name).getByRole('link', { name: 'Edit' }).click();
    await expect(page).toHaveURL(`/internal/pricese/${sid}/edit`);
    await expectPriceRows(page.getByRole('table'));
  });
});

test('the admin replaces the rows of an unused price table, then deletes it', async ({ page }) => {
  const name = unique('E2E Unused Rates ');
  // The headers in other letter cases and order are found too.
  const sheet = await writeWorkbook(unique('rates-unused-'), [
    ['USD', 'Weight (gram)', 'VND'],
    [3, 250, 70000],
  ]);
  const replacement = await writeWorkbook(unique('rates-replacement-'), [
    ['weight', 'vnd', 'usd'],
    [2000, 310000, 12.25],
    [750, 150000, 6],
  ]);

  await signIn(page, E2E_ADMIN.username, E2E_ADMIN.password);
  await expect(page).toHaveURL('/internal/accounts');
  await page.goto('/internal/pricese/add');
  await page.getByRole('textbox', { name: /^Name/ }).fill(name);
  await page.getByLabel('Price Excel').setInputFiles(sheet);
  await page.getByRole('button', { name: 'Save' }).click();
  await expectToast(page, 'Successfully created');
  await expect(page).toHaveURL(/\/internal\/pricese\/[^/]+\/edit$/);
  const table = page.getByRole('table');
  await expect(dataRows(table)).toHaveCount(1);
  await expect(dataRows(table).first().getByRole('cell')).toHaveText(['250', '70,000', '3.00']);

  await test.step('a new sheet replaces the rows; the page stays for checking them', async () => {
    await page.getByLabel('Price Excel').setInputFiles(replacement);
    await page.getByRole('button', { name: 'Save' }).click();
    await expectToast(page, 'Successfully updated');
    await expect(dataRows(table)).toHaveCount(2);
    await expect(dataRows(table).nth(0).getByRole('cell')).toHaveText(['750', '150,000', '6.00']);
    await expect(dataRows(table).nth(1).getByRole('cell')).toHaveText(['2,000', '310,000', '12.25']);
    await expect(page.getByText('No file chosen')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Save' })).toBeDisabled();
    await shot(page, 'admin-pricese-edit-replaced');
  });

  await test.step('a second table of the same name is refused', async () => {
    await page.goto('/internal/pricese/add');
    await page.getByRole('textbox', { name: /^Name/ }).fill(name);
    await page.getByLabel('Price Excel').setInputFiles(sheet);
    await page.getByRole('button', { name: 'Save' }).click();
    await expectToast(page, `A price table named ${name} already exists.`);
    await expect(page).toHaveURL('/internal/pricese/add');
  });

  await test.step('Delete asks first, then removes it', async () => {
    await page.getByRole('button', { name: 'Cancel' }).click();
    await expect(page).toHaveURL('/internal/pricese');
    await page.getByRole('textbox', { name: 'Filter' }).fill(name);
    await expect(row(page, name).getByRole('cell').nth(1)).toHaveText('2');
    await expect(row(page, name).getByRole('cell').nth(2)).toHaveText('0');
    await row(page, name).getByRole('button', { name: 'Delete' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();

    await expectToast(page, 'Successfully deleted');
    await expect(row(page, name)).toHaveCount(0);
    await expect(page.getByText('No Pricese.')).toBeVisible();
    await shot(page, 'admin-pricese-list-empty-filter');
  });
});

test('operators and account users are sent home from Prices/Rates', async ({ page, request }) => {
  const admin = await Api.admin(request);
  const operator = await admin.createReadyUser(1, null);
  const account = await admin.createAccount();
  const seller = await admin.createReadyUser(0, account.sid);

  await signIn(page, operator.username, operator.password);
  await expect(page).toHaveURL('/internal');
  await page.goto('/internal/pricese');
  await expectToast(page, 'You do not have permissions to view pricese');
  await expect(page).toHaveURL('/internal');
  await expect(page.getByRole('heading', { name: 'Prices/Rates' })).toHaveCount(0);
  await shot(page, 'operator-pricese-refused');

  await headerSignOut(page).click();
  await signIn(page, seller.username, seller.password);
  await expect(page).toHaveURL(`/internal/accounts/${account.sid}/edit`);
  await page.goto('/internal/pricese/add');
  await expectToast(page, 'You do not have permissions to view pricese');
  await expect(page).toHaveURL(`/internal/accounts/${account.sid}/edit`);
  // Price tables are for admins only; the account form does not offer them to the account itself.
  await expect(page.getByRole('heading', { name: 'Edit account' })).toBeVisible();
  await expect(page.getByRole('combobox', { name: /^Price table/ })).toHaveCount(0);
  await shot(page, 'account-pricese-refused');
});
