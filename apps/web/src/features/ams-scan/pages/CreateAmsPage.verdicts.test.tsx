/**
 * Issue 28 on the Create AMS page: a parcel the hub set aside is refused with its reason (never "Added"), an
 * admin may load it giving a reason, and a parcel scanned with another carton's label moves there.
 */
import { Role } from '@parcelops/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render.tsx';
import { signInAs } from '../../../test/session.ts';
import { playScanTone } from '../../station/index.ts';
import { amsOrderReply, amsScansSent, MAWB, stubAmsServer } from '../testing/ams-fixtures.ts';
import { banner, pickAmsAndCarton, scanCode, tableRows } from '../testing/ams-page-driver.ts';
import { CreateAmsPage } from './CreateAmsPage.tsx';

vi.mock('../../station/scan-tones.ts', () => ({ playScanTone: vi.fn() }));
const tone = vi.mocked(playScanTone);

const SET_ASIDE_MSG =
  'PO12 was set aside as Failed: "address does not exist". An admin may load it, giving a reason.';
const setAside = { status: 409, body: { msg: SET_ASIDE_MSG, code: 'PARCEL_SET_ASIDE' } };

const cells = (row: HTMLElement | undefined) =>
  within(row as HTMLElement)
    .getAllByRole('cell')
    .map((cell) => cell.textContent);

describe('CreateAmsPage verdicts', () => {
  beforeEach(() => tone.mockClear());

  it('marks a set-aside parcel Failed with the hub reason, red, and offers an operator no way round it', async () => {
    signInAs(Role.operator);
    stubAmsServer({ scans: { PO12: setAside } });
    const { user } = renderWithProviders(<CreateAmsPage />);
    await pickAmsAndCarton(user);

    scanCode('PO12');
    expect(await screen.findByText(`Error: ${SET_ASIDE_MSG}`)).toBeInTheDocument();
    expect(banner()).toHaveAttribute('data-outcome', 'error');
    expect(banner()).toHaveTextContent('Failed PO12');
    expect(banner()).not.toHaveTextContent('Added');
    expect(tone).toHaveBeenLastCalledWith('error');
    expect(cells(tableRows()[0])).toEqual(['PO12', '', 'CTN-1', '', '', 'Failed', SET_ASIDE_MSG]);
    expect(screen.queryByRole('button', { name: 'Load anyway: PO12' })).not.toBeInTheDocument();
  });

  it('lets an admin load a set-aside parcel only with a reason, sent with the same scan', async () => {
    signInAs(Role.admin);
    let loaded = false;
    const fetchMock = stubAmsServer({
      scans: {
        get PO12() {
          return loaded ? { status: 201, body: amsOrderReply('PO12', 'CTN-1') } : setAside;
        },
      },
    });
    const { user } = renderWithProviders(<CreateAmsPage />);
    await pickAmsAndCarton(user);
    scanCode('PO12');
    await waitFor(() => expect(banner()).toHaveAttribute('data-outcome', 'error'));

    await user.click(
      within(tableRows()[0] as HTMLElement).getByRole('button', { name: 'Load anyway: PO12' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Load PO12 anyway?' });
    expect(dialog).toHaveTextContent(SET_ASIDE_MSG);
    // A scan while the dialog is open goes nowhere: its field has the typing.
    scanCode('PO99');
    await user.click(within(dialog).getByRole('button', { name: 'Load anyway' }));
    expect(within(dialog).getByText('Give the reason for loading it')).toBeInTheDocument();
    expect(amsScansSent(fetchMock)).toHaveLength(1);

    loaded = true;
    await user.type(
      within(dialog).getByRole('textbox', { name: /^Why it may fly/ }),
      '  Address confirmed by phone ',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Load anyway' }));
    await waitFor(() => expect(banner()).toHaveAttribute('data-code', 'added'));
    expect(amsScansSent(fetchMock)[1]).toEqual({
      ams_sid: 'ams-1',
      barcode: 'PO12',
      ams_carton_label: 'CTN-1',
      masterAirWaybill: MAWB,
      airportCode: 'JFK',
      hawb: 'HAWB01',
      carrier: 'USPS',
      serviceType: 'Priority',
      reason: 'Address confirmed by phone',
    });
    expect(tableRows()).toHaveLength(2);
    expect(tableRows()[0]).toHaveTextContent('Added');
    // The refused row stays in the log, without a second "Load anyway".
    expect(tableRows()[1]).toHaveTextContent('Failed');
    expect(screen.queryByRole('button', { name: 'Load anyway: PO12' })).not.toBeInTheDocument();
  });

  it('moves a parcel scanned with another carton label, and says from where to where', async () => {
    signInAs(Role.operator);
    stubAmsServer({
      scans: {
        PO5: {
          status: 200,
          body: amsOrderReply('PO5', 'CTN-2', { already_in: true, carton_moved_from: 'CTN-1', weight: 900 }),
        },
      },
    });
    const { user } = renderWithProviders(<CreateAmsPage />);
    await pickAmsAndCarton(user, 'CTN-2');

    scanCode('PO5');
    await waitFor(() => expect(banner()).toHaveAttribute('data-code', 'moved'));
    expect(banner()).toHaveAttribute('data-outcome', 'success');
    expect(banner()).toHaveTextContent('Moved PO5');
    expect(banner()).toHaveTextContent('Moved from carton CTN-1 to CTN-2.');
    expect(banner()).not.toHaveTextContent('Nothing changed');
    expect(tone).toHaveBeenLastCalledWith('success');
    expect(cells(tableRows()[0])).toEqual([
      'PO5',
      'ORD-PO5',
      'CTN-2',
      'AMS-PO5',
      '0.90',
      'Moved',
      'From carton CTN-1',
    ]);
  });
});
