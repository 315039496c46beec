import { type Order, Role } from '@parcelops/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { stubFetch } from '../../../test/fetch.ts';
import { order, orderItem } from '../../../test/order-fixtures.ts';
import { signInAs } from '../../../test/session.ts';
import { renderPage, sent, stubServer } from '../testing/order-view-page.tsx';

describe('OrderViewPage', () => {
  it('shows the order in cards (no raw Details table), the items and the tracking events newest first', async () => {
    signInAs(Role.account, { account_sid: 'acc-1' });
    const fetch = stubServer(order());
    renderPage();

    expect(await screen.findByRole('heading', { name: 'Order ORD-1001' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Details' })).not.toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Status' })).toHaveTextContent('Generated');
    const parcel = screen.getByRole('region', { name: 'Parcel' });
    expect(parcel).toHaveTextContent('1.25 kg');
    expect(parcel).toHaveTextContent('180,000 VND');
    expect(parcel).toHaveTextContent('PO123456789');
    expect(parcel).toHaveTextContent('ORD-1001');
    expect(screen.queryByText('null')).not.toBeInTheDocument();

    const items = screen.getByRole('table', { name: 'Items' });
    expect(
      within(items).getByRole('row', { name: /SKU-TEE Cotton T-shirt 2 300 20×2×30 None/ }),
    ).toBeInTheDocument();

    const tracking = await screen.findByRole('list', { name: 'Tracking events of PO123456789' });
    const rows = within(tracking).getAllByRole('listitem');
    expect(rows[0]).toHaveTextContent('Received at SGN hub');
    expect(rows[0]).toHaveTextContent('Sai Gon');
    expect(rows[1]).toHaveTextContent('Order created');

    expect(screen.getByRole('link', { name: 'Print label' })).toHaveAttribute('href', '/labels/ord-1');
    // Only admins correct an order (spec §5).
    expect(screen.queryByRole('button', { name: 'Edit weight' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Edit customer info' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Edit item/ })).not.toBeInTheDocument();
    // Sellers see no history, and their browser never asks for it.
    expect(screen.queryByTestId('order-history')).not.toBeInTheDocument();
    expect(fetch.mock.calls.some(([url]) => String(url).includes('/history'))).toBe(false);
  });

  it("shows each item's declared value in USD and its origin, or None when no value is declared", async () => {
    signInAs(Role.account, { account_sid: 'acc-1' });
    stubServer(
      order({
        items: [
          orderItem({ sid: 'item-1', declaredValue: 12.5, originCountry: 'CN' }),
          orderItem({ sid: 'item-2', skuNumber: 'SKU-MUG', declaredValue: null, originCountry: 'VN' }),
        ],
      }),
    );
    renderPage();

    const items = await screen.findByRole('table', { name: 'Items' });
    expect(within(items).getByRole('columnheader', { name: 'Value (USD)' })).toBeInTheDocument();
    expect(within(items).getByRole('columnheader', { name: 'Origin' })).toBeInTheDocument();
    expect(within(items).getByRole('row', { name: /^SKU-TEE .* None 12\.50 CN$/ })).toBeInTheDocument();
    expect(within(items).getByRole('row', { name: /^SKU-MUG .* None None VN$/ })).toBeInTheDocument();
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
    expect(screen.getByTestId('order-summary-weight')).toHaveTextContent('1.50 kg');
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

  it("lets an admin set an item's HS code in the item's correction", async () => {
    signInAs(Role.admin);
    const fetch = stubServer(order(), ({ method, path }) =>
      method === 'PUT' && path === '/orders/items/item-1'
        ? { status: 200, body: order({ items: [orderItem({ hs_code: '6109.10' })], items_version: 1 }) }
        : undefined,
    );
    const { user } = renderPage();

    await user.click(await screen.findByRole('button', { name: 'Edit item SKU-TEE' }));
    const dialog = await screen.findByRole('dialog', { name: 'Correct item' });
    await user.click(within(dialog).getByRole('combobox', { name: 'HS code' }));
    await user.click(await screen.findByRole('option', { name: /6109\.10/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Item SKU-TEE updated')).toBeInTheDocument();
    expect(sent(fetch, 'PUT')).toEqual({
      url: '/api/v1/orders/items/item-1',
      body: { items_version: 0, hs_code: '6109.10' },
    });
    const items = screen.getByRole('table', { name: 'Items' });
    expect(await within(items).findByText('6109.10')).toBeInTheDocument();
  });

  it('offers no label for an Order Failed order and shows why it failed', async () => {
    signInAs(Role.admin);
    stubServer(order({ status: 10, reason: 'The carrier refused the address' }));
    renderPage();

    expect(await screen.findByRole('heading', { name: 'Order ORD-1001' })).toBeInTheDocument();
    expect(screen.getByTestId('order-status')).toHaveTextContent(
      'StatusOrder FailedReason: The carrier refused the address',
    );
    expect(screen.queryByRole('link', { name: 'Print label' })).not.toBeInTheDocument();
  });

  it("shows the server's msg for an order it will not show", async () => {
    signInAs(Role.account, { account_sid: 'acc-1' });
    stubFetch(() => ({ status: 404, body: { msg: 'Order not found', code: 'NOT_FOUND' } }));
    renderPage('ord-9');

    // Once, inline, not a toast as well; no Retry: a 404 will answer the same again.
    expect(await screen.findByText('Order not found')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Retry' })).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'View order' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to orders' })).toHaveAttribute('href', '/internal/orders');
  });
  it('leads with a summary: customer, seller, money, weight in kg, sizes in cm, and the manifest when in one', async () => {
    signInAs(Role.account, { account_sid: 'acc-1' });
    stubServer(
      order({
        phone: '0901234567',
        sellerInformation: { name: 'Shop A', address1: '9 Dock St', city: 'HCM', country: 'VN' },
        ams_sid: 'ams-1',
        ams_masterAirWaybill: '123-45678901',
        ams_carton_label: 'CTN-7',
        ams_automatedManifestSystemId: 'AMS-99',
      }),
    );
    renderPage();

    const customer = await screen.findByRole('region', { name: 'Customer' });
    expect(customer).toHaveTextContent('Jane Buyer');
    expect(customer).toHaveTextContent('Austin, TX, 73301');
    expect(customer).toHaveTextContent('Phone: 0901234567');
    expect(screen.getByRole('region', { name: 'Seller' })).toHaveTextContent('Shop A9 Dock StHCMVN');
    expect(screen.getByTestId('order-summary-price')).toHaveTextContent('180,000 VND7.50 USD');
    expect(screen.getByTestId('order-summary-weight')).toHaveTextContent('1.25 kg');
    expect(screen.getByRole('region', { name: 'Parcel' })).toHaveTextContent('20 cm × 4 cm × 30 cm');
    const manifest = screen.getByRole('region', { name: 'Manifest' });
    expect(manifest).toHaveTextContent('123-45678901');
    expect(manifest).toHaveTextContent('CTN-7');
  });

  it('shows no manifest block for an order in none', async () => {
    signInAs(Role.account, { account_sid: 'acc-1' });
    stubServer(order());
    renderPage();

    expect(await screen.findByRole('region', { name: 'Customer' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Manifest' })).not.toBeInTheDocument();
    expect(await screen.findByText('This order has not moved any credit.')).toBeInTheDocument();
  });

  it('shows the admin the new price and the credit difference before saving, then the ledger row', async () => {
    signInAs(Role.admin);
    let saved = false;
    const fetch = stubServer(order(), ({ method, path, body }) => {
      if (method === 'GET' && path === '/accounts/acc-1')
        return {
          status: 200,
          body: { sid: 'acc-1', name: 'Seller One', use_credit: true, credit_unit: 'VND' },
        };
      if (method === 'POST' && path === '/orders/quote') {
        const grams = (body as { items: { itemWeight: number }[] }).items[0]?.itemWeight ?? 0;
        return {
          status: 200,
          body:
            grams > 1000 ? { weight: grams, vnd: 400000, usd: 16 } : { weight: grams, vnd: 180000, usd: 7.5 },
        };
      }
      if (method === 'PUT' && path === '/orders/ord-1') {
        saved = true;
        return { status: 200, body: order({ weight: 2000, vnd: 400000, usd: 16 }) };
      }
      if (method === 'GET' && path === '/orders/ord-1/credit_entries' && saved) {
        return {
          status: 200,
          body: [
            {
              kind: 'order_charge',
              amount: -180000,
              balance_after: 820000,
              unit: 'VND',
              note: null,
              date_created: '2026-11-01T08:30:00.000Z',
            },
            {
              kind: 'reweigh',
              amount: -220000,
              balance_after: 600000,
              unit: 'VND',
              note: 'Order ORD-1001: 1250 g to 2000 g',
              date_created: '2026-11-02T08:30:00.000Z',
            },
          ],
        };
      }
      return undefined;
    });
    const { user } = renderPage();

    await user.click(await screen.findByRole('button', { name: 'Edit weight' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit weight' });
    const weight = within(dialog).getByRole('textbox', { name: /^Weight \(g\)/ });
    await user.clear(weight);
    expect(
      within(dialog).getByText('Enter a weight of at least 1 gram to see the new price.'),
    ).toBeInTheDocument();
    await user.type(weight, '2000');

    await waitFor(() =>
      expect(within(dialog).getByTestId('reweigh-price')).toHaveTextContent('400,000 VND · 16.00 USD'),
    );
    expect(within(dialog).getByTestId('reweigh-weight')).toHaveTextContent('2.00 kg');
    await waitFor(() =>
      expect(within(dialog).getByTestId('reweigh-difference')).toHaveTextContent(
        '220,000 VND more will be charged',
      ),
    );
    const quote = fetch.mock.calls.find(([url]) => String(url).endsWith('/orders/quote'));
    expect(JSON.parse(String(quote?.[1]?.body))).toMatchObject({ account_sid: 'acc-1' });
    expect(fetch.mock.calls.some(([, init]) => init?.method === 'PUT')).toBe(false);

    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    const ledger = await screen.findByRole('table', { name: 'Credit entries of this order' });
    expect(
      await within(ledger).findByRole('row', { name: /Re-weigh -220,000 VND 600,000 VND Order ORD-1001/ }),
    ).toBeInTheDocument();
  });

  it('says a lighter weight is refunded', async () => {
    signInAs(Role.admin);
    stubServer(order(), ({ method, path }) => {
      if (method === 'GET' && path === '/accounts/acc-1')
        return {
          status: 200,
          body: { sid: 'acc-1', name: 'Seller One', use_credit: true, credit_unit: 'VND' },
        };
      if (method === 'POST' && path === '/orders/quote')
        return { status: 200, body: { weight: 400, vnd: 100000, usd: 4 } };
      return undefined;
    });
    const { user } = renderPage();
    await user.click(await screen.findByRole('button', { name: 'Edit weight' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit weight' });
    const weight = within(dialog).getByRole('textbox', { name: /^Weight \(g\)/ });
    await user.clear(weight);
    await user.type(weight, '400');
    await waitFor(() =>
      expect(within(dialog).getByTestId('reweigh-difference')).toHaveTextContent(
        '80,000 VND will be refunded',
      ),
    );
  });
});
