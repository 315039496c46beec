import { Role } from '@parcelops/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { order } from '../../../test/order-fixtures.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { signInAs } from '../../../test/session.ts';
import { playScanTone } from '../../hub/index.ts';
import { amsOrderReply, callsTo, statistic, stubAmsServer } from '../testing/ams-fixtures.ts';
import { banner, pickAmsAndCarton, scanCode, tableRows } from '../testing/ams-page-driver.ts';
import { CreateAmsPage } from './CreateAmsPage.tsx';

vi.mock('../../hub/scan-tones.ts', () => ({ playScanTone: vi.fn() }));

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

  it('sends scans typed fast in a row one after the other, in the order scanned, losing none', async () => {
    const codes = ['PO1', 'PO2', 'PO3', 'PO4'];
    const server = stubAmsServer({
      scans: Object.fromEntries(
        codes.map((code) => [code, { status: 201, body: amsOrderReply(code, 'CTN-1') }]),
      ),
    });
    // Each POST waits until the test lets it answer.
    const held: (() => void)[] = [];
    const sent: string[] = [];
    const fetchMock = vi.fn((input: RequestInfo | URL, init: RequestInit = {}) => {
      if (init.method !== 'POST') return server(input, init);
      sent.push((JSON.parse(String(init.body)) as { barcode: string }).barcode);
      return new Promise<Response>((resolve) => held.push(() => resolve(server(input, init))));
    });
    vi.stubGlobal('fetch', fetchMock);
    const { user } = renderWithProviders(<CreateAmsPage />);
    await pickAmsAndCarton(user);

    for (const code of codes) scanCode(code);
    await waitFor(() => expect(sent).toEqual(['PO1']));
    expect(screen.getByTestId('ams-scan-queue')).toHaveTextContent('4 scans waiting to be sent');
    for (const [index] of codes.entries()) {
      // One in flight at a time: the next goes only once the one before has its answer.
      expect(held).toHaveLength(1);
      held.shift()?.();
      if (index < codes.length - 1) await waitFor(() => expect(sent).toHaveLength(index + 2));
    }
    await waitFor(() => expect(tableRows()).toHaveLength(4));
    expect(sent).toEqual(codes);
    expect(tableRows().map((row) => row.firstChild?.textContent)).toEqual(['PO4', 'PO3', 'PO2', 'PO1']);
    expect(screen.queryByTestId('ams-scan-queue')).not.toBeInTheDocument();
    expect(banner()).toHaveTextContent('Added PO4');
  });
});
