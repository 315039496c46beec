import { Role } from '@parcelops/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { order } from '../../../test/order-fixtures.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { signInAs } from '../../../test/session.ts';
import { playScanTone } from '../../station/index.ts';
import { amsOrderReply, callsTo, statistic, stubAmsServer } from '../testing/ams-fixtures.ts';
import { banner, pickAmsAndCarton, scanCode, tableRows } from '../testing/ams-page-driver.ts';
import { CreateAmsPage } from './CreateAmsPage.tsx';

vi.mock('../../station/scan-tones.ts', () => ({ playScanTone: vi.fn() }));

const weightField = () => screen.getByRole('textbox', { name: 'Weight (grams)' });
const updateButton = () => screen.getByRole('button', { name: 'Update Weight' });

describe('CreateAmsPage weight and queue', () => {
  beforeEach(() => {
    signInAs(Role.operator);
    vi.mocked(playScanTone).mockClear();
  });

  it('enables the weight only after a parcel is scanned in, and re-weighs the last one', async () => {
    const fetchMock = stubAmsServer({
      statistics: [statistic([]), statistic([['CTN-1', 1, 1250]]), statistic([['CTN-1', 1, 1500]])],
      scans: {
        PO1: { status: 201, body: amsOrderReply('PO1', 'CTN-1', { weight: 1250 }) },
      },
      reweigh: (request) => ({
        status: 200,
        body: order({ sid: 'sid-PO1', barcode: 'PO1', weight: (request.body as { weight: number }).weight }),
      }),
    });
    const { user } = renderWithProviders(<CreateAmsPage />);
    expect(weightField()).toBeDisabled();
    expect(updateButton()).toBeDisabled();
    await pickAmsAndCarton(user);

    // A failed scan leaves the weight off: there is nothing to weigh.
    scanCode('NOPE');
    await waitFor(() => expect(banner()).toHaveAttribute('data-code', 'failed'));
    expect(weightField()).toBeDisabled();

    scanCode('PO1');
    await waitFor(() => expect(banner()).toHaveAttribute('data-code', 'added'));
    expect(weightField()).toBeEnabled();
    expect(weightField()).toHaveValue('1250');
    expect(screen.getByTestId('ams-scan-weight-for')).toHaveTextContent('For PO1');

    await user.clear(weightField());
    await user.type(weightField(), '1500');
    await user.click(updateButton());
    expect(await screen.findByText('Weight updated for PO1')).toBeInTheDocument();
    expect(callsTo(fetchMock, 'PUT', '/ams/order/sid-PO1').map((call) => call.body)).toEqual([
      { weight: 1500 },
    ]);
    await waitFor(() =>
      expect(within(tableRows()[0] as HTMLElement).getAllByRole('cell')[4]).toHaveTextContent('1.50'),
    );
    // The failed scan before it keeps no weight.
    expect(within(tableRows()[1] as HTMLElement).getAllByRole('cell')[4]).toHaveTextContent('');
    await waitFor(() =>
      expect(screen.getByTestId('ams-scan-count-carton-weight')).toHaveTextContent('1.50 kg'),
    );
  });

  it('says why a re-weigh was refused', async () => {
    stubAmsServer({
      scans: { PO1: { status: 201, body: amsOrderReply('PO1', 'CTN-1') } },
      reweigh: () => ({ status: 409, body: { msg: 'The AMS was submitted', code: 'CONFLICT' } }),
    });
    const { user } = renderWithProviders(<CreateAmsPage />);
    await pickAmsAndCarton(user);
    scanCode('PO1');
    await waitFor(() => expect(weightField()).toBeEnabled());
    await user.click(updateButton());
    expect(await screen.findByText('The AMS was submitted')).toBeInTheDocument();
  });

  it('sends scans typed fast in a row in the order scanned, one call at a time, losing none', async () => {
    const codes = ['PO1', 'PO2', 'PO3', 'PO4'];
    const server = stubAmsServer({
      scans: Object.fromEntries(
        codes.map((code) => [code, { status: 201, body: amsOrderReply(code, 'CTN-1') }]),
      ),
    });
    // Each batch call waits until the test lets it answer.
    const held: (() => void)[] = [];
    const calls: string[][] = [];
    const fetchMock = vi.fn((input: RequestInfo | URL, init: RequestInit = {}) => {
      if (init.method !== 'POST') return server(input, init);
      calls.push(
        (JSON.parse(String(init.body)) as { scans: { barcode: string }[] }).scans.map((scan) => scan.barcode),
      );
      return new Promise<Response>((resolve) => held.push(() => resolve(server(input, init))));
    });
    vi.stubGlobal('fetch', fetchMock);
    const { user } = renderWithProviders(<CreateAmsPage />);
    await pickAmsAndCarton(user);

    scanCode('PO1');
    await waitFor(() => expect(calls).toEqual([['PO1']]));
    // The next parcels come while the first is on its way.
    for (const code of codes.slice(1)) scanCode(code);
    await waitFor(() => expect(screen.getByTestId('station-pending')).toHaveTextContent('4 scans queued'));
    // One call in flight at a time: the scans made meanwhile go together once the first has its answer.
    expect(held).toHaveLength(1);
    held.shift()?.();
    await waitFor(() => expect(calls).toEqual([['PO1'], ['PO2', 'PO3', 'PO4']]));
    expect(held).toHaveLength(1);
    held.shift()?.();
    await waitFor(() => expect(tableRows()).toHaveLength(4));
    expect(calls.flat()).toEqual(codes);
    expect(tableRows().map((row) => row.firstChild?.textContent)).toEqual(['PO4', 'PO3', 'PO2', 'PO1']);
    await waitFor(() => expect(screen.getByTestId('station-pending')).toHaveTextContent('0 scans queued'));
    expect(banner()).toHaveTextContent('Added PO4');
  });
});
