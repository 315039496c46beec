/**
 * Issue 21 item 2, for the admin's catalogues and the credit ledger: in a Vietnamese-language session a refusal
 * (a vendor still in use), a form's own rules (the HS code form) and an order's credit notes read in Vietnamese;
 * the server sent each as a catalogue key and params beside its English msg.
 */
import { expect, type Page, test } from '@playwright/test';
import { Api, unique } from './support/api.ts';
import { E2E_ADMIN } from './support/constants.ts';
import { billedSeller, placeHcmOrders } from './support/seed.ts';
import { row, shot, signInOnDesktop } from './support/ui.ts';

const chooseLanguage = (page: Page, language: 'en' | 'vi') =>
  page.getByRole('combobox', { name: /^(Language|Ngôn ngữ)$/ }).selectOption(language);

test('a Vietnamese-language admin sees a refused deletion and a form’s rules in Vietnamese', async ({
  page,
  request,
}) => {
  const admin = await Api.admin(request);
  const account = await admin.createAccount();
  const { vendor } = await admin.call<{ vendor: string }>('GET', `/accounts/${account.sid}`);

  await signInOnDesktop(page, E2E_ADMIN);
  await chooseLanguage(page, 'vi');
  await page.goto('/internal/vendors');
  await page.getByRole('textbox', { name: 'Lọc' }).fill(vendor);
  await row(page, vendor).getByRole('button', { name: 'Xóa' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Xóa' }).click();
  await expect(page.locator('.mantine-Notification-root')).toContainText(
    `Nhà cung cấp ${vendor} đang được 1 tài khoản sử dụng nên không thể xóa.`,
  );
  await shot(page, 'i18n-vendor-in-use-vi');

  await page.goto('/internal/hs_tariff_codes');
  await page.getByRole('textbox', { name: /Mã HS/ }).fill('61#09');
  await page.getByRole('button', { name: 'Thêm', exact: true }).click();
  await expect(
    page.getByText('Mã HS chỉ được gồm chữ số, chữ cái, dấu chấm và dấu gạch ngang'),
  ).toBeVisible();
  await expect(page.getByText('Mô tả không được để trống')).toBeVisible();
  await shot(page, 'i18n-hs-code-rules-vi');
});

test('a Vietnamese-language seller reads the credit notes of an order in Vietnamese', async ({
  page,
  request,
}) => {
  const { seller, sellerApi } = await billedSeller(request, [[5000, 100000, 4]]);
  const [order] = await placeHcmOrders(sellerApi, unique('I18N-CR-'), ['Khách Tín Dụng']);
  if (!order) throw new Error('no order placed');

  await signInOnDesktop(page, seller);
  await chooseLanguage(page, 'vi');
  await page.goto(`/internal/orders/${order.sid}/view`);
  const entries = page.getByRole('table', { name: 'Các bút toán tín dụng của đơn hàng này' });
  await expect(entries).toContainText(`Đơn hàng ${order.orderNumber}`);
  await entries.scrollIntoViewIfNeeded();
  await shot(page, 'i18n-credit-notes-vi');

  await chooseLanguage(page, 'en');
  await expect(page.getByRole('table', { name: 'Credit entries of this order' })).toContainText(
    `Order ${order.orderNumber}`,
  );
});
