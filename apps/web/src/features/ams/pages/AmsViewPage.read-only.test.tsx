/** Issue 28 item 4: a submitted, closed or filing AMS shows no button that the server would only refuse. */
import { Role } from '@parcelops/shared';
import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { signInAs } from '../../../test/session.ts';
import { ams, GOOD_MAWB } from '../testing/ams-fixtures.ts';
import { renderAmsList, renderAmsView, stubAmsServer } from '../testing/ams-pages.tsx';

beforeEach(() => signInAs(Role.admin));

const PARCEL_TOOLS = ['Batch upload', 'Update carton label', 'Delete AMS orders'];

/** The view has loaded its orders (their table is the last part to fill). */
async function ordersShown() {
  const orders = await screen.findByRole('region', { name: 'Orders in this AMS' });
  await within(orders).findByText('PO000000001');
  return orders;
}

describe('AmsViewPage read-only', () => {
  it('shows a submitted AMS as text with a note, and none of the tools that change it', async () => {
    stubAmsServer({ ams: ams({ submit_status: 'submitted', status: 'closed', has_manifest_file: true }) });
    renderAmsView();

    const note = await screen.findByTestId('ams-read-only');
    expect(note).toHaveTextContent('Submitted — read-only');
    const summary = screen.getByTestId('ams-summary');
    expect(within(summary).getByText(GOOD_MAWB)).toBeInTheDocument();
    expect(within(summary).getByText('SGN-LAX 23 Nov')).toBeInTheDocument();
    expect(within(summary).getByText('Closed')).toBeInTheDocument();
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
    for (const name of ['Update', 'Cancel', 'Submit AMS'])
      expect(screen.queryByRole('button', { name })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to the AMS list' })).toHaveAttribute(
      'href',
      '/internal/ams',
    );

    const orders = await ordersShown();
    expect(within(orders).queryByRole('button', { name: /^Remove/ })).not.toBeInTheDocument();
    for (const name of PARCEL_TOOLS) expect(screen.queryByRole('region', { name })).not.toBeInTheDocument();
    // What is still of use stays: the files and the statistics.
    expect(screen.getByRole('button', { name: 'Download manifest' })).toBeEnabled();
    expect(screen.getByRole('region', { name: 'Statistics by carton label' })).toBeInTheDocument();
  });

  it('keeps a closed AMS editable (Status is how it reopens) but its parcels as they are', async () => {
    stubAmsServer({ ams: ams({ status: 'closed' }) });
    renderAmsView();

    expect(await screen.findByTestId('ams-read-only')).toHaveTextContent(
      'Closed — its parcels are read-only',
    );
    expect(await screen.findByRole('textbox', { name: /^Name/ })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Update' })).toBeEnabled();
    const orders = await ordersShown();
    expect(within(orders).queryByRole('button', { name: /^Remove/ })).not.toBeInTheDocument();
    for (const name of PARCEL_TOOLS) expect(screen.queryByRole('region', { name })).not.toBeInTheDocument();
  });

  it('hides the parcel tools while the AMS is being filed', async () => {
    stubAmsServer({ ams: ams({ is_updating: true }) });
    renderAmsView();

    expect(await screen.findByTestId('ams-read-only')).toHaveTextContent('Being filed — read-only');
    const orders = await ordersShown();
    expect(within(orders).queryByRole('button', { name: /^Remove/ })).not.toBeInTheDocument();
    for (const name of PARCEL_TOOLS) expect(screen.queryByRole('region', { name })).not.toBeInTheDocument();
  });

  it('offers every tool on an open AMS, without a note', async () => {
    stubAmsServer();
    renderAmsView();
    const orders = await ordersShown();
    expect(within(orders).getAllByRole('button', { name: /^Remove/ })).toHaveLength(3);
    for (const name of PARCEL_TOOLS) expect(screen.getByRole('region', { name })).toBeInTheDocument();
    expect(screen.queryByTestId('ams-read-only')).not.toBeInTheDocument();
  });

  it('lists a submitted AMS without Delete', async () => {
    stubAmsServer({
      list: [
        ams({ sid: 'ams-1', name: 'Filed one', submit_status: 'submitted', status: 'closed' }),
        ams({ sid: 'ams-2', name: 'Open one' }),
      ],
    });
    renderAmsList();
    const filed = (await screen.findByText('Filed one')).closest('tr') as HTMLElement;
    const open = screen.getByText('Open one').closest('tr') as HTMLElement;
    expect(within(filed).queryByRole('button', { name: 'Delete' })).not.toBeInTheDocument();
    expect(within(open).getByRole('button', { name: 'Delete' })).toBeInTheDocument();
  });
});
