import { Role } from '@parcelops/shared';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { formatters } from '../../../i18n/format.ts';
import { stubFetch } from '../../../test/fetch.ts';
import { orderItem } from '../../../test/order-fixtures.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { signInAs } from '../../../test/session.ts';
import { playScanTone } from '../../station/index.ts';
import { ROWS_KEY, TALLY_KEY } from '../hooks/use-scan-session.ts';
import {
  batchReply,
  RECEIVED_AT,
  refusedVerdict,
  scansSent,
  scanVerdict,
  stubScans,
} from '../testing/scan-fixtures.ts';
import { ScanOrdersPage } from './ScanOrdersPage.tsx';

vi.mock('../../station/scan-tones.ts', () => ({ playScanTone: vi.fn() }));
const tone = vi.mocked(playScanTone);

/** A handheld scanner: the code's characters and Enter in quick succession, on no particular element. */
function scanCode(code: string) {
  for (const key of [...code, 'Enter']) fireEvent.keyDown(document.body, { key });
}

const banner = () => screen.getByTestId('scan-banner');
const tableRows = () => within(screen.getByTestId('scan-table')).getAllByRole('row').slice(1);
const counts = () => [
  screen.getByTestId('scan-count-received').textContent,
  screen.getByTestId('scan-count-already').textContent,
  screen.getByTestId('scan-count-refused').textContent,
];
const when = formatters('en').shortDateTime(RECEIVED_AT);

/** Waits until the banner answers `barcode` with `code`. */
async function verdict(code: string) {
  await waitFor(() => expect(banner()).toHaveAttribute('data-code', code));
}

describe('ScanOrdersPage', () => {
  beforeEach(() => {
    signInAs(Role.admin);
    tone.mockClear();
  });
  afterEach(() => vi.useRealTimers());

  it('receives a parcel, flags a rescan amber with when and where, and stops at an unknown barcode', async () => {
    const fetchMock = stubScans({
      PO1: [
        scanVerdict('RECEIVED', {
          barcode: 'PO1',
          orderNumber: 'ORD-1',
          weight: 1250,
          items: [
            orderItem(),
            orderItem({ sid: 'item-2', skuNumber: 'SKU-MUG', quantity: 1, itemDescription: null }),
          ],
        }),
        scanVerdict('ALREADY_RECEIVED', { barcode: 'PO1', orderNumber: 'ORD-1' }),
      ],
    });
    renderWithProviders(<ScanOrdersPage />);
    expect(screen.getByRole('heading', { level: 1, name: 'Scan Orders' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Download Report' })).toBeDisabled();
    expect(banner()).toHaveTextContent('Ready to scan');
    expect(counts()).toEqual(['0', '0', '0']);

    scanCode('po1');
    await verdict('RECEIVED');
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/v1/orders/scan/batch');
    expect(scansSent(fetchMock)[0]).toMatchObject({ barcode: 'PO1', hub: 'SGN' });
    expect(banner()).toHaveAttribute('data-outcome', 'success');
    expect(banner()).toHaveTextContent('Received PO1');
    expect(banner()).toHaveTextContent('Order ORD-1: received at this hub now.');
    expect(tone).toHaveBeenLastCalledWith('success');

    // The last order as a bench reads it: no field names, no JSON.
    const card = screen.getByTestId('scan-order');
    expect(within(card).getByTestId('scan-order-barcode')).toHaveTextContent('PO1');
    expect(within(card).getByTestId('scan-order-number')).toHaveTextContent('ORD-1');
    expect(within(card).getByTestId('scan-order-weight')).toHaveTextContent('1.25 kg');
    expect(card).toHaveTextContent('Austin, TX, US, 73301');
    expect(card).toHaveTextContent('Seller One');
    expect(within(card).getByTestId('scan-order-items')).toHaveTextContent(
      'SKU-TEE × 2 · Cotton T-shirtSKU-MUG × 1',
    );
    expect(within(card).getByTestId('scan-order-status')).toHaveTextContent('Scanned');
    expect(card).not.toHaveTextContent('account_sid');

    scanCode('PO1');
    await verdict('ALREADY_RECEIVED');
    expect(banner()).toHaveAttribute('data-outcome', 'warning');
    expect(banner()).toHaveTextContent(`Already received at SGN hub, ${when}`);
    expect(tone).toHaveBeenLastCalledWith('warning');
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(tableRows()).toHaveLength(1);

    scanCode('NOPE');
    await verdict('NOT_FOUND');
    expect(banner()).toHaveAttribute('data-outcome', 'error');
    expect(banner()).toHaveTextContent('Not found NOPE');
    expect(banner()).toHaveTextContent('No order has this barcode. Set the parcel aside.');
    expect(tone).toHaveBeenLastCalledWith('error');
    // The shown order is cleared; the barcode is listed with the server's reason.
    expect(screen.queryByTestId('scan-order')).not.toBeInTheDocument();
    expect(tableRows()).toHaveLength(2);
    expect(tableRows()[1]).toHaveTextContent('No order found with barcode NOPE');
    expect(screen.getByRole('button', { name: 'Download Report' })).toBeEnabled();
    expect(counts()).toEqual(['1', '1', '1']);
  });

  it("gives every verdict its colour and its own words, not the server's", async () => {
    const cases = [
      {
        reply: scanVerdict('RECEIVED_AT_OTHER_HUB', { barcode: 'B1' }, { hub: 'HAN' }),
        outcome: 'error',
        words: ["Other hub's parcel B1", `Received at HAN hub, ${when}, not here. Set it aside and check.`],
      },
      {
        reply: scanVerdict('IN_MANIFEST', { barcode: 'B2', orderNumber: 'ORD-2', status: 2 }),
        outcome: 'warning',
        words: ['In a manifest B2', 'Order ORD-2 is already loaded in an air manifest.'],
      },
      {
        reply: scanVerdict('DEPARTED', { barcode: 'B3', orderNumber: 'ORD-3', status: 3 }),
        outcome: 'warning',
        words: ['Departed B3', 'Order ORD-3: its manifest was filed, the parcel should have left.'],
      },
      {
        reply: scanVerdict('DELIVERED', { barcode: 'B4', orderNumber: 'ORD-4', status: 4 }),
        outcome: 'warning',
        words: ['Delivered B4', 'Order ORD-4 was delivered: it should not be at a hub.'],
      },
      {
        reply: scanVerdict('FAILED', { barcode: 'B5', status: 5, reason: 'Address unreachable' }),
        outcome: 'error',
        words: ['Failed B5', 'Reason: Address unreachable. Set it aside.'],
      },
      {
        reply: scanVerdict('ORDER_FAILED', {
          barcode: 'B6',
          status: 10,
          reason: 'Carrier refused the address',
        }),
        outcome: 'error',
        words: ['Order Failed B6', 'Never accepted. Reason: Carrier refused the address. Set it aside.'],
      },
      {
        reply: scanVerdict('FAILED', { barcode: 'B7', status: 5, reason: null }),
        outcome: 'error',
        words: ['Failed B7', 'Reason: not given. Set it aside.'],
      },
    ];
    stubScans(Object.fromEntries(cases.map(({ reply }) => [reply.barcode, reply])));
    renderWithProviders(<ScanOrdersPage />);
    for (const { reply, outcome, words } of cases) {
      scanCode(reply.barcode);
      await waitFor(() => expect(banner()).toHaveTextContent(words[0] ?? ''));
      expect(banner()).toHaveAttribute('data-code', reply.code);
      expect(banner()).toHaveAttribute('data-outcome', outcome);
      expect(banner()).toHaveTextContent(words[1] ?? '');
      expect(banner()).not.toHaveTextContent("The server's own words");
      expect(tone).toHaveBeenLastCalledWith(outcome);
    }
    // Red ones are refused, amber ones already in.
    expect(counts()).toEqual(['0', '3', '4']);
  });

  it('says a scan refused for another reason was not checked, in red', async () => {
    stubFetch((request) =>
      batchReply(request, ({ barcode }) =>
        refusedVerdict(barcode, 'CONFLICT', 'The parcel is being changed by another scan.'),
      ),
    );
    renderWithProviders(<ScanOrdersPage />);
    scanCode('PO9');
    await verdict('LOOKUP_FAILED');
    expect(banner()).toHaveAttribute('data-outcome', 'error');
    expect(banner()).toHaveTextContent('Not checked PO9');
    expect(banner()).toHaveTextContent('The parcel is being changed by another scan. Scan it again.');
  });

  it('plays no tone when muted', async () => {
    stubScans({ PO1: scanVerdict('RECEIVED') });
    const { user } = renderWithProviders(<ScanOrdersPage />);
    await user.click(screen.getByRole('switch', { name: 'Mute tones' }));
    scanCode('PO1');
    await verdict('RECEIVED');
    expect(tone).not.toHaveBeenCalled();
  });

  it('takes the first scans whole while the page is still opening and mounts again', async () => {
    const fetchMock = stubScans({
      PO0000000009: scanVerdict('RECEIVED', { barcode: 'PO0000000009' }),
      PO0000000201: scanVerdict('RECEIVED', { barcode: 'PO0000000201' }),
    });
    // The scanner fires while the page renders: its first keys arrive before the station listens ...
    for (const key of 'PO00') fireEvent.keyDown(document.body, { key });
    const opening = renderWithProviders(<ScanOrdersPage />);
    // ... and the route renders the page anew once its chunk is in (lazy-page.tsx): the station mounts again.
    opening.unmount();
    renderWithProviders(<ScanOrdersPage />);
    scanCode('00000009');
    await verdict('RECEIVED');
    expect(banner()).toHaveTextContent('Received PO0000000009');
    // A whole code completed in the moment between the two mounts is not lost either.
    cleanup();
    scanCode('PO0000000201');
    renderWithProviders(<ScanOrdersPage />);
    await waitFor(() => expect(banner()).toHaveTextContent('Received PO0000000201'));
    expect(scansSent(fetchMock).map(({ barcode, hub }) => `${barcode} ${hub}`)).toEqual([
      'PO0000000009 SGN',
      'PO0000000201 SGN',
    ]);
  });

  it('looks up a typed barcode on Enter, empties the field, and never submits it twice', async () => {
    const fetchMock = stubScans({ PO2: scanVerdict('RECEIVED', { barcode: 'PO2', orderNumber: 'ORD-2' }) });
    const { user } = renderWithProviders(<ScanOrdersPage />);
    const field = screen.getByTestId('scan-manual-input');
    await user.type(field, 'po2{Enter}');
    await verdict('RECEIVED');
    expect(field).toHaveValue('');
    expect(fetchMock).toHaveBeenCalledOnce();
    expect(scansSent(fetchMock)).toMatchObject([{ barcode: 'PO2', hub: 'SGN' }]);
    expect(screen.getByTestId('scan-order')).toHaveTextContent('ORD-2');

    // A blank field submits nothing.
    await user.type(field, '   {Enter}');
    expect(fetchMock).toHaveBeenCalledOnce();
  });

  it('keeps the table and the counts across a reload until both are cleared, after a confirmation', async () => {
    stubScans({
      PO1: scanVerdict('RECEIVED', { barcode: 'PO1', orderNumber: 'ORD-1' }),
      PO2: scanVerdict('DELIVERED', { barcode: 'PO2', orderNumber: 'ORD-2' }),
    });
    const first = renderWithProviders(<ScanOrdersPage />);
    scanCode('PO1');
    await verdict('RECEIVED');
    scanCode('PO2');
    await verdict('DELIVERED');
    scanCode('PO3');
    await verdict('NOT_FOUND');
    first.unmount();

    const { user } = renderWithProviders(<ScanOrdersPage />);
    expect(tableRows()).toHaveLength(3);
    expect(tableRows()[0]).toHaveTextContent('ORD-1');
    expect(counts()).toEqual(['1', '1', '1']);

    await user.click(screen.getByRole('button', { name: 'Clear' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Clear' }));
    await waitFor(() => expect(screen.queryByTestId('scan-table')).not.toBeInTheDocument());
    expect(counts()).toEqual(['0', '0', '0']);
    expect(JSON.parse(window.sessionStorage.getItem(ROWS_KEY) ?? 'null')).toEqual([]);
    expect(JSON.parse(window.sessionStorage.getItem(TALLY_KEY) ?? 'null')).toEqual({
      received: 0,
      alreadyIn: 0,
      refused: 0,
    });
  });

  it('remembers the hub on this device and scans at it', async () => {
    const fetchMock = stubScans({ PO2: scanVerdict('RECEIVED', { barcode: 'PO2' }) });
    const first = renderWithProviders(<ScanOrdersPage />);
    await first.user.click(screen.getByText('Ha Noi (HAN)'));
    first.unmount();
    renderWithProviders(<ScanOrdersPage />);
    scanCode('PO2');
    await verdict('RECEIVED');
    expect(scansSent(fetchMock)).toMatchObject([{ barcode: 'PO2', hub: 'HAN' }]);
  });
});

describe('ScanOrdersPage for an operator', () => {
  it('opens for an operator, on the tab the address names', async () => {
    signInAs(Role.operator);
    stubFetch(() => undefined);
    const { user } = renderWithProviders(<ScanOrdersPage />, { route: '/internal/scan_orders?tab=status' });
    expect(screen.getByRole('heading', { level: 1, name: 'Scan Orders' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Update Orders Status' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    expect(screen.getByRole('combobox', { name: 'Status' })).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'Scan Orders' }));
    expect(screen.getByTestId('scan-banner')).toBeInTheDocument();
  });
});
