import { Role } from '@parcelops/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { signInAs } from '../../../test/session.ts';
import { ams, GOOD_MAWB } from '../testing/ams-fixtures.ts';
import { callsTo, renderAmsView, stubAmsServer } from '../testing/ams-pages.tsx';

beforeEach(() => signInAs(Role.admin));

const button = (name: string) => screen.getByRole('button', { name });

describe('AmsViewPage', () => {
  it('shows the AMS in its form, its filing status, the MAWB tracking link and loads its orders', async () => {
    const fetch = stubAmsServer();
    renderAmsView();

    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('View AMS');
    expect(await screen.findByRole('textbox', { name: /^Name/ })).toHaveValue('SGN-LAX 23 Nov');
    expect(screen.getByRole('textbox', { name: /^Master air waybill \(MAWB\)/ })).toHaveValue(GOOD_MAWB);
    expect(screen.getByRole('combobox', { name: /^Status/ })).toHaveValue('Initiated');
    expect(screen.getByRole('combobox', { name: /^Carrier/ })).toHaveValue('DHL');
    expect(screen.getByRole('link', { name: `Track ${GOOD_MAWB}` })).toHaveAttribute(
      'href',
      `https://www.dhl.com/us-en/home/tracking.html?tracking-id=${GOOD_MAWB}`,
    );
    await waitFor(() => expect(callsTo(fetch, 'GET', '/orders')).toHaveLength(1));
    // Spec §7: exactly these parameters.
    expect(Object.fromEntries(callsTo(fetch, 'GET', '/orders')[0]?.query ?? [])).toEqual({
      page: '0',
      page_size: '500000',
      ams_sid: 'ams-1',
    });
  });

  it('shows the statistics by carton label in KG with the totals, in a focusable scroll region', async () => {
    const fetch = stubAmsServer();
    renderAmsView();

    const table = await screen.findByRole('table', { name: 'Parcels and weight by carton label' });
    const rows = within(table)
      .getAllByRole('row')
      .map((row) => Array.from(row.querySelectorAll('th, td'), (cell) => cell.textContent));
    expect(rows).toEqual([
      ['Carton label', 'Parcels', 'Weight'],
      ['CTN-1', '2', '2.50 kg'],
      ['CTN-2', '1', '2.06 kg'],
      ['Total', '3', '4.56 kg'],
    ]);
    const region = screen.getByRole('group', { name: 'Parcels and weight by carton label' });
    expect(region).toHaveAttribute('tabindex', '0');
    expect(callsTo(fetch, 'GET', '/orders/statisticForAms')[0]?.query.get('ams_sid')).toBe('ams-1');
  });

  it('keeps Submit AMS off once the filing failed, until it is set back to initiated', async () => {
    stubAmsServer({ ams: ams({ submit_status: 'failed', submit_reason: 'No HS code' }) });
    renderAmsView();

    await screen.findByRole('textbox', { name: /^Name/ });
    expect(button('Submit AMS')).toBeDisabled();
    expect(button('Update')).toBeEnabled();
    expect(screen.getByText('Failed')).toBeInTheDocument();
    expect(screen.getByText('No HS code')).toBeInTheDocument();
  });

  it('sets a failed filing back to initiated, so it can be filed again', async () => {
    const fetch = stubAmsServer({
      ams: ams({ submit_status: 'failed', submit_reason: 'No HS code' }),
      extra: (request) =>
        request.method === 'PUT' && request.path === '/ams/ams-1' ? { status: 200, body: ams() } : undefined,
    });
    const { user } = renderAmsView();

    await user.click(await screen.findByRole('button', { name: 'Set back to initiated' }));
    expect(await screen.findByText('Successfully updated')).toBeInTheDocument();
    expect(callsTo(fetch, 'PUT', '/ams/ams-1')[0]?.body).toEqual({ submit_status: 'initiated' });
  });

  it('keeps Update (and Submit AMS) off while the AMS is being filed', async () => {
    stubAmsServer({ ams: ams({ is_updating: true }) });
    renderAmsView();

    await screen.findByRole('textbox', { name: /^Name/ });
    expect(button('Update')).toBeDisabled();
    expect(button('Submit AMS')).toBeDisabled();
    expect(
      screen.getByText('This AMS is being filed: Update is off until the filing ends.'),
    ).toBeInTheDocument();
  });

  it('updates the AMS, its status included', async () => {
    const fetch = stubAmsServer({
      extra: (request) =>
        request.method === 'PUT' && request.path === '/ams/ams-1'
          ? { status: 200, body: ams({ status: 'closed' }) }
          : undefined,
    });
    const { user } = renderAmsView();

    await user.click(await screen.findByRole('combobox', { name: /^Status/ }));
    await user.click(await screen.findByRole('option', { name: 'Closed' }));
    await user.click(button('Update'));

    expect(await screen.findByText('Successfully updated')).toBeInTheDocument();
    expect(callsTo(fetch, 'PUT', '/ams/ams-1')[0]?.body).toMatchObject({
      status: 'closed',
      name: 'SGN-LAX 23 Nov',
      masterAirWaybill: GOOD_MAWB,
      departureDate: '2026-11-23T14:30:00.000Z',
    });
    expect(screen.getByTestId('location')).toHaveTextContent('/internal/ams/ams-1/view');
  });
});
