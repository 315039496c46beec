/** Issue 28 item 3 on the AMS view: the parcels the flight still expects, and what Submit would leave behind. */
import { Role } from '@parcelops/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { signInAs } from '../../../test/session.ts';
import { reconciliation, waitingParcels } from '../testing/ams-fixtures.ts';
import { callsTo, renderAmsView, stubAmsServer } from '../testing/ams-pages.tsx';

beforeEach(() => signInAs(Role.admin));

const submitted = { status: 202, body: { sid: 'ams-1' } };

describe('AmsViewPage waiting list', () => {
  it('lists the received parcels in no manifest, newest first, 25 a page, their number in the heading', async () => {
    const fetch = stubAmsServer({ waiting: waitingParcels(30) });
    const { user } = renderAmsView();

    const section = await screen.findByRole('region', {
      name: 'Waiting: 30 received parcels in no manifest',
    });
    expect(callsTo(fetch, 'GET', '/ams/ams-1/waiting')[0]?.query.toString()).toBe('page=0&page_size=25');
    const rows = within(section).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(25);
    const cells = within(rows[0] as HTMLElement).getAllByRole('cell');
    expect(cells.slice(0, 4).map((cell) => cell.textContent)).toEqual([
      'PO000000901',
      'W-1',
      'Saigon Crafts',
      '0.50 kg',
    ]);
    expect(within(rows[0] as HTMLElement).getByRole('link', { name: 'PO000000901' })).toHaveAttribute(
      'href',
      '/internal/orders/wait-1/view',
    );

    await user.click(within(section).getByRole('button', { name: 'Page 2' }));
    await waitFor(() => expect(within(section).getAllByRole('row').slice(1)).toHaveLength(5));
    expect(callsTo(fetch, 'GET', '/ams/ams-1/waiting')[1]?.query.get('page')).toBe('1');
    expect(within(section).getByText('PO000000926')).toBeInTheDocument();
  });

  it('says so when nothing is waiting', async () => {
    stubAmsServer();
    renderAmsView();
    const section = await screen.findByRole('region', {
      name: 'Waiting: 0 received parcels in no manifest',
    });
    expect(
      within(section).getByText('Nothing is waiting: every parcel received at this hub is in a manifest.'),
    ).toBeInTheDocument();
  });

  it('tells before Submit how many received parcels miss this flight, and asks before filing', async () => {
    const fetch = stubAmsServer({
      reconciliation: reconciliation({ waiting: 12 }),
      waiting: waitingParcels(12),
      extra: (request) =>
        request.method === 'POST' && request.path === '/ams/submitAms' ? submitted : undefined,
    });
    const { user } = renderAmsView();

    const filing = await screen.findByRole('region', { name: 'Filing' });
    const note = await within(filing).findByTestId('ams-waiting-note');
    expect(note).toHaveTextContent('12 received parcels are not on this flight.');
    const link = within(note).getByRole('link', { name: 'See the waiting list' });
    expect(link).toHaveAttribute('href', '#ams-waiting');
    await user.click(link);
    expect(await screen.findByRole('region', { name: /^Waiting: 12/ })).toHaveFocus();

    await user.click(within(filing).getByRole('button', { name: 'Submit AMS' }));
    const dialog = await screen.findByRole('dialog', { name: 'Submit AMS SGN-LAX 23 Nov?' });
    expect(dialog).toHaveTextContent(
      '12 received parcels are not on this flight: they stay at the hub for a later one. Submit anyway?',
    );
    expect(callsTo(fetch, 'POST', '/ams/submitAms')).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Submit AMS' }));
    await waitFor(() => expect(callsTo(fetch, 'POST', '/ams/submitAms')).toHaveLength(1));
  });

  it('files at once, without a question, when no received parcel is left behind', async () => {
    const fetch = stubAmsServer({
      extra: (request) =>
        request.method === 'POST' && request.path === '/ams/submitAms' ? submitted : undefined,
    });
    const { user } = renderAmsView();
    await screen.findByText('0 problems stop the filing');
    expect(screen.queryByTestId('ams-waiting-note')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Submit AMS' }));
    await waitFor(() => expect(callsTo(fetch, 'POST', '/ams/submitAms')).toHaveLength(1));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
