import { type Order, Role } from '@parcelops/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { type StubRequest, stubFetch } from '../../../test/fetch.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { signInAs } from '../../../test/session.ts';
import { order, orderItem } from '../testing/order-fixtures.ts';
import { OrderViewPage } from './OrderViewPage.tsx';

type Handler = (request: StubRequest) => { status: number; body?: unknown } | undefined;

const events = [
  { description: 'Order created', location: null, eventTime: '2026-11-01T08:30:00.000Z' },
  { description: 'Received at SGN hub', location: 'Sai Gon', eventTime: '2026-11-02T09:00:00.000Z' },
];

function stubServer(shown: Order, extra: Handler = () => undefined) {
  return stubFetch((request) => {
    const answer = extra(request);
    if (answer) return answer;
    if (request.method !== 'GET') return undefined;
    if (request.path === `/orders/${shown.sid}`) return { status: 200, body: shown };
    if (request.path === '/tracking' && request.query.get('filter') === shown.barcode) {
      return { status: 200, body: events };
    }
    if (request.path === '/hs_codes') {
      return { status: 200, body: [{ sid: 'hs-1', hs_code: '6109.10', description: 'T-shirts, knitted' }] };
    }
    return undefined;
  });
}

function renderPage(sid = 'ord-1') {
  return renderWithProviders(
    <Routes>
      <Route path="/internal/orders/:sid/view" element={<OrderViewPage />} />
    </Routes>,
    { route: `/internal/orders/${sid}/view` },
  );
}

const sent = (fetch: ReturnType<typeof stubServer>, method: string) => {
  const call = fetch.mock.calls.find(([, init]) => init?.method === method);
  return call && { url: String(call[0]), body: JSON.parse(String(call[1]?.body)) };
};

describe('OrderViewPage', () => {
  it('shows every field, the items and the tracking events newest first', async () => {
    signInAs(Role.account, { account_sid: 'acc-1' });
    stubServer(order());
    renderPage();

    expect(await screen.findByRole('heading', { name: 'Order ORD-1001' })).toBeInTheDocument();
    expect(screen.getByRole('row', { name: 'weight 1.25 KG' })).toBeInTheDocument();
    expect(screen.getByRole('row', { name: 'phone null' })).toBeInTheDocument();
    expect(screen.getByRole('row', { name: 'status Generated (0)' })).toBeInTheDocument();
    expect(screen.getByRole('row', { name: 'barcode PO123456789' })).toBeInTheDocument();

    const items = screen.getByRole('table', { name: 'Items' });
    expect(
      within(items).getByRole('row', { name: /SKU-TEE Cotton T-shirt 2 300 20×2×30 None/ }),
    ).toBeInTheDocument();

    const tracking = await screen.findByRole('table', { name: 'Tracking events of PO123456789' });
    const rows = within(tracking).getAllByRole('row').slice(1);
    expect(rows[0]).toHaveTextContent('Received at SGN hub');
    expect(rows[0]).toHaveTextContent('Sai Gon');
    expect(rows[1]).toHaveTextContent('Order created');

    expect(screen.getByRole('link', { name: 'Print label' })).toHaveAttribute('href', '/labels/ord-1');
    // Only admins correct an order (spec §5).
    expect(screen.queryByRole('button', { name: 'Edit weight' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Edit customer info' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Edit HS code/ })).not.toBeInTheDocument();
  });

  it('lets an admin set the weight in grams', async () => {
    signInAs(Role.admin);
    const fetch = stubServer(order(), ({ method, path, body }) =>
      method === 'PUT' && path === '/orders/ord-1'
        ? { status: 200, body: order({ weight: (body as { weight: number }).weight }) }
        : undefined,
    );
    const { user } = renderPage();

    await user.click(await screen.findByRole('button', { name: 'Edit weight' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit weight' });
    const weight = within(dialog).getByRole('textbox', { name: /^Weight \(g\)/ });
    expect(weight).toHaveValue('1250');
    await user.clear(weight);
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Weight must be a number')).toBeInTheDocument();

    await user.type(weight, '1500');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Weight updated')).toBeInTheDocument();
    expect(sent(fetch, 'PUT')).toEqual({ url: '/api/v1/orders/ord-1', body: { weight: 1500 } });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByRole('row', { name: 'weight 1.50 KG' })).toBeInTheDocument();
  });

  it("lets an admin correct the customer's details", async () => {
    signInAs(Role.admin);
    const fetch = stubServer(order(), ({ method, body }) =>
      method === 'PUT' ? { status: 200, body: order(body as Partial<Order>) } : undefined,
    );
    const { user } = renderPage();

    await user.click(await screen.findByRole('button', { name: 'Edit customer info' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit customer info' });
    const city = within(dialog).getByRole('textbox', { name: /^City/ });
    await user.clear(city);
    await user.type(city, 'Dallas');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Customer info updated')).toBeInTheDocument();
    expect(sent(fetch, 'PUT')?.body).toEqual({
      name: 'Jane Buyer',
      phone: '',
      address1: '1 Main St',
      address2: '',
      city: 'Dallas',
      state: 'TX',
      postalCode: '73301',
      country: 'US',
    });
  });

  it("lets an admin set an item's HS code", async () => {
    signInAs(Role.admin);
    const fetch = stubServer(order(), ({ method, path }) =>
      method === 'PUT' && path === '/orders/items/item-1'
        ? { status: 200, body: order({ items: [orderItem({ hs_code: '6109.10' })] }) }
        : undefined,
    );
    const { user } = renderPage();

    await user.click(await screen.findByRole('button', { name: 'Edit HS code of SKU-TEE' }));
    await user.click(screen.getByRole('combobox', { name: 'HS code of SKU-TEE' }));
    await user.click(await screen.findByRole('option', { name: /6109\.10/ }));
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('HS Code updated')).toBeInTheDocument();
    expect(sent(fetch, 'PUT')).toEqual({ url: '/api/v1/orders/items/item-1', body: { hs_code: '6109.10' } });
    const items = screen.getByRole('table', { name: 'Items' });
    expect(await within(items).findByText('6109.10')).toBeInTheDocument();
  });

  it('offers no label for an Order Failed order and shows why it failed', async () => {
    signInAs(Role.admin);
    stubServer(order({ status: 10, reason: 'The carrier refused the address' }));
    renderPage();

    expect(await screen.findByRole('heading', { name: 'Order ORD-1001' })).toBeInTheDocument();
    expect(screen.getByRole('row', { name: 'reason The carrier refused the address' })).toBeInTheDocument();
    expect(screen.getByRole('row', { name: 'status Order Failed (10)' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Print label' })).not.toBeInTheDocument();
  });

  it("shows the server's msg for an order it will not show", async () => {
    signInAs(Role.account, { account_sid: 'acc-1' });
    stubFetch(() => ({ status: 404, body: { msg: 'Order not found', code: 'NOT_FOUND' } }));
    renderPage('ord-9');

    expect(await screen.findAllByText('Order not found')).not.toHaveLength(0);
    expect(screen.getByRole('link', { name: 'Back to orders' })).toHaveAttribute('href', '/internal/orders');
  });
});
