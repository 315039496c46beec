/**
 * The hub station while the server does not answer (issue 32): scans kept on the device and said to be
 * queued, sent in order when it answers again or on Send now, exceptions kept until acknowledged, the queue
 * across a reload, and a session that ended while offline.
 */
import { Messages, Role } from '@parcelops/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { takeFlash } from '../../../lib/flash.ts';
import { getToken } from '../../../lib/session.ts';
import { stubFetch } from '../../../test/fetch.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { screenOf } from '../../../test/screen.ts';
import { signInAs } from '../../../test/session.ts';
import { playScanTone } from '../../station/index.ts';
import { scansOnDevice } from '../../station/testing/station-fixtures.ts';
import { scansSent, scanVerdict, stubScans } from '../testing/scan-fixtures.ts';
import { ScanOrdersPage } from './ScanOrdersPage.tsx';

vi.mock('../../station/scan-tones.ts', () => ({ playScanTone: vi.fn() }));
const tone = vi.mocked(playScanTone);

function scanCode(code: string) {
  for (const key of [...code, 'Enter']) fireEvent.keyDown(document.body, { key });
}

const banner = () => screen.getByTestId('scan-banner');
const pending = () => screen.getByTestId('station-pending');
const mode = () => screen.getByTestId('station-mode');
const counts = () =>
  ['scan-count-received', 'scan-count-already', 'scan-count-refused'].map(
    (id) => screen.getByTestId(id).textContent,
  );
const noNetwork = () => vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('Failed to fetch')));

describe('ScanOrdersPage without the server', () => {
  beforeEach(() => {
    signInAs(Role.operator);
    tone.mockClear();
  });

  it('queues scans in blue, sends them in scan order on Send now, and keeps the exception until acknowledged', async () => {
    noNetwork();
    const { user } = renderWithProviders(<ScanOrdersPage />);
    expect(mode()).toHaveTextContent('Live');

    scanCode('PO1');
    await waitFor(() => expect(banner()).toHaveAttribute('data-code', 'QUEUED'));
    expect(banner()).toHaveAttribute('data-outcome', 'queued');
    expect(banner()).toHaveTextContent('Queued PO1');
    expect(banner()).toHaveTextContent('Not checked yet');
    expect(tone).toHaveBeenLastCalledWith('queued');
    expect(tone).not.toHaveBeenCalledWith('success');
    expect(mode()).toHaveTextContent('Queued');
    expect(pending()).toHaveTextContent('1 scan queued');
    expect(screen.getByTestId('station-last-answer')).toHaveTextContent(
      'The server has not answered this station yet',
    );
    expect(within(screen.getByTestId('scan-table')).getByTestId('scan-row-queued')).toHaveTextContent(
      'Queued',
    );

    scanCode('PO2');
    await waitFor(() => expect(banner()).toHaveTextContent('Queued PO2'));
    expect(pending()).toHaveTextContent('2 scans queued');
    expect(counts()).toEqual(['0', '0', '0']);

    const fetchMock = stubScans({
      PO1: scanVerdict('RECEIVED', { barcode: 'PO1' }),
      PO2: scanVerdict('RECEIVED_AT_OTHER_HUB', { barcode: 'PO2' }, { hub: 'HAN' }),
    });
    await user.click(screen.getByRole('button', { name: 'Send now' }));
    await waitFor(() => expect(banner()).toHaveAttribute('data-code', 'SENT'));
    expect(banner()).toHaveTextContent('2 queued scans sent');
    expect(banner()).toHaveTextContent('1 needs a look: see Exceptions.');
    expect(tone).toHaveBeenLastCalledWith('exception');
    expect(scansSent(fetchMock).map((scan) => scan.barcode)).toEqual(['PO1', 'PO2']);
    expect(mode()).toHaveTextContent('Live');
    expect(pending()).toHaveTextContent('0 scans queued');
    expect(screen.getByTestId('station-last-answer')).toHaveTextContent('Server last answered');
    expect(counts()).toEqual(['1', '0', '1']);
    expect(screen.queryByTestId('scan-row-queued')).not.toBeInTheDocument();

    const exceptions = screen.getByRole('region', { name: 'Exceptions (1)' });
    expect(exceptions).toHaveTextContent("Other hub's parcel PO2");
    expect(exceptions).toHaveTextContent('Received at HAN hub');
    await user.click(within(exceptions).getByRole('button', { name: 'Acknowledge PO2' }));
    await waitFor(() => expect(screen.queryByTestId('station-exceptions')).not.toBeInTheDocument());
  });

  it('queues by hand: nothing goes until Send now, and the queue outlives a reload', async () => {
    const fetchMock = stubScans({ PO1: scanVerdict('RECEIVED', { barcode: 'PO1', orderNumber: 'ORD-1' }) });
    const first = renderWithProviders(<ScanOrdersPage />);
    await first.user.click(screen.getByRole('switch', { name: 'Queue scans, send later' }));
    expect(mode()).toHaveTextContent('Queued by hand');
    scanCode('PO1');
    await waitFor(() => expect(banner()).toHaveTextContent('Queued PO1'));
    await waitFor(() => expect(pending()).toHaveTextContent('1 scan queued'));
    // The page goes once the scan is on the device (a page closed in the very moment of a scan may lose it).
    await waitFor(async () => expect(await scansOnDevice('hub')).toBe(1));
    first.unmount();

    const { user } = renderWithProviders(<ScanOrdersPage />);
    await waitFor(() => expect(pending()).toHaveTextContent('1 scan queued'));
    expect(mode()).toHaveTextContent('Queued by hand');
    expect(fetchMock).not.toHaveBeenCalled();

    await user.click(screen.getByRole('button', { name: 'Send now' }));
    await waitFor(() => expect(banner()).toHaveTextContent('1 queued scan sent'));
    expect(banner()).toHaveTextContent('Every answer is in the table below.');
    expect(fetchMock).toHaveBeenCalledOnce();
    expect(within(screen.getByTestId('scan-table')).getAllByRole('row')[1]).toHaveTextContent('ORD-1');
    expect(mode()).toHaveTextContent('Queued by hand');
  });

  it('acknowledges every exception at once', async () => {
    noNetwork();
    const { user } = renderWithProviders(<ScanOrdersPage />);
    scanCode('NOPE1');
    await waitFor(() => expect(banner()).toHaveTextContent('Queued NOPE1'));
    scanCode('NOPE2');
    await waitFor(() => expect(pending()).toHaveTextContent('2 scans queued'));
    stubScans({});
    await user.click(screen.getByRole('button', { name: 'Send now' }));
    const exceptions = await screen.findByRole('region', { name: 'Exceptions (2)' });
    expect(within(exceptions).getAllByTestId('station-exception')).toHaveLength(2);
    expect(exceptions).toHaveTextContent('Not found NOPE1');
    await user.click(within(exceptions).getByRole('button', { name: 'Acknowledge all' }));
    await waitFor(() => expect(screen.queryByTestId('station-exceptions')).not.toBeInTheDocument());
  });

  it('keeps scanning into the queue when the session ended, and signs out only when the operator asks', async () => {
    const token = getToken();
    const fetchMock = stubFetch(() => ({ status: 401, body: { msg: 'Unauthorized', code: 'UNAUTHORIZED' } }));
    const { user } = renderWithProviders(<ScanOrdersPage />);
    scanCode('PO1');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Sign in to send the queued scans');
    expect(mode()).toHaveTextContent('Sign in needed');
    expect(getToken()).toBe(token);

    scanCode('PO2');
    await waitFor(() => expect(pending()).toHaveTextContent('2 scans queued'));
    expect(banner()).toHaveTextContent('Queued PO2');
    expect(fetchMock).toHaveBeenCalledOnce();

    await user.click(within(alert).getByRole('button', { name: 'Sign in again' }));
    expect(getToken()).toBeNull();
    expect(takeFlash()).toEqual({ message: Messages.sessionExpired, tone: 'error' });
  });

  it('says so where the browser cannot keep scans, and fits a phone', async () => {
    vi.stubGlobal('indexedDB', undefined);
    screenOf('phone');
    stubScans({});
    renderWithProviders(<ScanOrdersPage />);
    expect(await screen.findByTestId('station-not-durable')).toHaveTextContent(
      'queued scans wait only while this page stays open',
    );
  });
});
