/** The AMS view's work on its orders: carton label renames, bulk removal, the orders table and one removal. */
import { Role } from '@parcelops/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { signInAs } from '../../../test/session.ts';
import { amsOrders, GOOD_MAWB } from '../testing/ams-fixtures.ts';
import { callsTo, renderAmsView, stubAmsServer } from '../testing/ams-pages.tsx';

beforeEach(() => signInAs(Role.admin));

const section = (name: string) => screen.getByRole('region', { name });
type User = ReturnType<typeof renderAmsView>['user'];

async function pick(user: User, box: HTMLElement, option: string) {
  await user.click(box);
  await user.click(await screen.findByRole('option', { name: option }));
}

describe('AmsViewPage orders', () => {
  it('renames a carton label, both labels required, then fetches statistics and orders again', async () => {
    const fetch = stubAmsServer({
      extra: (request) => (request.method === 'PUT' ? { status: 200, body: { updated: 2 } } : undefined),
    });
    const { user } = renderAmsView();
    await screen.findByRole('table', { name: 'Parcels and weight by carton label' });
    const form = section('Update carton label');

    await user.click(within(form).getByRole('button', { name: 'Update carton label' }));
    expect(await within(form).findByText('Old carton label is required')).toBeInTheDocument();
    expect(within(form).getByText('New carton label is required')).toBeInTheDocument();
    expect(callsTo(fetch, 'PUT', '/ams/ams-1/update-carton-label')).toHaveLength(0);

    await pick(user, within(form).getByRole('combobox', { name: /^Old carton label/ }), 'CTN-1');
    await user.type(within(form).getByRole('textbox', { name: /^New carton label/ }), 'CTN-9');
    const statisticCalls = callsTo(fetch, 'GET', '/orders/statisticForAms').length;
    const orderCalls = callsTo(fetch, 'GET', '/orders').length;
    await user.click(within(form).getByRole('button', { name: 'Update carton label' }));

    expect(await screen.findByText('Successfully updated carton label')).toBeInTheDocument();
    expect(callsTo(fetch, 'PUT', '/ams/ams-1/update-carton-label')[0]?.body).toEqual({
      old_ams_carton_label: 'CTN-1',
      new_ams_carton_label: 'CTN-9',
    });
    await waitFor(() => {
      expect(callsTo(fetch, 'GET', '/orders/statisticForAms').length).toBeGreaterThan(statisticCalls);
      expect(callsTo(fetch, 'GET', '/orders').length).toBeGreaterThan(orderCalls);
    });
  });

  it('removes orders in bulk by master air waybill only with a value, after confirmation', async () => {
    const fetch = stubAmsServer({
      extra: (request) =>
        request.method === 'DELETE' && request.path === '/ams/orders'
          ? { status: 200, body: { removed: 3 } }
          : undefined,
    });
    const { user } = renderAmsView();
    await screen.findByRole('table', { name: 'Parcels and weight by carton label' });
    const form = section('Delete AMS orders');

    await user.click(within(form).getByRole('button', { name: 'Delete AMS orders' }));
    expect(await within(form).findByText('Enter the master air waybill')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    // Typed without the dash, sent as the server stores it.
    await user.type(within(form).getByRole('textbox', { name: /^Master air waybill/ }), '15712345675');
    await user.click(within(form).getByRole('button', { name: 'Delete AMS orders' }));
    const dialog = await screen.findByRole('dialog');
    expect(
      within(dialog).getByText(`Take every order with master air waybill ${GOOD_MAWB} out of this AMS?`),
    ).toBeInTheDocument();
    expect(callsTo(fetch, 'DELETE', '/ams/orders')).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));

    expect(await screen.findByText('Deleted AMS Orders')).toBeInTheDocument();
    const query = callsTo(fetch, 'DELETE', '/ams/orders')[0]?.query;
    expect(Object.fromEntries(query ?? [])).toEqual({ ams_sid: 'ams-1', masterAirWaybill: GOOD_MAWB });
  });

  it('removes orders in bulk by carton label, and shows a refusal with the spec prefix', async () => {
    const fetch = stubAmsServer({
      extra: (request) =>
        request.method === 'DELETE'
          ? { status: 409, body: { msg: 'A submitted AMS cannot lose parcels', code: 'CONFLICT' } }
          : undefined,
    });
    const { user } = renderAmsView();
    await screen.findByRole('table', { name: 'Parcels and weight by carton label' });
    const form = section('Delete AMS orders');

    await user.click(within(form).getByRole('radio', { name: 'Carton label' }));
    await user.click(within(form).getByRole('button', { name: 'Delete AMS orders' }));
    expect(await within(form).findByText('Choose the carton label')).toBeInTheDocument();

    await pick(user, within(form).getByRole('combobox', { name: /^Carton label/ }), 'CTN-2');
    await user.click(within(form).getByRole('button', { name: 'Delete AMS orders' }));
    const dialog = await screen.findByRole('dialog');
    expect(
      within(dialog).getByText('Take every order with carton label CTN-2 out of this AMS?'),
    ).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));

    expect(
      await screen.findByText('Failed To Delete AMS Orders: A submitted AMS cannot lose parcels'),
    ).toBeInTheDocument();
    const query = callsTo(fetch, 'DELETE', '/ams/orders')[0]?.query;
    expect(Object.fromEntries(query ?? [])).toEqual({ ams_sid: 'ams-1', ams_carton_label: 'CTN-2' });
  });

  it('lists the orders 200 at a time, each leading to its order page', async () => {
    stubAmsServer({ orders: amsOrders(450) });
    const { user } = renderAmsView();

    const orders = await screen.findByRole('region', { name: 'Orders in this AMS' });
    const link = await within(orders).findByRole('link', { name: 'PO000000001' });
    expect(link).toHaveAttribute('href', '/internal/orders/ord-1/view');
    const row = link.closest('tr') as HTMLElement;
    expect(within(row).getByText('ORD-1001')).toBeInTheDocument();
    expect(within(row).getByText('CTN-1')).toBeInTheDocument();
    expect(within(row).getByText('1.25 kg')).toBeInTheDocument();
    expect(within(row).getByText('Scanned')).toBeInTheDocument();
    expect(orders.querySelectorAll('tr[data-row-id]')).toHaveLength(200);
    expect(within(orders).getByText('450 orders')).toBeInTheDocument();

    await user.click(within(orders).getByRole('button', { name: 'Page 3' }));
    expect(orders.querySelectorAll('tr[data-row-id]')).toHaveLength(50);
    expect(within(orders).getByRole('link', { name: 'PO000000401' })).toBeInTheDocument();
  });

  it('takes one order out of the AMS after confirmation', async () => {
    const fetch = stubAmsServer({
      extra: (request) =>
        request.method === 'DELETE' && request.path === '/ams/order/ord-2'
          ? { status: 200, body: { removed: 1 } }
          : undefined,
    });
    const { user } = renderAmsView();

    await user.click(await screen.findByRole('button', { name: 'Remove PO000000002 from the AMS' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Take the order PO000000002 out of this AMS?')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));

    expect(await screen.findByText('Order AMS deleted')).toBeInTheDocument();
    expect(callsTo(fetch, 'DELETE', '/ams/order/ord-2')).toHaveLength(1);
  });
});
