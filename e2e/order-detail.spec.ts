/**
 * Issue items 2, 3 and 5: a seller places an order by choosing one of the account's declared SKUs (the item is
 * filled from the declaration and the price follows), the order view leads with a readable summary, and an admin
 * who re-weighs sees the new price and the credit difference before saving, then the ledger row it wrote.
 * The journeys follow one order, so they run in order.
 */
import { expect, type Page, test } from '@playwright/test';
import { Api, unique } from './support/api.ts';
import { axeFindings, describeFindings } from './support/axe.ts';
import { E2E_ADMIN } from './support/constants.ts';
import { billedAccount } from './support/seed.ts';
import { choose, expectToast, row, shot, signIn } from './support/ui.ts';

test.describe.configure({ mode: 'serial' });

/** 0–500 g, 501–1000 g and 1001–5000 g, in VND (the account's credit unit) and USD. */
const PRICE_ROWS = [
  [500, 100000, 4],
  [1000, 150000, 6],
  [5000, 400000, 16],
] as const;

const DESKTOP = { width: 1440, height: 900 };
const PHONE = { width: 390, height: 844 };

const shared = {
  accountSid: '',
  orderSid: '',
  orderNumber: unique('E2E-SKU-'),
  sku: unique('MUG-'),
  seller: { username: '', password: '' },
};

/** The same screen at desktop and phone widths, back at desktop afterwards. */
async function shotBoth(page: Page, name: string) {
  await page.setViewportSize(DESKTOP);
  await shot(page, `${name}-1440`);
  await page.setViewportSize(PHONE);
  await shot(page, `${name}-390`);
  await page.setViewportSize(DESKTOP);
}

async function expectNoAxeFindings(page: Page, name: string) {
  const findings = await axeFindings(page, name);
  expect(findings, describeFindings(findings)).toEqual([]);
}

test.beforeAll(async ({ request }) => {
  const { admin, account } = await billedAccount(request, PRICE_ROWS);
  // 700 g, 10 × 12 × 10 cm: chargeable 700 g, in the 1,000 g row.
  await admin.call('POST', '/item_declarations', {
    account_sid: account.sid,
    skuNumber: shared.sku,
    name: 'Red mug',
    refName: 'Coc do',
    itemDescription: 'Ceramic mug, red',
    itemWeight: 700,
    itemWidth: 10,
    itemHeight: 12,
    itemLength: 10,
    can_combine: false,
  });
  const seller = await admin.createReadyUser(0, account.sid);
  shared.accountSid = account.sid;
  shared.seller = { username: seller.username, password: seller.password };
});

test('a seller places an order by choosing a declared SKU and sees its price', async ({ page }) => {
  await page.setViewportSize(DESKTOP);
  await signIn(page, shared.seller.username, shared.seller.password);
  await expect(page).toHaveURL(/\/internal\//);
  await page.goto('/internal/orders/add');
  await expect(page.getByRole('heading', { level: 1, name: 'Add order' })).toBeVisible();
  await expect(page).toHaveTitle(/Add order/);

  await page.getByRole('textbox', { name: /^Order number/ }).fill(shared.orderNumber);
  const customer = {
    Name: 'Nguyen Van B',
    'Address 1': '9200 Bolsa Ave',
    City: 'Westminster',
    'ZIP code': '92683',
  };
  for (const [label, value] of Object.entries(customer)) {
    await page.getByRole('textbox', { name: new RegExp(`^${label}`) }).fill(value);
  }
  await choose(page, page.getByRole('combobox', { name: /^State/ }), 'CA – California');

  await test.step('typing in SKU offers the declared SKUs; choosing one fills the item', async () => {
    const item = page.getByRole('group', { name: 'Item 1' });
    await item.getByRole('combobox', { name: /^SKU/ }).pressSequentially(shared.sku.slice(0, 6));
    const option = page.getByRole('option', { name: new RegExp(shared.sku) });
    await expect(option).toContainText('Ceramic mug, red');
    await shot(page, 'order-add-sku-suggestions');
    await option.click();
    await expect(item.getByRole('combobox', { name: /^SKU/ })).toHaveValue(shared.sku);
    await expect(item.getByRole('textbox', { name: 'Description' })).toHaveValue('Ceramic mug, red');
    await expect(item.getByRole('textbox', { name: 'Weight (g)' })).toHaveValue('700');
    await expect(item.getByRole('textbox', { name: 'Height (cm)' })).toHaveValue('12');
    await expect(page.getByTestId('chargeable-weight')).toHaveText('0.70 kg');
    await expect(page.getByTestId('order-price')).toHaveText('150,000 VND · 6.00 USD');
    await expectNoAxeFindings(page, 'order add');
    await shotBoth(page, 'order-add-declared-sku');
  });

  await test.step('Place order opens the view, which leads with the summary', async () => {
    await page.getByRole('button', { name: 'Place order' }).click();
    await expectToast(page, 'Successfully ordered items');
    await expect(page).toHaveURL(/\/internal\/orders\/[^/]+\/view$/);
    shared.orderSid = new URL(page.url()).pathname.split('/')[3] ?? '';
    await expect(page.getByRole('heading', { level: 1, name: `Order ${shared.orderNumber}` })).toBeVisible();
    await expect(page.getByTestId('order-summary-price')).toHaveText('150,000 VND6.00 USD');
    await expect(page.getByTestId('order-summary-weight')).toHaveText('0.70 kg');
    await expect(page.getByRole('region', { name: 'Customer' })).toContainText('Nguyen Van B');
    await expect(page.getByRole('region', { name: 'Manifest' })).toHaveCount(0);
    await expect(row(page, 'Order charge')).toContainText('-150,000 VND');
    await expect(page.getByRole('list', { name: /^Tracking events of/ })).toContainText('Order created');
    await expectNoAxeFindings(page, 'order view (seller)');
    await shotBoth(page, 'order-view-seller');
  });
});

test('an admin re-weighs: the difference shows before saving, the ledger row after', async ({
  page,
  request,
}) => {
  const admin = await Api.admin(request);
  await page.setViewportSize(DESKTOP);
  await signIn(page, E2E_ADMIN.username, E2E_ADMIN.password);
  await expect(page).toHaveURL('/internal/accounts');
  await page.goto(`/internal/orders/${shared.orderSid}/view`);
  await expect(page.getByRole('heading', { level: 1, name: `Order ${shared.orderNumber}` })).toBeVisible();

  await page.getByRole('button', { name: 'Edit weight' }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit weight' });
  await expect(dialog).toContainText('Now 700 g (0.70 kg).');
  await dialog.getByRole('textbox', { name: /^Weight \(g\)/ }).fill('2000');
  await expect(dialog.getByTestId('reweigh-weight')).toHaveText('2.00 kg');
  await expect(dialog.getByTestId('reweigh-price')).toHaveText('400,000 VND · 16.00 USD');
  await expect(dialog.getByTestId('reweigh-difference')).toHaveText('250,000 VND more will be charged');
  // Nothing is charged before the save.
  expect(await admin.creditBalance(shared.accountSid)).toBe(850000);
  await expectNoAxeFindings(page, 'edit weight dialog');
  await shot(page, 'order-reweigh-preview');

  await dialog.getByRole('button', { name: 'Save' }).click();
  await expectToast(page, 'Weight updated');
  await expect(dialog).toBeHidden();
  const ledger = page.getByRole('table', { name: 'Credit entries of this order' });
  const ledgerRow = ledger.getByRole('row').filter({ hasText: 'Re-weigh' });
  await expect(ledgerRow).toContainText('-250,000 VND');
  await expect(ledgerRow).toContainText('600,000 VND');
  await expect(ledger).toContainText('700 g to 2000 g');
  // The staff's History records the re-weigh too, naming the admin who made it.
  const history = page.getByRole('table', { name: 'History of this order' });
  const reweighed = history.getByRole('row').filter({ hasText: 'Re-weighed' });
  await expect(reweighed).toContainText('Re-weighed 0.70 kg → 2.00 kg');
  await expect(reweighed).toContainText('Credit difference: +250,000 VND');
  await expect(reweighed).toContainText(E2E_ADMIN.username);
  await expect(page.getByTestId('order-summary-price')).toHaveText('400,000 VND16.00 USD');
  expect(await admin.creditBalance(shared.accountSid)).toBe(600000);
  await expectNoAxeFindings(page, 'order view (admin)');
  await shotBoth(page, 'order-view-admin-reweighed');
});
