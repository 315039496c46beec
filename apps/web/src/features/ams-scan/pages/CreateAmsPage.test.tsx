import { Role } from '@parcelops/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render.tsx';
import { signInAs } from '../../../test/session.ts';
import { playScanTone } from '../../station/index.ts';
import { ROWS_KEY } from '../hooks/use-ams-scan-session.ts';
import {
  amsOrderReply,
  amsScansSent,
  callsTo,
  MAWB,
  statistic,
  stubAmsServer,
} from '../testing/ams-fixtures.ts';
import { banner, field, pickAmsAndCarton, scanCode, tableRows } from '../testing/ams-page-driver.ts';
import { CreateAmsPage } from './CreateAmsPage.tsx';

vi.mock('../../station/scan-tones.ts', () => ({ playScanTone: vi.fn() }));
const tone = vi.mocked(playScanTone);

describe('CreateAmsPage', () => {
  beforeEach(() => {
    signInAs(Role.operator);
    tone.mockClear();
  });

  it("lists the upcoming initiated AMS, one day's once a date is chosen, and fills the fields from the pick", async () => {
    const fetchMock = stubAmsServer({});
    const { user } = renderWithProviders(<CreateAmsPage />);
    expect(screen.getByRole('heading', { level: 1, name: 'Create AMS' })).toBeInTheDocument();
    expect(field('Airport code')).toHaveValue('LAX');
    expect(field('Service type')).toHaveValue('First Class');
    expect(screen.getByRole('radio', { name: 'DHL' })).toBeChecked();
    // Issue 28 item 4: no date by default, so tomorrow morning's flight is listed tonight.
    expect(screen.getByTestId('ams-scan-date')).toHaveValue('');
    await waitFor(() => expect(callsTo(fetchMock, 'GET', '/ams')).toHaveLength(1));
    const [upcoming] = callsTo(fetchMock, 'GET', '/ams');
    expect(Object.fromEntries(upcoming?.query ?? [])).toEqual({
      status: 'initiated',
      upcoming: 'true',
      page_size: '100',
    });

    await user.type(screen.getByTestId('ams-scan-date'), '2026-11-25');
    await waitFor(() =>
      expect(callsTo(fetchMock, 'GET', '/ams').at(-1)?.query.get('departureDate')).toBe('2026-11-25'),
    );
    expect(Object.fromEntries(callsTo(fetchMock, 'GET', '/ams').at(-1)?.query ?? [])).toEqual({
      status: 'initiated',
      departureDate: '2026-11-25',
      page_size: '100',
    });

    await pickAmsAndCarton(user);
    expect(field('Master air waybill')).toHaveValue(MAWB);
    expect(field('Airport code')).toHaveValue('JFK');
    expect(field('HAWB')).toHaveValue('HAWB01');
    expect(field('Service type')).toHaveValue('Priority');
    expect(screen.getByRole('radio', { name: 'USPS' })).toBeChecked();
  });

  it('refuses to scan with a required field missing: the toast, a red tone, and nothing sent', async () => {
    const fetchMock = stubAmsServer({});
    const { user } = renderWithProviders(<CreateAmsPage />);
    scanCode('PO1');
    expect(await screen.findByText('Please fill out all required fields')).toBeInTheDocument();
    expect(tone).toHaveBeenLastCalledWith('error');

    await pickAmsAndCarton(user);
    await user.clear(field('HAWB'));
    scanCode('PO1');
    await waitFor(() => expect(tone).toHaveBeenCalledTimes(2));
    expect(amsScansSent(fetchMock)).toEqual([]);
    expect(screen.queryByTestId('ams-scan-table')).not.toBeInTheDocument();
  });

  it('adds a scanned parcel at the top of the table and counts it from the server again', async () => {
    const fetchMock = stubAmsServer({
      // Another bench loads the same carton: the server's count, fetched again after the scan, wins.
      statistics: [
        statistic([['CTN-1', 2, 3000]]),
        statistic([
          ['CTN-1', 5, 6000],
          ['CTN-2', 1, 500],
        ]),
      ],
      scans: {
        PO1: { status: 201, body: amsOrderReply('PO1', 'CTN-1', { weight: 1250 }) },
        PO2: { status: 200, body: amsOrderReply('PO2', 'CTN-1', { already_in: true, weight: 800 }) },
      },
    });
    const { user } = renderWithProviders(<CreateAmsPage />);
    await pickAmsAndCarton(user);
    expect(await screen.findByTestId('ams-scan-count-carton-pieces')).toHaveTextContent('2 pieces');
    await user.clear(field('Airport code'));
    await user.type(field('Airport code'), 'LAX{Enter}');

    scanCode('po1');
    await waitFor(() => expect(banner()).toHaveAttribute('data-code', 'added'));
    expect(amsScansSent(fetchMock)[0]).toEqual({
      ams_sid: 'ams-1',
      barcode: 'PO1',
      ams_carton_label: 'CTN-1',
      masterAirWaybill: MAWB,
      airportCode: 'LAX',
      hawb: 'HAWB01',
      carrier: 'USPS',
      serviceType: 'Priority',
    });
    expect(banner()).toHaveTextContent('Added PO1');
    expect(banner()).toHaveTextContent('Order ORD-PO1 in carton CTN-1, AMS id AMS-PO1.');
    expect(tone).toHaveBeenLastCalledWith('success');
    const cells = within(tableRows()[0] as HTMLElement)
      .getAllByRole('cell')
      .map((cell) => cell.textContent);
    expect(cells).toEqual(['PO1', 'ORD-PO1', 'CTN-1', 'AMS-PO1', '1.25', 'Added', '']);

    await waitFor(() => expect(callsTo(fetchMock, 'GET', '/orders/statisticForAms')).toHaveLength(2));
    expect(callsTo(fetchMock, 'GET', '/orders/statisticForAms')[1]?.query.get('ams_sid')).toBe('ams-1');
    await waitFor(() =>
      expect(screen.getByTestId('ams-scan-count-carton-pieces')).toHaveTextContent('5 pieces'),
    );
    expect(screen.getByTestId('ams-scan-count-carton')).toHaveTextContent('Carton CTN-1');
    expect(screen.getByTestId('ams-scan-count-carton-weight')).toHaveTextContent('6.00 kg');
    expect(screen.getByTestId('ams-scan-count-ams-pieces')).toHaveTextContent('6 pieces');
    expect(screen.getByTestId('ams-scan-count-ams-weight')).toHaveTextContent('6.50 kg');

    scanCode('PO2');
    await waitFor(() => expect(banner()).toHaveAttribute('data-code', 'alreadyIn'));
    expect(banner()).toHaveAttribute('data-outcome', 'warning');
    expect(tableRows()).toHaveLength(2);
    expect(tableRows()[0]).toHaveTextContent('Already in this AMS');
    expect(tableRows()[1]).toHaveTextContent('PO1');
  });

  it('marks a refused scan Failed with the reason, says "Error: {msg}" and sounds red', async () => {
    stubAmsServer({
      scans: {
        PO7: { status: 409, body: { msg: 'Order PO7 is in another AMS', code: 'CONFLICT' } },
      },
    });
    const { user } = renderWithProviders(<CreateAmsPage />);
    await pickAmsAndCarton(user);
    scanCode('PO7');
    expect(await screen.findByText('Error: Order PO7 is in another AMS')).toBeInTheDocument();
    expect(banner()).toHaveAttribute('data-outcome', 'error');
    expect(banner()).toHaveTextContent('Failed PO7');
    expect(tone).toHaveBeenLastCalledWith('error');
    const cells = within(tableRows()[0] as HTMLElement)
      .getAllByRole('cell')
      .map((cell) => cell.textContent);
    expect(cells).toEqual(['PO7', '', 'CTN-1', '', '', 'Failed', 'Order PO7 is in another AMS']);

    scanCode('NOPE');
    expect(await screen.findByText('Error: No order found with barcode NOPE')).toBeInTheDocument();
    expect(tableRows()).toHaveLength(2);
  });

  it('keeps the rows and the fields across a reload, until the table is cleared', async () => {
    stubAmsServer({ scans: { PO1: { status: 201, body: amsOrderReply('PO1', 'CTN-9') } } });
    const first = renderWithProviders(<CreateAmsPage />);
    await pickAmsAndCarton(first.user, 'CTN-9');
    scanCode('PO1');
    await waitFor(() => expect(banner()).toHaveAttribute('data-code', 'added'));
    first.unmount();

    const { user } = renderWithProviders(<CreateAmsPage />);
    expect(tableRows()).toHaveLength(1);
    expect(field('Carton label')).toHaveValue('CTN-9');
    expect(field('Master air waybill')).toHaveValue(MAWB);
    await user.click(screen.getByRole('button', { name: 'Clear' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Clear' }));
    await waitFor(() => expect(screen.queryByTestId('ams-scan-table')).not.toBeInTheDocument());
    expect(JSON.parse(window.sessionStorage.getItem(ROWS_KEY) ?? 'null')).toEqual([]);
  });

  it('refuses a seller', async () => {
    signInAs(Role.account, { account_sid: 'acc-1' });
    stubAmsServer({});
    renderWithProviders(<CreateAmsPage />, { route: '/internal/create-ams' });
    expect(
      await screen.findByText('You do not have permissions to scan parcels into an AMS'),
    ).toBeInTheDocument();
    expect(screen.queryByTestId('scan-banner')).not.toBeInTheDocument();
  });
});
