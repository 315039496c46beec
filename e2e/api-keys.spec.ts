/**
 * Spec §2 Accounts (API keys on the edit page), §7 API keys, §8 toasts: an account user makes a key, their
 * program uses it for their own account only, and deleting it ends its use.
 */
import { expect, test } from '@playwright/test';
import { Api } from './support/api.ts';
import { clipboardText } from './support/browser.ts';
import { expectToast, mainNav, row, shot, signIn } from './support/ui.ts';

test('an account user creates an API key, uses it for their own account only, then deletes it', async ({
  page,
  request,
  context,
}) => {
  const admin = await Api.admin(request);
  const account = await admin.createAccount();
  const other = await admin.createAccount();
  const seller = await admin.createReadyUser(0, account.sid);
  const asKey = (token: string) => ({ headers: { authorization: `Bearer ${token}` } });

  await signIn(page, seller.username, seller.password);
  await expect(page).toHaveURL(`/internal/accounts/${account.sid}/edit`);
  // Reached from the navigation as well: the Accounts entry is their own account.
  await mainNav(page).getByRole('link', { name: 'Accounts' }).click();
  await expect(page).toHaveURL(`/internal/accounts/${account.sid}/edit`);
  await expect(page.getByRole('heading', { name: 'API keys' })).toBeVisible();
  const keysTable = page.getByRole('table').filter({ has: page.getByRole('columnheader', { name: 'Key' }) });
  await expect(keysTable).toContainText('No data.');

  let token = '';
  await test.step('the token is shown once, in the modal', async () => {
    await page.getByRole('button', { name: 'Create API key' }).click();
    await expectToast(page, 'API key created');
    const modal = page.getByRole('dialog', { name: 'New API key' });
    await expect(modal).toContainText('Copy this key now. It will not be shown again.');
    token = ((await modal.getByTestId('api-key-token').textContent()) ?? '').trim();
    expect(token.length).toBeGreaterThan(20);
    await shot(page, 'account-api-key-created');

    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await modal.getByRole('button', { name: 'Copy' }).click();
    await expectToast(page, 'Copied to clipboard');
    await expect(modal.getByRole('button', { name: 'Copied' })).toBeVisible();
    expect(await clipboardText(page)).toBe(token);

    await modal.getByRole('button', { name: 'Done' }).click();
    await expect(modal).toBeHidden();
    await expect(page.getByText(token)).toHaveCount(0);
  });

  await test.step('the key reads its own account and nothing else', async () => {
    const own = await request.get(`/api/v1/accounts/${account.sid}`, asKey(token));
    expect(own.status()).toBe(200);
    expect(((await own.json()) as { name: string }).name).toBe(account.name);

    const foreign = await request.get(`/api/v1/accounts/${other.sid}`, asKey(token));
    expect(foreign.status()).toBe(403);
  });

  const [key] = await admin.call<{ sid: string; token_hint: string }[]>(
    'GET',
    `/keys?account_sid=${account.sid}`,
  );
  const hint = key?.token_hint ?? '';
  await test.step('the keys table shows the hint, not the token', async () => {
    expect(hint).not.toBe('');
    expect(token).not.toContain(hint);
    // The hint is the token's start and end.
    const [start = '', end = ''] = hint.split('…');
    expect(token.startsWith(start) && token.endsWith(end)).toBe(true);

    await page.reload();
    await expect(row(page, hint)).toBeVisible();
    await expect(keysTable.getByRole('row')).toHaveCount(2);
    // The call just made counts as a use.
    await expect(row(page, hint)).not.toContainText('Never');
    await expect(page.getByText(token)).toHaveCount(0);
    await shot(page, 'account-api-keys-list');
  });

  await test.step('deleting the key ends its use', async () => {
    await row(page, hint).getByRole('button', { name: 'Delete' }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toContainText(`Do you want to delete the API key ${hint}?`);
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await expectToast(page, 'API key deleted');
    await expect(row(page, hint)).toHaveCount(0);
    await expect(keysTable).toContainText('No data.');
    await shot(page, 'account-api-key-deleted');

    const after = await request.get(`/api/v1/accounts/${account.sid}`, asKey(token));
    expect(after.status()).toBe(401);
  });
});
