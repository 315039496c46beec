/**
 * Spec §2 Hs Codes, §5 HS code, §6 (admins add, edit and delete HS codes), §8 toasts: the admin maintains the
 * tariff codes in the form beside the table; everyone else only looks them up.
 */
import { expect, test } from '@playwright/test';
import { Api, unique, uniqueHsCode } from './support/api.ts';
import { E2E_ADMIN } from './support/constants.ts';
import { dataRows, expectToast, headerSignOut, mainNav, row, shot, signIn } from './support/ui.ts';

const HS_CODES_PATH = '/internal/hs_tariff_codes';

test('the admin adds an HS code, loads it from the table, updates and finds it', async ({ page }) => {
  const code = uniqueHsCode();
  const description = unique('Cotton T-shirts, knitted ');
  const newDescription = unique('Cotton T-shirts and singlets, knitted ');

  await signIn(page, E2E_ADMIN.username, E2E_ADMIN.password);
  await expect(page).toHaveURL('/internal/accounts');
  await page.goto(HS_CODES_PATH);
  await expect(page.getByRole('heading', { name: 'Hs Codes' })).toBeVisible();

  const codeBox = page.getByRole('textbox', { name: /^HS Code/ });
  const descriptionBox = page.getByRole('textbox', { name: /^Description/ });
  const table = page.getByRole('table');

  await test.step('an empty form offers Add and Clear only; required fields say so', async () => {
    await expect(codeBox).toHaveValue('');
    await expect(page.getByRole('button', { name: 'Add' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Update' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Delete' })).toHaveCount(0);
    await expect(table.getByRole('columnheader')).toHaveText(['Code', 'Description']);

    await page.getByRole('button', { name: 'Add' }).click();
    await expect(codeBox).toHaveAttribute('aria-invalid', 'true');
    await expect(descriptionBox).toHaveAttribute('aria-invalid', 'true');
    await shot(page, 'admin-hs-codes-required');
  });

  await test.step('Add saves the trimmed code, which then shows in the table', async () => {
    await codeBox.fill(`  ${code}  `);
    await descriptionBox.fill(description);
    await shot(page, 'admin-hs-codes-add-form');
    await page.getByRole('button', { name: 'Add' }).click();

    await expectToast(page, 'Successfully created');
    await expect(row(page, code)).toBeVisible();
    await expect(row(page, code).getByRole('cell')).toHaveText([code, description]);
    // The form is empty again, ready for the next code.
    await expect(codeBox).toHaveValue('');
    await expect(descriptionBox).toHaveValue('');
    await shot(page, 'admin-hs-codes-list');
  });

  await test.step('the same code cannot be added twice', async () => {
    await codeBox.fill(code);
    await descriptionBox.fill('A duplicate');
    await page.getByRole('button', { name: 'Add' }).click();
    await expectToast(page, `Failed to create HS code The HS code ${code} already exists.`);
    await expect(row(page, code)).toHaveCount(1);
    await page.getByRole('button', { name: 'Clear' }).click();
    await expect(codeBox).toHaveValue('');
  });

  await test.step('clicking its row loads it into the form with Update and Delete', async () => {
    await row(page, code).click();
    await expect(codeBox).toHaveValue(code);
    await expect(descriptionBox).toHaveValue(description);
    await expect(page.getByRole('button', { name: 'Update' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Delete' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Add' })).toHaveCount(0);
    await expect(row(page, code)).toHaveAttribute('data-selected', 'true');
    await shot(page, 'admin-hs-codes-loaded');
  });

  await test.step('Update saves the new description, shown in the table', async () => {
    await descriptionBox.fill(newDescription);
    await page.getByRole('button', { name: 'Update' }).click();

    await expectToast(page, 'Successfully updated');
    await expect(row(page, code).getByRole('cell')).toHaveText([code, newDescription]);
    await expect(row(page, description)).toHaveCount(0);
    // The row stays loaded.
    await expect(descriptionBox).toHaveValue(newDescription);
    await expect(page.getByRole('button', { name: 'Update' })).toBeVisible();
  });

  await test.step('the filter narrows the table to it; Clear empties the form', async () => {
    await page.getByRole('textbox', { name: 'Filter' }).fill(code);
    await expect(dataRows(table)).toHaveCount(1);
    await expect(dataRows(table).first().getByRole('cell')).toHaveText([code, newDescription]);
    // The description is searched too.
    await page.getByRole('textbox', { name: 'Filter' }).fill(newDescription);
    await expect(dataRows(table)).toHaveCount(1);
    await shot(page, 'admin-hs-codes-filtered');

    await page.getByRole('button', { name: 'Clear' }).click();
    await expect(codeBox).toHaveValue('');
    await expect(page.getByRole('button', { name: 'Add' })).toBeVisible();
  });
});

test('the admin deletes an HS code after confirming', async ({ page, request }) => {
  const admin = await Api.admin(request);
  const hsCode = await admin.createHsCode();

  await signIn(page, E2E_ADMIN.username, E2E_ADMIN.password);
  await expect(page).toHaveURL('/internal/accounts');
  await page.goto(HS_CODES_PATH);
  await page.getByRole('textbox', { name: 'Filter' }).fill(hsCode.hs_code);
  await row(page, hsCode.hs_code).click();
  await expect(page.getByRole('textbox', { name: /^HS Code/ })).toHaveValue(hsCode.hs_code);
  await page.getByRole('button', { name: 'Delete' }).click();

  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText(`Do you want to delete the HS code ${hsCode.hs_code}?`);
  await shot(page, 'admin-hs-codes-delete-confirm');
  await dialog.getByRole('button', { name: 'Delete' }).click();

  await expectToast(page, 'Successfully deleted');
  await expect(dialog).toBeHidden();
  await expect(row(page, hsCode.hs_code)).toHaveCount(0);
  await expect(page.getByText('No data.')).toBeVisible();
  await expect(page.getByRole('textbox', { name: /^HS Code/ })).toHaveValue('');
});

test('account users and operators look the HS codes up but have no form', async ({ page, request }) => {
  const admin = await Api.admin(request);
  const hsCode = await admin.createHsCode();
  const account = await admin.createAccount();
  const seller = await admin.createReadyUser(0, account.sid);
  const operator = await admin.createReadyUser(1, null);

  for (const [role, user] of [
    ['account', seller],
    ['operator', operator],
  ] as const) {
    await test.step(`as ${role}`, async () => {
      await signIn(page, user.username, user.password);
      await expect(mainNav(page)).toBeVisible();
      // No navigation entry leads here (spec §2 Layouts); the Item Declarations page links to it.
      await mainNav(page).getByRole('link', { name: 'Item Declarations' }).click();
      await page.getByRole('link', { name: 'HS codes' }).click();
      await expect(page).toHaveURL(HS_CODES_PATH);
      await expect(page.getByRole('heading', { name: 'Hs Codes' })).toBeVisible();

      await page.getByRole('textbox', { name: 'Filter' }).fill(hsCode.hs_code);
      const table = page.getByRole('table');
      await expect(dataRows(table)).toHaveCount(1);
      await expect(dataRows(table).first().getByRole('cell')).toHaveText([
        hsCode.hs_code,
        hsCode.description,
      ]);

      await expect(page.getByRole('textbox', { name: /^HS Code/ })).toHaveCount(0);
      await expect(page.getByRole('textbox', { name: /^Description/ })).toHaveCount(0);
      for (const button of ['Add', 'Update', 'Delete', 'Clear']) {
        await expect(page.getByRole('button', { name: button, exact: true })).toHaveCount(0);
      }
      // Clicking a row loads nothing for them.
      await row(page, hsCode.hs_code).click();
      await expect(page.getByRole('textbox', { name: /^HS Code/ })).toHaveCount(0);
      await shot(page, `${role}-hs-codes`);

      await headerSignOut(page).click();
      await expect(page).toHaveURL(/\/login/);
    });
  }
});
