/**
 * Issue 21 item 2: a refused scan's row keeps the server's text (or that the server could not be reached), not
 * its words of the moment, so the table reads in the language chosen now, however long ago the scan was.
 */
import { act, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { changeLanguage } from '../../../i18n/i18n.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import type { ScanRow } from '../hooks/use-scan-session.ts';
import { ScannedOrdersTable } from './ScannedOrdersTable.tsx';

const rows: ScanRow[] = [
  {
    orderNumber: null,
    barcode: 'NOPE1',
    status: null,
    weight: null,
    reason: 'No order found with barcode NOPE1',
    reasonText: { key: 'hub.scan.notFound', params: { barcode: 'NOPE1' } },
  },
  {
    orderNumber: null,
    barcode: 'PO2',
    status: null,
    weight: null,
    reason: 'Failed to fetch',
    unreachable: true,
  },
  { orderNumber: 'ORD-3', barcode: 'PO3', status: 5, weight: 400, reason: 'Parcel damaged' },
];

const reasons = () =>
  within(screen.getByTestId('scan-table'))
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row).getAllByRole('cell')[4]?.textContent);

describe('ScannedOrdersTable in both languages', () => {
  afterEach(async () => {
    await changeLanguage('en');
  });

  it("shows the server's reasons in the chosen language, following the switch", async () => {
    await changeLanguage('vi');
    renderWithProviders(<ScannedOrdersTable rows={rows} />);
    expect(reasons()).toEqual([
      'Không tìm thấy đơn hàng có mã vạch NOPE1',
      'Không thể kết nối tới máy chủ',
      // An operator's own words stay as they were typed.
      'Parcel damaged',
    ]);

    await act(() => changeLanguage('en'));
    expect(reasons()).toEqual([
      'No order found with barcode NOPE1',
      'The server cannot be reached',
      'Parcel damaged',
    ]);
  });
});
