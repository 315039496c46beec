/**
 * Issue 21 item 2, what the server says in the chosen language: a Vietnamese-language session at the hub sees
 * the server's refusal of an unknown barcode in Vietnamese (and in English once switched back, the row kept),
 * and the public tracking page shows a parcel's events and its hub in Vietnamese, then in English after the
 * language switch there.
 */
import { readFileSync } from 'node:fs';
import { expect, type Page, test } from '@playwright/test';
import { Api, unique } from './support/api.ts';
import { E2E_ADMIN } from './support/constants.ts';
import { scanCode } from './support/scanner.ts';
import { billedSeller, placeHcmOrders } from './support/seed.ts';
import { choose, dataRows, shot, signInOnDesktop } from './support/ui.ts';
import { writeWorkbook } from './support/workbooks.ts';

const PRICE_ROWS = [[5000, 100000, 4]] as const;
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** The language select every layout carries (named "Language", or "Ngôn ngữ" once in Vietnamese). */
const chooseLanguage = (page: Page, language: 'en' | 'vi') =>
  page.getByRole('combobox', { name: /^(Language|Ngôn ngữ)$/ }).selectOption(language);

/** A handheld scanner reads the code (its keys in one burst, as a scanner sends them). */
const scan = scanCode;

test('a Vietnamese-language session at the hub sees the refusal of an unknown barcode in Vietnamese', async ({
  page,
}) => {
  const unknown = unique('NOPE').toUpperCase();
  await signInOnDesktop(page, E2E_ADMIN);
  await chooseLanguage(page, 'vi');
  await page.goto('/internal/scan_orders');
  await expect(page.getByRole('heading', { name: 'Quét đơn hàng', level: 1 })).toBeVisible();
  // The hub picker names the hubs from the server's catalogue, in Vietnamese.
  await expect(
    page.getByRole('radiogroup', { name: 'Kho' }).getByRole('radio', { name: 'Sài Gòn (SGN)' }),
  ).toBeChecked();

  await scan(page, unknown);
  const banner = page.getByTestId('scan-banner');
  await expect(banner).toHaveAttribute('data-code', 'NOT_FOUND');
  const table = page.getByRole('table', { name: 'Đơn hàng đã quét' });
  await expect(dataRows(table).first()).toContainText(`Không tìm thấy đơn hàng có mã vạch ${unknown}`);
  await shot(page, 'i18n-scan-refusal-vi');

  // The row keeps the server's text, not its words of the moment: switched to English, it reads in English.
  await chooseLanguage(page, 'en');
  await expect(page.getByRole('table', { name: 'Scanned orders' })).toBeVisible();
  await expect(dataRows(page.getByRole('table', { name: 'Scanned orders' })).first()).toContainText(
    `No order found with barcode ${unknown}`,
  );
});

test('a Vietnamese-language operator sees a refused status change in Vietnamese', async ({
  page,
  request,
}) => {
  const { admin, sellerApi } = await billedSeller(request, PRICE_ROWS);
  const [order] = await placeHcmOrders<{ barcode: string; orderNumber: string }>(
    sellerApi,
    unique('I18N-ST-'),
    ['Khách Hàng Một'],
  );
  if (!order) throw new Error('no order placed');
  const file = await writeWorkbook(unique('i18n-barcodes-'), [['Barcode'], [order.barcode]]);
  // Delivered is final: setting the order back to Scanned is refused to anyone but an admin giving a reason.
  const delivered = await request.post('/api/v1/orders/status', {
    headers: { authorization: `Bearer ${admin.token}` },
    multipart: {
      status: '4',
      file: { name: 'barcodes.xlsx', mimeType: XLSX, buffer: readFileSync(file) },
    },
  });
  expect(delivered.status(), await delivered.text()).toBe(200);

  const operator = await admin.createReadyUser(1, null);
  await signInOnDesktop(page, operator);
  await chooseLanguage(page, 'vi');
  await page.goto('/internal/scan_orders');
  await page.getByRole('tab', { name: 'Cập nhật trạng thái đơn hàng' }).click();
  await choose(page, page.getByRole('combobox', { name: /^Trạng thái/ }), 'Đã quét');
  await page.getByLabel(/^Tệp Excel mã vạch/).setInputFiles(file);
  await page.getByRole('button', { name: 'Tải lên', exact: true }).click();
  const refused = page.getByTestId('status-preview-refused');
  await expect(refused).toContainText(order.orderNumber);
  await expect(refused).toContainText(
    'Đã giao là trạng thái cuối: chỉ quản trị viên, kèm lý do, mới có thể chuyển đơn ra khỏi trạng thái này.',
  );
  await shot(page, 'i18n-status-refusal-vi');
});

test('the public tracking page shows the events in Vietnamese, then in English after switching', async ({
  page,
  request,
}) => {
  const { sellerApi } = await billedSeller(request, PRICE_ROWS);
  const [order] = await placeHcmOrders<{ barcode: string }>(sellerApi, unique('I18N-TRK-'), ['Người Nhận']);
  if (!order) throw new Error('no order placed');
  await (await Api.admin(request)).call('GET', `/orders/scan/barcode/${order.barcode}?hub=HAN`);

  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto(`/tracking?barcode=${order.barcode}`);
  await chooseLanguage(page, 'vi');
  const events = page.getByRole('table', { name: new RegExp(order.barcode) });
  await expect(events).toContainText('Đã nhận tại kho HAN');
  await expect(events).toContainText('Hà Nội');
  await expect(events).toContainText('Đã tạo đơn hàng');
  await expect(page.getByRole('heading', { level: 2, name: 'Đã nhận tại kho HAN' })).toBeVisible();
  await shot(page, 'i18n-tracking-vi');

  await chooseLanguage(page, 'en');
  await expect(events).toContainText('Received at HAN hub');
  await expect(events).toContainText('Ha Noi');
  await expect(events).toContainText('Order created');
  await expect(events).not.toContainText('Đã nhận');
  await expect(page.getByRole('heading', { level: 2, name: 'Received at HAN hub' })).toBeVisible();
});
