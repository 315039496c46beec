/**
 * Spec §2 Scan Orders tab 1: an admin at the hub bench scans parcels with a handheld scanner (typed fast into
 * the page, no field focused), one of them twice and one unknown barcode, and types the last one into the
 * barcode field; the banner answers each scan in its colour (green received, amber already received, red
 * unknown), the session counts follow, the table lists each barcode once, and Download Report gives
 * scanned_orders.xlsx with the orders' rows.
 */
import { expect, test } from '@playwright/test';
import { unique } from './support/api.ts';
import { axeFindings, describeFindings } from './support/axe.ts';
import { E2E_ADMIN } from './support/constants.ts';
import { scanCode } from './support/scanner.ts';
import { billedSeller, placeHcmOrders } from './support/seed.ts';
import { dataRows, downloadFrom, openScanOrders, shot, signInOnDesktop } from './support/ui.ts';
import { readWorkbook } from './support/workbooks.ts';

const PRICE_ROWS = [[5000, 100000, 4]] as const;

/** A handheld scanner reads the code (its keys in one burst, as a scanner sends them). */
const scan = scanCode;

test('an admin scans parcels at the hub and downloads scanned_orders.xlsx', async ({ page, request }) => {
  const { sellerApi } = await billedSeller(request, PRICE_ROWS);
  const orders = await placeHcmOrders<{ barcode: string; orderNumber: string; weight: number }>(
    sellerApi,
    unique('SCAN-'),
    ['Scan Customer 1', 'Scan Customer 2'],
  );
  const [first, second] = orders as [(typeof orders)[0], (typeof orders)[0]];
  const unknown = unique('NOPE').toUpperCase();

  await signInOnDesktop(page, E2E_ADMIN);
  await openScanOrders(page);
  const banner = page.getByTestId('scan-banner');
  const table = page.getByRole('table', { name: 'Scanned orders' });
  const report = page.getByRole('button', { name: 'Download Report' });
  const expectCounts = async (received: number, already: number, refused: number) => {
    await expect(page.getByTestId('scan-count-received')).toHaveText(String(received));
    await expect(page.getByTestId('scan-count-already')).toHaveText(String(already));
    await expect(page.getByTestId('scan-count-refused')).toHaveText(String(refused));
  };
  await expect(report).toBeDisabled();
  expect(describeFindings(await axeFindings(page, 'scan orders, empty'))).toBe('');

  await test.step('a new parcel: green banner, the order shown, one row', async () => {
    await scan(page, first.barcode.toLowerCase());
    await expect(banner).toHaveAttribute('data-outcome', 'success');
    await expect(banner).toHaveAttribute('data-code', 'RECEIVED');
    await expect(banner).toContainText(`Received ${first.barcode}`);
    await expect(page.getByTestId('scan-order')).toContainText(first.orderNumber);
    await expectCounts(1, 0, 0);
    await expect(dataRows(table)).toHaveCount(1);
    await expect(dataRows(table).first()).toContainText('Scanned');
  });

  await test.step('the same parcel again: amber, when and where it was received, not added', async () => {
    await scan(page, first.barcode);
    await expect(banner).toHaveAttribute('data-outcome', 'warning');
    await expect(banner).toHaveAttribute('data-code', 'ALREADY_RECEIVED');
    await expect(banner).toContainText('Already received at SGN hub');
    await expect(dataRows(table)).toHaveCount(1);
    await expectCounts(1, 1, 0);
  });

  await test.step('an unknown barcode: red banner, the order cleared, the barcode listed with why', async () => {
    await scan(page, unknown);
    await expect(banner).toHaveAttribute('data-outcome', 'error');
    await expect(banner).toHaveAttribute('data-code', 'NOT_FOUND');
    await expectCounts(1, 1, 1);
    await expect(page.getByTestId('scan-order')).toHaveCount(0);
    await expect(dataRows(table)).toHaveCount(2);
    await expect(dataRows(table).nth(1)).toContainText(`No order found with barcode ${unknown}`);
    await shot(page, 'scan-orders-failure');
  });

  await test.step('a second parcel typed into the barcode field, then the table survives a reload', async () => {
    const field = page.getByTestId('scan-manual-input');
    await field.fill(second.barcode);
    await field.press('Enter');
    await expect(banner).toHaveAttribute('data-outcome', 'success');
    await expect(field).toHaveValue('');
    await expect(dataRows(table)).toHaveCount(3);
    await expectCounts(2, 1, 1);
    await shot(page, 'scan-orders');
    expect(describeFindings(await axeFindings(page, 'scan orders, three rows'))).toBe('');
    await page.reload();
    await expect(dataRows(table)).toHaveCount(3);
    await expectCounts(2, 1, 1);
  });

  await test.step('Download Report: scanned_orders.xlsx with the rows', async () => {
    const download = await downloadFrom(page, report);
    expect(download.suggestedFilename()).toBe('scanned_orders.xlsx');
    const rows = await readWorkbook(await download.path());
    expect(rows[0]).toEqual(['Id', 'Order number', 'Barcode', 'Status', 'Reason', 'Weight in grams']);
    // Empty cells read back as holes in the row: Array.from turns them into nulls.
    expect(rows.slice(1).map((row) => Array.from(row.slice(0, 4), (cell) => cell ?? null))).toEqual([
      [1, first.orderNumber, first.barcode, 'Scanned'],
      [2, null, unknown, null],
      [3, second.orderNumber, second.barcode, 'Scanned'],
    ]);
    expect(rows[1]?.[5]).toBe(first.weight);
    expect(rows[2]?.[4]).toBe(`No order found with barcode ${unknown}`);
  });

  await test.step('the public tracking shows the hub event', async () => {
    const events = await request.get(`/api/v1/tracking?filter=${first.barcode}`);
    const descriptions = ((await events.json()) as { description: string; location: string }[]).map(
      (event) => `${event.description} / ${event.location}`,
    );
    expect(descriptions.filter((text) => text === 'Received at SGN hub / Sai Gon')).toHaveLength(1);
  });
});
