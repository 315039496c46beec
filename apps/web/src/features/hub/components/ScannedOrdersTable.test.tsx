import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../test/render.tsx';
import { screenOf } from '../../../test/screen.ts';
import { ScannedOrdersTable } from './ScannedOrdersTable.tsx';

const rows = [
  { orderNumber: 'ORD-1', barcode: 'PO123456789', status: 1, reason: null, weight: 1250 },
  {
    orderNumber: null,
    barcode: 'NOPE',
    status: null,
    reason: 'No order found with barcode NOPE',
    weight: null,
  },
];

const headers = () => within(screen.getByTestId('scan-table')).getAllByRole('columnheader');

describe('ScannedOrdersTable', () => {
  it('shows the six columns of the spec on a wide screen', () => {
    screenOf('desktop');
    renderWithProviders(<ScannedOrdersTable rows={rows} />);

    expect(headers().map((cell) => cell.textContent)).toEqual([
      'Id',
      'Order number',
      'Barcode',
      'Status',
      'Reason',
      'Weight in grams',
    ]);
  });

  it('folds them into three on a phone, keeping every value, so nothing scrolls sideways', () => {
    screenOf('phone');
    renderWithProviders(<ScannedOrdersTable rows={rows} />);

    expect(headers().map((cell) => cell.textContent)).toEqual(['Id', 'Barcode', 'Status']);
    const [first, second] = within(screen.getByTestId('scan-table')).getAllByRole('row').slice(1);
    expect(first).toHaveTextContent('PO123456789ORD-1 · 1,250 gScanned');
    expect(second).toHaveTextContent('NOPENo order found with barcode NOPE');
    expect(screen.getByRole('group', { name: 'Scanned orders' })).toHaveAttribute('tabindex', '0');
  });
});
