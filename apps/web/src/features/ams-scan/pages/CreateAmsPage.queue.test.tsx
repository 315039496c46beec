/**
 * The Create AMS station while the server does not answer (issue 32): scans kept on the device and said to be
 * queued (never green), sent in scan order when the network comes back, and a parcel loaded into another
 * manifest meanwhile kept in the Exceptions list until acknowledged.
 */
import { Role } from '@parcelops/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render.tsx';
import { signInAs } from '../../../test/session.ts';
import { playScanTone } from '../../station/index.ts';
import {
  AMS_BATCH_PATH,
  amsOrderReply,
  callsTo,
  type SentAmsScan,
  statistic,
  stubAmsServer,
} from '../testing/ams-fixtures.ts';
import { banner, pickAmsAndCarton, scanCode, tableRows } from '../testing/ams-page-driver.ts';
import { CreateAmsPage } from './CreateAmsPage.tsx';

vi.mock('../../station/scan-tones.ts', () => ({ playScanTone: vi.fn() }));
const tone = vi.mocked(playScanTone);

const pending = () => screen.getByTestId('station-pending');
const mode = () => screen.getByTestId('station-mode');
const ANOTHER_AMS = 'Order PO2 is in another AMS';

/** The stand-in server, with the batch endpoint out of reach until `online` is set. */
function stubOfflineServer() {
  const network = { online: false };
  const server = stubAmsServer({
    statistics: [statistic([]), statistic([['CTN-1', 1, 1250]])],
    scans: {
      PO1: { status: 201, body: amsOrderReply('PO1', 'CTN-1', { weight: 1250 }) },
      // Another bench loaded PO2 into another manifest while this one was offline.
      PO2: { status: 409, body: { msg: ANOTHER_AMS, code: 'CONFLICT' } },
    },
  });
  const fetchMock = vi.fn((input: RequestInfo | URL, init: RequestInit = {}) =>
    !network.online && String(input).endsWith(AMS_BATCH_PATH)
      ? Promise.reject(new TypeError('Failed to fetch'))
      : server(input, init),
  );
  vi.stubGlobal('fetch', fetchMock);
  return { network, server };
}

describe('CreateAmsPage without the server', () => {
  beforeEach(() => {
    signInAs(Role.operator);
    tone.mockClear();
  });

  it('queues scans in blue, loads them when the network is back, and keeps the exception until acknowledged', async () => {
    const { network, server } = stubOfflineServer();
    const { user } = renderWithProviders(<CreateAmsPage />);
    await pickAmsAndCarton(user);
    expect(mode()).toHaveTextContent('Live');

    scanCode('PO1');
    await waitFor(() => expect(banner()).toHaveAttribute('data-code', 'QUEUED'));
    expect(banner()).toHaveAttribute('data-outcome', 'queued');
    expect(banner()).toHaveTextContent('Queued PO1');
    expect(banner()).toHaveTextContent('Not checked yet');
    expect(tone).toHaveBeenLastCalledWith('queued');
    expect(mode()).toHaveTextContent('Queued');
    expect(pending()).toHaveTextContent('1 scan queued');
    expect(within(tableRows()[0] as HTMLElement).getAllByRole('cell')[5]).toHaveTextContent('Queued');
    expect(tableRows()[0]).toHaveAttribute('data-outcome', 'queued');

    scanCode('PO2');
    await waitFor(() => expect(banner()).toHaveTextContent('Queued PO2'));
    await waitFor(() => expect(pending()).toHaveTextContent('2 scans queued'));
    expect(tableRows()).toHaveLength(2);
    // Nothing was checked: no green anywhere, no error toast for a scan nobody tried yet.
    expect(tone).not.toHaveBeenCalledWith('success');
    expect(screen.queryByText(/^Error:/)).not.toBeInTheDocument();

    network.online = true;
    window.dispatchEvent(new Event('online'));
    await waitFor(() => expect(banner()).toHaveAttribute('data-code', 'SENT'));
    expect(banner()).toHaveTextContent('2 queued scans sent');
    expect(banner()).toHaveTextContent('1 needs a look: see Exceptions.');
    expect(tone).toHaveBeenLastCalledWith('exception');
    expect(mode()).toHaveTextContent('Live');
    expect(pending()).toHaveTextContent('0 scans queued');

    // Sent once, in scan order, each with its own id and the time it was scanned.
    const batches = callsTo(server, 'POST', AMS_BATCH_PATH).map(
      (call) => (call.body as { scans: SentAmsScan[] }).scans,
    );
    expect(batches.flat().map((scan) => scan.barcode)).toEqual(['PO1', 'PO2']);
    for (const scan of batches.flat()) {
      expect(scan.client_scan_id).toMatch(/^[0-9a-f-]{36}$/);
      expect(Number.isNaN(Date.parse(scan.scanned_at))).toBe(false);
    }

    // The queued rows take their verdicts in place, newest first.
    expect(tableRows()).toHaveLength(2);
    expect(tableRows()[0]).toHaveAttribute('data-outcome', 'failed');
    expect(tableRows()[0]).toHaveTextContent(ANOTHER_AMS);
    expect(tableRows()[1]).toHaveAttribute('data-outcome', 'added');
    expect(tableRows()[1]).toHaveTextContent('ORD-PO1');
    // The load counts: the carton's statistic is fetched again.
    await waitFor(() =>
      expect(screen.getByTestId('ams-scan-count-carton-pieces')).toHaveTextContent('1 piece'),
    );

    const exceptions = screen.getByRole('region', { name: 'Exceptions (1)' });
    expect(exceptions).toHaveTextContent('Failed PO2');
    expect(exceptions).toHaveTextContent(ANOTHER_AMS);
    await user.click(within(exceptions).getByRole('button', { name: 'Acknowledge PO2' }));
    await waitFor(() => expect(screen.queryByTestId('station-exceptions')).not.toBeInTheDocument());
    // The table keeps its log.
    expect(tableRows()).toHaveLength(2);
  });

  it('plays no tone while muted, the banner still saying queued', async () => {
    stubOfflineServer();
    const { user } = renderWithProviders(<CreateAmsPage />);
    await user.click(screen.getByRole('switch', { name: 'Mute tones' }));
    await pickAmsAndCarton(user);
    scanCode('PO1');
    await waitFor(() => expect(banner()).toHaveAttribute('data-code', 'QUEUED'));
    expect(tone).not.toHaveBeenCalled();
  });
});
