/**
 * Spec §2 Item Declarations (account picker from operator scope up, filter and account in the URL, tabs
 * Declaration and Upload Excel, table columns, a clicked row loads the form), §5 Item declaration (upload
 * disabled until a file is chosen; Update and Delete for admins only), §8 toasts.
 */
import { expect, type Page, test } from '@playwright/test';
import { Api, unique } from './support/api.ts';
import { E2E_ADMIN } from './support/constants.ts';
import { choose, dataRows, expectToast, headerSignOut, mainNav, row, shot, signIn } from './support/ui.ts';
import { type SheetCell, writeWorkbook } from './support/workbooks.ts';

const CHOOSE_ACCOUNT = 'Choose an account to see its item declarations.';
/** Spec §2: the table's titles, which the upload also takes as headers. */
const TITLES = [
  'Sku',
  'name',
  'Description',
  'refName',
  'HS Code',
  'Weight',
  'Width',
  'Height',
  'Length',
  'Combinable',
];

const accountBox = (page: Page) => page.getByRole('combobox', { name: /^Account/ });
const filterBox = (page: Page) => page.getByRole('textbox', { name: 'Filter' });
const uploadButton = (page: Page) => page.getByRole('button', { name: 'Upload', exact: true });
const weightBox = (page: Page) => page.getByRole('textbox', { name: /^Weight/ });

/** The HS Code select searches codes and descriptions; each option shows both, so it is picked by search. */
async function chooseHsCode(page: Page, code: string) {
  const select = page.getByRole('combobox', { name: /^HS Code/ });
  await select.fill(code);
  await page.getByRole('option').filter({ hasText: code }).click();
  await expect(select).toHaveValue(code);
}

/** Opens Item Declarations from the navigation. */
async function openItemDeclarations(page: Page) {
  await mainNav(page).getByRole('link', { name: 'Item Declarations' }).click();
  await expect(page).toHaveURL(/\/internal\/item_declarations/);
  await expect(page.getByRole('heading', { name: 'Item Declarations' })).toBeVisible();
}

test('an operator uploads item declarations for an account; an admin then updates one', async ({
  page,
  request,
}) => {
  const admin = await Api.admin(request);
  const account = await admin.createAccount();
  const operator = await admin.createReadyUser(1, null);
  const hsCode = await admin.createHsCode(undefined, unique('Knitted cotton T-shirts '));
  // One prefix for the SKUs, so the filter matches all of them and nothing of other journeys.
  const prefix = unique('SKU');
  const tee = `${prefix}-TEE`;
  const mug = `${prefix}-MUG`;
  const cap = `${prefix}-CAP`;
  const sheetRows: SheetCell[][] = [
    TITLES,
    [tee, 'Cotton T-shirt', "Men's cotton T-shirt", 'Ao thun cotton', hsCode.hs_code, 180, 20, 2, 30, 'yes'],
    [mug, 'Ceramic mug', 'White ceramic mug', 'Coc su', null, 350.5, 9, 10, 12, 'no'],
    [cap, 'Baseball cap', 'Adjustable cap', 'Mu luoi trai', '', 95, 18, 12, 25, true],
  ];
  const goodSheet = await writeWorkbook(unique('declarations-'), sheetRows);
  // Row 3 of the sheet has text where the weight goes; the other new row must not be saved either.
  const badSheet = await writeWorkbook(unique('declarations-bad-'), [
    TITLES,
    [`${prefix}-BAG`, 'Tote bag', 'Canvas tote bag', 'Tui vai', null, 120, 35, 1, 40, 'no'],
    [`${prefix}-PEN`, 'Pen', 'Ballpoint pen', 'But bi', null, 'heavy', 1, 1, 14, 'no'],
  ]);

  await test.step('the operator is asked to choose an account first', async () => {
    await signIn(page, operator.username, operator.password);
    await expect(page).toHaveURL('/internal');
    await openItemDeclarations(page);
    await expect(page.getByText(CHOOSE_ACCOUNT)).toBeVisible();
    await expect(page.getByRole('tab')).toHaveCount(0);
    await expect(page.getByRole('table')).toHaveCount(0);
    await shot(page, 'operator-item-declarations-choose-account');
  });

  await test.step('the chosen account and the filter go into the URL and survive a reload', async () => {
    await choose(page, accountBox(page), account.name);
    await expect(page).toHaveURL(new RegExp(`[?&]accountSid=${account.sid}(&|$)`));
    await expect(page.getByText(CHOOSE_ACCOUNT)).toHaveCount(0);
    await expect(page.getByRole('tab', { name: 'Declaration' })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByText('No data.')).toBeVisible();

    await filterBox(page).fill(prefix);
    await expect(page).toHaveURL(new RegExp(`[?&]filter=${prefix}(&|$)`));
    await expect(page).toHaveURL(new RegExp(`[?&]accountSid=${account.sid}(&|$)`));

    await page.reload();
    await expect(accountBox(page)).toHaveValue(account.name);
    await expect(filterBox(page)).toHaveValue(prefix);
    await expect(page.getByText('No data.')).toBeVisible();
    await shot(page, 'operator-item-declarations-empty');
  });

  await test.step('Upload stays disabled until a file is chosen', async () => {
    await page.getByRole('tab', { name: 'Upload Excel' }).click();
    await expect(page.getByRole('tab', { name: 'Upload Excel' })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByRole('button', { name: 'Download template' })).toBeVisible();
    await expect(page.getByText('No file chosen')).toBeVisible();
    await expect(uploadButton(page)).toBeDisabled();
    await shot(page, 'operator-item-declarations-upload-tab');

    await page.getByLabel('Excel file').setInputFiles(goodSheet);
    await expect(page.getByTestId('file-picker-name')).toHaveText(/^declarations-.*\.xlsx$/);
    await expect(uploadButton(page)).toBeEnabled();
  });

  await test.step('the sheet with the table titles as headers creates three declarations', async () => {
    await uploadButton(page).click();
    await expectToast(page, 'Successfully uploaded item declarations');
    await expect(page.getByRole('status')).toHaveText('3 created, 0 updated');
    // The file is used up: choosing the next one starts again.
    await expect(page.getByText('No file chosen')).toBeVisible();
    await expect(uploadButton(page)).toBeDisabled();

    const table = page.getByRole('table');
    await expect(table.getByRole('columnheader')).toHaveText(TITLES);
    await expect(dataRows(table)).toHaveCount(3);
    await expect(row(page, tee).getByRole('cell')).toHaveText([
      tee,
      'Cotton T-shirt',
      "Men's cotton T-shirt",
      'Ao thun cotton',
      hsCode.hs_code,
      '180',
      '20',
      '2',
      '30',
      'Yes',
    ]);
    await expect(row(page, mug).getByRole('cell')).toHaveText([
      mug,
      'Ceramic mug',
      'White ceramic mug',
      'Coc su',
      '',
      '350.5',
      '9',
      '10',
      '12',
      'No',
    ]);
    await expect(row(page, cap).getByRole('cell').last()).toHaveText('Yes');
    await shot(page, 'operator-item-declarations-uploaded');
  });

  await test.step('a clicked row fills the Declaration tab, read-only for an operator', async () => {
    await row(page, tee).click();
    await expect(page.getByRole('tab', { name: 'Declaration' })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByRole('textbox', { name: /^Sku/ })).toHaveValue(tee);
    await expect(page.getByRole('textbox', { name: /^Name/ })).toHaveValue('Cotton T-shirt');
    await expect(page.getByRole('textbox', { name: /^Description/ })).toHaveValue("Men's cotton T-shirt");
    await expect(page.getByRole('textbox', { name: /^RefName/ })).toHaveValue('Ao thun cotton');
    await expect(page.getByRole('combobox', { name: /^HS Code/ })).toHaveValue(hsCode.hs_code);
    await expect(weightBox(page)).toHaveValue('180');
    await expect(page.getByRole('textbox', { name: /^Width/ })).toHaveValue('20');
    await expect(page.getByRole('textbox', { name: /^Height/ })).toHaveValue('2');
    await expect(page.getByRole('textbox', { name: /^Length/ })).toHaveValue('30');
    await expect(page.getByRole('checkbox', { name: /^Combinable/ })).toBeChecked();

    // Spec §5: only admins change or delete a saved declaration.
    await expect(weightBox(page)).toBeDisabled();
    await expect(page.getByText('Only an admin can change or delete a saved declaration.')).toBeVisible();
    for (const button of ['Update', 'Delete', 'Save']) {
      await expect(page.getByRole('button', { name: button, exact: true })).toHaveCount(0);
    }
    await shot(page, 'operator-item-declarations-row-loaded');

    await page.getByRole('button', { name: 'Clear' }).click();
    await expect(page.getByRole('textbox', { name: /^Sku/ })).toHaveValue('');
    await expect(page.getByRole('textbox', { name: /^Sku/ })).toBeEnabled();
    await expect(page.getByRole('button', { name: 'Save', exact: true })).toBeVisible();
  });

  await test.step('a sheet with text in Weight names the row and adds nothing', async () => {
    await page.getByRole('tab', { name: 'Upload Excel' }).click();
    await page.getByLabel('Excel file').setInputFiles(badSheet);
    await uploadButton(page).click();

    const problems = page.getByRole('alert', { name: 'Problems in the file' });
    await expect(problems).toContainText('Row 3');
    await expect(problems).toContainText('Weight must be a number');
    await expectToast(page, 'Row 3');
    await expect(page.getByRole('status')).toHaveCount(0);
    await expect(dataRows(page.getByRole('table'))).toHaveCount(3);
    await expect(row(page, `${prefix}-BAG`)).toHaveCount(0);
    await shot(page, 'operator-item-declarations-bad-upload');

    await page.reload();
    await expect(row(page, tee)).toBeVisible();
    await expect(dataRows(page.getByRole('table'))).toHaveCount(3);
    await expect(row(page, `${prefix}-BAG`)).toHaveCount(0);
  });

  await test.step('the operator adds one declaration through the form', async () => {
    const sku = `${prefix}-SOCK`;
    await page.getByRole('textbox', { name: /^Sku/ }).fill(`  ${sku}  `);
    await page.getByRole('textbox', { name: /^Name/ }).fill('Socks');
    await page.getByRole('textbox', { name: /^Description/ }).fill('Wool socks');
    await page.getByRole('textbox', { name: /^RefName/ }).fill('Tat len');
    await chooseHsCode(page, hsCode.hs_code);
    await weightBox(page).fill('60,5');
    await page.getByRole('textbox', { name: /^Width/ }).fill('10');
    await page.getByRole('textbox', { name: /^Length/ }).fill('25');
    // Height left empty becomes 0 (spec §5).
    await shot(page, 'operator-item-declarations-form');
    await page.getByRole('button', { name: 'Save', exact: true }).click();

    await expectToast(page, 'Successfully created');
    await expect(row(page, sku).getByRole('cell')).toHaveText([
      sku,
      'Socks',
      'Wool socks',
      'Tat len',
      hsCode.hs_code,
      '60.5',
      '10',
      '0',
      '25',
      'No',
    ]);
    await expect(page.getByRole('textbox', { name: /^Sku/ })).toHaveValue('');
  });

  await test.step('the admin picks the account, loads a row and updates its weight', async () => {
    await headerSignOut(page).click();
    await signIn(page, E2E_ADMIN.username, E2E_ADMIN.password);
    await expect(page).toHaveURL('/internal/accounts');
    await openItemDeclarations(page);
    await expect(page.getByText(CHOOSE_ACCOUNT)).toBeVisible();
    await choose(page, accountBox(page), account.name);
    await expect(dataRows(page.getByRole('table'))).toHaveCount(4);

    await row(page, mug).click();
    await expect(weightBox(page)).toHaveValue('350.5');
    await expect(weightBox(page)).toBeEnabled();
    await expect(page.getByRole('button', { name: 'Update' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Delete' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Save', exact: true })).toHaveCount(0);

    await weightBox(page).fill('410.25');
    await shot(page, 'admin-item-declarations-row-loaded');
    await page.getByRole('button', { name: 'Update' }).click();

    await expectToast(page, 'Successfully updated');
    await expect(row(page, mug).getByRole('cell').nth(5)).toHaveText('410.25');
    await expect(weightBox(page)).toHaveValue('410.25');
    await shot(page, 'admin-item-declarations-updated');

    await page.reload();
    await expect(row(page, mug).getByRole('cell').nth(5)).toHaveText('410.25');
  });

  await test.step("the account's own user sees the same declarations without an account picker", async () => {
    const seller = await admin.createReadyUser(0, account.sid);
    await headerSignOut(page).click();
    await signIn(page, seller.username, seller.password);
    await expect(page).toHaveURL(`/internal/accounts/${account.sid}/edit`);
    await openItemDeclarations(page);
    await expect(accountBox(page)).toHaveCount(0);
    await expect(page.getByText(CHOOSE_ACCOUNT)).toHaveCount(0);
    await expect(dataRows(page.getByRole('table'))).toHaveCount(4);
    await expect(row(page, mug).getByRole('cell').nth(5)).toHaveText('410.25');

    await row(page, cap).click();
    await expect(page.getByRole('textbox', { name: /^Sku/ })).toHaveValue(cap);
    await expect(page.getByRole('button', { name: 'Update' })).toHaveCount(0);
    await shot(page, 'account-item-declarations');
  });
});

test('the admin deletes an item declaration after confirming', async ({ page, request }) => {
  const admin = await Api.admin(request);
  const account = await admin.createAccount();
  const sku = unique('SKU-DEL-');
  await admin.call('POST', '/item_declarations', {
    account_sid: account.sid,
    skuNumber: sku,
    name: 'Old stock',
    refName: 'Hang cu',
    itemDescription: 'Discontinued item',
    itemWeight: 10,
    itemWidth: 1,
    itemHeight: 1,
    itemLength: 1,
    can_combine: false,
  });

  await signIn(page, E2E_ADMIN.username, E2E_ADMIN.password);
  await expect(page).toHaveURL('/internal/accounts');
  await page.goto(`/internal/item_declarations?accountSid=${account.sid}`);
  await expect(accountBox(page)).toHaveValue(account.name);
  await row(page, sku).click();
  await page.getByRole('button', { name: 'Delete' }).click();

  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText(`Do you want to delete the item declaration ${sku}?`);
  await shot(page, 'admin-item-declarations-delete-confirm');
  await dialog.getByRole('button', { name: 'Delete' }).click();

  await expectToast(page, 'Successfully deleted');
  await expect(row(page, sku)).toHaveCount(0);
  await expect(page.getByText('No data.')).toBeVisible();
  await expect(page.getByRole('textbox', { name: /^Sku/ })).toHaveValue('');
});

test('a sheet without the optional HS Code column is accepted', async ({ page, request }) => {
  const admin = await Api.admin(request);
  const account = await admin.createAccount();
  const sku = unique('SKU-NOHS-');
  const sheet = await writeWorkbook(unique('declarations-no-hs-'), [
    TITLES.filter((title) => title !== 'HS Code'),
    [sku, 'Notebook', 'Paper notebook', 'So tay', 200, 15, 1, 21, 'no'],
  ]);

  await signIn(page, E2E_ADMIN.username, E2E_ADMIN.password);
  await expect(page).toHaveURL('/internal/accounts');
  await page.goto(`/internal/item_declarations?accountSid=${account.sid}`);
  await page.getByRole('tab', { name: 'Upload Excel' }).click();
  await page.getByLabel('Excel file').setInputFiles(sheet);
  await uploadButton(page).click();

  await expectToast(page, 'Successfully uploaded item declarations');
  await expect(page.getByRole('status')).toHaveText('1 created, 0 updated');
  await expect(row(page, sku).getByRole('cell').nth(4)).toHaveText('');
});
