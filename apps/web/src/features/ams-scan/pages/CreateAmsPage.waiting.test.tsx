/**
 * Issue 28 on the Create AMS page: the parcels received at the hub that no manifest holds yet, fetched again
 * as parcels are added, and the phone layout once an AMS is picked (banner and counts above the fields, the
 * waybill data folded away).
 */
import { Role } from '@parcelops/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render.tsx';
import { screenOf } from '../../../test/screen.ts';
import { signInAs } from '../../../test/session.ts';
import { amsOrderReply, callsTo, stubAmsServer, waitingParcel } from '../testing/ams-fixtures.ts';
import { banner, field, pickAmsAndCarton, scanCode } from '../testing/ams-page-driver.ts';
import { CreateAmsPage } from './CreateAmsPage.tsx';

vi.mock('../../station/scan-tones.ts', () => ({ playScanTone: vi.fn() }));

beforeEach(() => signInAs(Role.operator));
afterEach(() => vi.unstubAllGlobals());

/** A 390 px phone: every max-width query the page asks matches. */
const onPhone = () => screenOf('phone');

const follows = (first: HTMLElement, second: HTMLElement) =>
  Boolean(first.compareDocumentPosition(second) & Node.DOCUMENT_POSITION_FOLLOWING);

describe('CreateAmsPage waiting list and phone layout', () => {
  it("shows the picked AMS's waiting parcels and fetches them again once one is added", async () => {
    const fetchMock = stubAmsServer({
      scans: { PO1: { status: 201, body: amsOrderReply('PO1', 'CTN-1') } },
      waiting: [[waitingParcel('PO1'), waitingParcel('PO2')], [waitingParcel('PO2')]],
    });
    const { user } = renderWithProviders(<CreateAmsPage />);
    expect(screen.queryByRole('region', { name: /^Waiting/ })).not.toBeInTheDocument();
    await pickAmsAndCarton(user);

    const section = await screen.findByRole('region', { name: 'Waiting: 2 received parcels in no manifest' });
    expect(within(section).getByText('PO1')).toBeInTheDocument();
    expect(callsTo(fetchMock, 'GET', '/ams/ams-1/waiting')[0]?.query.toString()).toBe('page=0&page_size=25');

    scanCode('PO1');
    await waitFor(() => expect(banner()).toHaveAttribute('data-code', 'added'));
    expect(
      await screen.findByRole('region', { name: 'Waiting: 1 received parcel in no manifest' }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'PO1' })).not.toBeInTheDocument();
  });

  it('on a phone, puts the banner and counts above the fields once an AMS is picked, the waybill folded', async () => {
    onPhone();
    stubAmsServer({});
    const { user } = renderWithProviders(<CreateAmsPage />);
    const manifest = screen.getByRole('region', { name: 'Air manifest' });
    // Nothing picked yet: the fields come first, every one of them in sight.
    expect(follows(manifest, banner())).toBe(true);
    expect(field('HAWB')).toBeVisible();

    await user.click(screen.getByRole('combobox', { name: /^AMS/ }));
    await user.click(await screen.findByRole('option', { name: /SGN-LAX 25 Nov/ }));
    await user.type(field('Carton label'), 'CTN-1{Enter}');
    expect(follows(banner(), manifest)).toBe(true);
    expect(follows(screen.getByTestId('ams-scan-counts'), manifest)).toBe(true);
    const summary = screen.getByTestId('ams-scan-waybill');
    expect(summary).toHaveTextContent('HAWB HAWB01');
    expect(screen.queryByRole('textbox', { name: /^HAWB/ })).not.toBeInTheDocument();
    // The carton label is typed for each carton: it stays in sight.
    expect(field('Carton label')).toHaveValue('CTN-1');

    await user.click(screen.getByRole('button', { name: 'Show the waybill data' }));
    expect(await screen.findByRole('textbox', { name: /^HAWB/ })).toHaveValue('HAWB01');
    expect(screen.getByRole('button', { name: 'Hide the waybill data' })).toHaveAttribute(
      'aria-expanded',
      'true',
    );
  });
});
