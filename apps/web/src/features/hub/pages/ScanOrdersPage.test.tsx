import { type Order, Role } from '@parcelops/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { stubFetch } from '../../../test/fetch.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { signInAs } from '../../../test/session.ts';
import { order as scannedOrder } from '../../orders/testing/order-fixtures.ts';
import { ROWS_KEY } from '../hooks/use-scan-session.ts';
import { ScanOrdersPage } from './ScanOrdersPage.tsx';

const order = (barcode: string, orderNumber: string): Order =>
  scannedOrder({ sid: `sid-${barcode}`, orderNumber, barcode, status: 1, items: [] });

/** A handheld scanner: the code's characters and Enter in quick succession, on no particular element. */
function scanCode(code: string) {
  for (const key of [...code, 'Enter']) fireEvent.keyDown(document.body, { key });
}

const ORDERS: Record<string, Order> = { PO1: order('PO1', 'ORD-1'), PO2: order('PO2', 'ORD-2') };

function stubScans() {
  return stubFetch((request) => {
    const code = request.path.match(/^\/orders\/scan\/barcode\/(.+)$/)?.[1];
    if (request.method !== 'GET' || !code) return undefined;
    const found = ORDERS[decodeURIComponent(code)];
    if (found) return { status: 200, body: found };
    return { status: 404, body: { msg: `No order found with barcode ${code}`, code: 'NOT_FOUND' } };
  });
}

const tableRows = () => within(screen.getByTestId('scan-table')).getAllByRole('row').slice(1);

describe('ScanOrdersPage', () => {
  beforeEach(() => {
    signInAs(Role.admin);
    window.sessionStorage.clear();
    window.localStorage.removeItem('parcelops.scan.hub');
  });

  it('scans without a focused field, looks a duplicate up again without adding it, and lists a failure', async () => {
    const fetchMock = stubScans();
    renderWithProviders(<ScanOrdersPage />);
    expect(screen.getByRole('heading', { level: 1, name: 'Scan Orders' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Download Report' })).toBeDisabled();

    scanCode('po1');
    await waitFor(() => expect(screen.getByTestId('scan-banner')).toHaveAttribute('data-outcome', 'success'));
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/v1/orders/scan/barcode/PO1?hub=SGN');
    expect(screen.getByTestId('scan-order')).toHaveTextContent('ORD-1');

    scanCode('PO1');
    await waitFor(() =>
      expect(screen.getByTestId('scan-banner')).toHaveAttribute('data-outcome', 'duplicate'),
    );
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(tableRows()).toHaveLength(1);

    scanCode('NOPE');
    await waitFor(() => expect(screen.getByTestId('scan-banner')).toHaveAttribute('data-outcome', 'failure'));
    // The shown order is cleared; the barcode is listed with the server's reason.
    expect(screen.queryByTestId('scan-order')).not.toBeInTheDocument();
    expect(tableRows()).toHaveLength(2);
    expect(tableRows()[1]).toHaveTextContent('NOPE');
    expect(tableRows()[1]).toHaveTextContent('No order found with barcode NOPE');
    expect(screen.getByRole('button', { name: 'Download Report' })).toBeEnabled();
  });

  it('keeps the table across a reload until it is cleared, after a confirmation', async () => {
    stubScans();
    const first = renderWithProviders(<ScanOrdersPage />);
    scanCode('PO1');
    scanCode('PO2');
    await waitFor(() => expect(tableRows()).toHaveLength(2));
    first.unmount();

    const { user } = renderWithProviders(<ScanOrdersPage />);
    expect(tableRows()).toHaveLength(2);
    expect(tableRows()[0]).toHaveTextContent('ORD-1');

    await user.click(screen.getByRole('button', { name: 'Clear' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Clear' }));
    await waitFor(() => expect(screen.queryByTestId('scan-table')).not.toBeInTheDocument());
    expect(JSON.parse(window.sessionStorage.getItem(ROWS_KEY) ?? 'null')).toEqual([]);
  });

  it('remembers the hub on this device and scans at it', async () => {
    const fetchMock = stubScans();
    const first = renderWithProviders(<ScanOrdersPage />);
    await first.user.click(screen.getByText('Ha Noi (HAN)'));
    first.unmount();
    renderWithProviders(<ScanOrdersPage />);
    scanCode('PO2');
    await waitFor(() => expect(screen.getByTestId('scan-banner')).toHaveAttribute('data-outcome', 'success'));
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/v1/orders/scan/barcode/PO2?hub=HAN');
  });
});
