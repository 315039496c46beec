import { Messages, Role } from '@parcelops/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { orderSummary } from '../../../test/order-fixtures.ts';
import { signInAs } from '../../../test/session.ts';
import { toDateInput } from '../order-search.ts';
import {
  apiCalls,
  lastQuery,
  type OrdersServer,
  renderOrdersListPage,
  stubOrdersServer,
} from '../testing/orders-list-page.tsx';

const generated = orderSummary({ sid: 'ord-1', orderNumber: 'ORD-1001', status: 0 });
const failed = orderSummary({ sid: 'ord-2', orderNumber: 'ORD-1002', status: 10, barcode: 'PO2' });
const statistic = [
  { status: 0, count: 3 },
  { status: 5, count: 2 },
  { status: 10, count: 1 },
];
const accounts = [
  { sid: 'acc-1', name: 'Seller One' },
  { sid: 'acc-2', name: 'Seller Two' },
];

const stubServer = ({ rows = [generated, failed], total, extra }: Partial<OrdersServer> = {}) =>
  stubOrdersServer({ rows, total, statistic, accounts, extra });
const rowOf = (orderNumber: string) => screen.getByText(orderNumber).closest('tr') as HTMLElement;

describe('OrdersListPage', () => {
  it('shows the status counts and filters by the pressed status', async () => {
    signInAs(Role.admin);
    const fetch = stubServer();
    const { user } = renderOrdersListPage();

    // Each chip is named by what it shows: its label and its count.
    expect(await screen.findByRole('button', { name: 'All 6' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('button', { name: 'Generated 3' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Scanned 0' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Failed 2' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Order Failed 1' })).toBeInTheDocument();
    expect(lastQuery(fetch, '/orders')?.get('status')).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Failed 2' }));

    expect(screen.getByTestId('location')).toHaveTextContent('status=5');
    expect(screen.getByRole('button', { name: 'Failed 2' })).toHaveAttribute('aria-pressed', 'true');
    await waitFor(() => expect(lastQuery(fetch, '/orders')?.get('status')).toBe('5'));
    // The counts are for every status, whichever is pressed.
    expect(lastQuery(fetch, '/orders/statistic')?.get('status')).toBeNull();
  });

  it('sends the first page of 25 orders of the last 15 days', async () => {
    signInAs(Role.admin);
    const fetch = stubServer();
    renderOrdersListPage();

    await screen.findByText('ORD-1001');
    const query = lastQuery(fetch, '/orders');
    const today = new Date();
    const from = new Date(today);
    from.setDate(from.getDate() - 15);
    expect(query?.get('page')).toBe('0');
    expect(query?.get('page_size')).toBe('25');
    expect(query?.get('to_date')).toBe(toDateInput(today));
    expect(query?.get('from_date')).toBe(toDateInput(from));
    expect(screen.getByLabelText('From')).toHaveValue(toDateInput(from));
  });

  it('offers no Delete or Print label on an Order Failed order', async () => {
    signInAs(Role.admin);
    stubServer();
    renderOrdersListPage();

    await screen.findByText('ORD-1002');
    const failedRow = rowOf('ORD-1002');
    expect(within(failedRow).getByText('Order Failed')).toBeInTheDocument();
    expect(within(failedRow).getByRole('link', { name: 'View' })).toHaveAttribute(
      'href',
      '/internal/orders/ord-2/view',
    );
    expect(within(failedRow).queryByRole('link', { name: 'Print label' })).not.toBeInTheDocument();
    expect(within(failedRow).queryByRole('button', { name: 'Delete' })).not.toBeInTheDocument();

    const generatedRow = rowOf('ORD-1001');
    expect(within(generatedRow).getByText('Generated')).toBeInTheDocument();
    expect(within(generatedRow).getByRole('link', { name: 'Print label' })).toHaveAttribute(
      'href',
      '/labels/ord-1',
    );
    expect(within(generatedRow).getByRole('button', { name: 'Delete' })).toBeInTheDocument();
    expect(within(generatedRow).getByText('1.25 kg')).toBeInTheDocument();
    expect(within(generatedRow).getByText('180,000 VND')).toBeInTheDocument();
    expect(within(generatedRow).getByText('7.50 USD')).toBeInTheDocument();
    expect(within(generatedRow).getByText('Seller One')).toBeInTheDocument();
  });

  it('keeps the filters in the URL and sends the text filter after the typing stops', async () => {
    signInAs(Role.operator);
    const fetch = stubServer();
    const { user } = renderOrdersListPage('?account_sid=acc-2&ams_carton_label=CT-9');

    expect(await screen.findByDisplayValue('Seller Two')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Carton label' })).toHaveValue('CT-9');
    await waitFor(() => {
      expect(lastQuery(fetch, '/orders')?.get('account_sid')).toBe('acc-2');
      expect(lastQuery(fetch, '/orders')?.get('ams_carton_label')).toBe('CT-9');
    });

    // The box says what it searches (issue 28): a barcode's beginning among them.
    expect(screen.getByRole('textbox', { name: 'Filter' })).toHaveAccessibleDescription(
      /Order no., barcode, city or ZIP by its start/,
    );
    await user.type(screen.getByRole('textbox', { name: 'Filter' }), 'PO12');
    expect(screen.getByTestId('location')).toHaveTextContent('filter=PO12');
    // Spec §9: nothing is sent until the typing has paused for 1000 ms.
    expect(lastQuery(fetch, '/orders')?.get('filter')).toBeNull();
    await waitFor(() => expect(lastQuery(fetch, '/orders')?.get('filter')).toBe('PO12'), { timeout: 2500 });
    expect(lastQuery(fetch, '/orders/statistic')?.get('filter')).toBe('PO12');

    await user.click(screen.getByRole('checkbox', { name: 'Missing HS code' }));
    expect(screen.getByTestId('location')).toHaveTextContent('filter_missing_hs_code=true');
    await waitFor(() => expect(lastQuery(fetch, '/orders')?.get('filter_missing_hs_code')).toBe('true'));

    await user.click(screen.getByRole('combobox', { name: 'Page size' }));
    await user.click(await screen.findByRole('option', { name: '50' }));
    expect(screen.getByTestId('location')).toHaveTextContent('page_size=50');
    await waitFor(() => expect(lastQuery(fetch, '/orders')?.get('page_size')).toBe('50'));
  });

  it('moves between pages with the page control', async () => {
    signInAs(Role.account, { account_sid: 'acc-1' });
    const fetch = stubServer({ total: 120 });
    const { user } = renderOrdersListPage();

    // 120 orders make 5 pages of 25: 1, 2, » (to 4), 5.
    await user.click(await screen.findByRole('button', { name: 'Page 2' }));

    expect(screen.getByTestId('location')).toHaveTextContent('page=1');
    await waitFor(() => expect(lastQuery(fetch, '/orders')?.get('page')).toBe('1'));
    expect(screen.getByRole('button', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByText('120 orders')).toBeInTheDocument();
  });

  it('shows account users neither the account nor the manifest filters', async () => {
    signInAs(Role.account, { account_sid: 'acc-1' });
    const fetch = stubServer();
    renderOrdersListPage('?account_sid=acc-2');

    await screen.findByText('ORD-1001');
    expect(screen.queryByRole('combobox', { name: 'Account' })).not.toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'Master air waybill' })).not.toBeInTheDocument();
    expect(screen.queryByRole('columnheader', { name: 'Account' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Add order' })).toHaveAttribute('href', '/internal/orders/add');
    expect(lastQuery(fetch, '/orders')?.get('account_sid')).toBeNull();
    expect(apiCalls(fetch, '/accounts')).toHaveLength(0);
  });

  it('says "No data." without orders', async () => {
    signInAs(Role.operator);
    stubServer({ rows: [] });
    renderOrdersListPage();

    expect(await screen.findByText(Messages.noData)).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Pages' })).not.toBeInTheDocument();
    // Operators cannot place orders.
    expect(screen.queryByRole('link', { name: 'Add order' })).not.toBeInTheDocument();
  });

  it('offers operators no Delete: they neither create nor delete orders', async () => {
    signInAs(Role.operator);
    stubServer();
    renderOrdersListPage();

    await screen.findByText('ORD-1001');
    expect(within(rowOf('ORD-1001')).getByRole('link', { name: 'Print label' })).toBeInTheDocument();
    expect(within(rowOf('ORD-1001')).queryByRole('button', { name: 'Delete' })).not.toBeInTheDocument();
  });

  it('deletes a Generated order after confirming', async () => {
    signInAs(Role.admin);
    const fetch = stubServer({
      extra: ({ method, path }) =>
        method === 'DELETE' && path === '/orders/ord-1' ? { status: 200, body: { sid: 'ord-1' } } : undefined,
    });
    const { user } = renderOrdersListPage();

    await screen.findByText('ORD-1001');
    await user.click(within(rowOf('ORD-1001')).getByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Do you want to delete the order ORD-1001?');
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));

    expect(await screen.findByText(Messages.orderDeleted)).toBeInTheDocument();
    expect(fetch.mock.calls.some(([, init]) => init?.method === 'DELETE')).toBe(true);
  });
});
