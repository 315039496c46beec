import { Role } from '@parcelops/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import type { stubFetch } from '../../../test/fetch.ts';
import { orderSummary } from '../../../test/order-fixtures.ts';
import { signInAs } from '../../../test/session.ts';
import {
  lastQuery,
  type OrdersHandler,
  renderOrdersListPage,
  stubOrdersServer,
} from '../testing/orders-list-page.tsx';

const generated = orderSummary({ sid: 'ord-1', orderNumber: 'ORD-1001', status: 0 });
const failed = orderSummary({
  sid: 'ord-2',
  orderNumber: 'ORD-1002',
  status: 5,
  barcode: 'PO2',
  reason: 'Address refused by the carrier',
});
const statistic = [
  { status: 0, count: 50 },
  { status: 5, count: 1 },
];

const stubServer = (rows = [generated, failed], total = rows.length, extra?: OrdersHandler) =>
  stubOrdersServer({ rows, total, statistic, accounts: [], extra });

const urlOf = (input: unknown) => new URL(String(input), 'http://localhost');

const posted = (fetch: ReturnType<typeof stubFetch>, path: string) =>
  fetch.mock.calls
    .filter(([input, init]) => urlOf(input).pathname.endsWith(path) && init?.method === 'POST')
    .map(([, init]) => JSON.parse(String(init?.body)));

/** The query strings POST `path` was called with. */
const postedQueries = (fetch: ReturnType<typeof stubFetch>, path: string) =>
  fetch.mock.calls
    .filter(([input, init]) => urlOf(input).pathname.endsWith(path) && init?.method === 'POST')
    .map(([input]) => urlOf(input).search);

/** The names files were saved under: saveFile names the link it clicks. */
function savedFileNames() {
  const names: string[] = [];
  const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
    this: HTMLAnchorElement,
  ) {
    names.push(this.download);
  });
  onTestFinished(() => click.mockRestore());
  return names;
}

afterEach(() => localStorage.clear());

describe('OrdersListPage states', () => {
  it('shows skeleton rows while loading, never "No data." or zero counts', async () => {
    signInAs(Role.admin);
    vi.stubGlobal(
      'fetch',
      vi.fn(() => new Promise(() => undefined)),
    );
    renderOrdersListPage();

    expect(await screen.findByRole('heading', { level: 1, name: 'Orders' })).toBeInTheDocument();
    expect(document.querySelectorAll('tbody .mantine-Skeleton-root').length).toBeGreaterThan(0);
    expect(screen.queryByText('No data.')).not.toBeInTheDocument();
    expect(screen.queryByText('0 orders')).not.toBeInTheDocument();
    expect(screen.getByRole('group', { name: 'Status' })).toHaveAttribute('aria-busy', 'true');
    expect(screen.getByRole('button', { name: 'All' })).toBeInTheDocument();
  });

  it("shows the server's msg with Retry after a failure, then the orders", async () => {
    signInAs(Role.admin);
    let fail = true;
    stubServer([generated], 1, ({ method, path }) =>
      method === 'GET' && path === '/orders' && fail
        ? { status: 500, body: { msg: 'The database is not answering.', code: 'INTERNAL' } }
        : undefined,
    );
    const { user } = renderOrdersListPage();

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The database is not answering.');
    expect(screen.queryByText('No data.')).not.toBeInTheDocument();
    fail = false;
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('ORD-1001')).toBeInTheDocument();
  });

  it("shows a Failed order's reason in the list", async () => {
    signInAs(Role.admin);
    stubServer();
    renderOrdersListPage();
    expect(await screen.findByText('Reason: Address refused by the carrier')).toBeInTheDocument();
  });
});

describe('OrdersListPage sorting and columns', () => {
  it('sorts on the server by the pressed header, keeping the order in the URL', async () => {
    signInAs(Role.admin);
    const fetch = stubServer();
    const { user } = renderOrdersListPage();
    await screen.findByText('ORD-1001');

    expect(screen.getByRole('columnheader', { name: /Created/ })).toHaveAttribute('aria-sort', 'descending');
    await user.click(screen.getByRole('button', { name: 'Order number' }));
    expect(screen.getByTestId('location')).toHaveTextContent('sort=orderNumber&direction=asc');
    await waitFor(() => expect(lastQuery(fetch, '/orders')?.get('sort')).toBe('orderNumber'));
    expect(lastQuery(fetch, '/orders')?.get('direction')).toBe('asc');
    expect(screen.getByRole('columnheader', { name: /Order number/ })).toHaveAttribute(
      'aria-sort',
      'ascending',
    );

    await user.click(screen.getByRole('button', { name: 'Order number' }));
    await waitFor(() => expect(lastQuery(fetch, '/orders')?.get('direction')).toBe('desc'));
    // The counts do not depend on the order.
    expect(lastQuery(fetch, '/orders/statistic')?.get('sort')).toBeNull();
  });

  it('remembers the columns chosen, per user', async () => {
    signInAs(Role.admin, { sub: 'user-7' });
    stubServer();
    const first = renderOrdersListPage();
    await screen.findByText('ORD-1001');
    expect(screen.getByRole('columnheader', { name: 'Customer' })).toBeInTheDocument();

    await first.user.click(screen.getByRole('button', { name: 'Columns' }));
    await first.user.click(await screen.findByRole('checkbox', { name: 'Customer' }));
    expect(screen.queryByRole('columnheader', { name: 'Customer' })).not.toBeInTheDocument();
    first.unmount();

    renderOrdersListPage();
    await screen.findByText('ORD-1001');
    expect(screen.queryByRole('columnheader', { name: 'Customer' })).not.toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: 'Price' })).toBeInTheDocument();
  });
});

describe('OrdersListPage bulk actions', () => {
  it('deletes every order that matches after a confirmation that says how many', async () => {
    signInAs(Role.admin);
    const fetch = stubServer([generated, failed], 120, ({ method, path }) =>
      method === 'POST' && path === '/orders/delete'
        ? {
            status: 200,
            body: {
              deleted: 119,
              skipped: [
                {
                  sid: 'ord-2',
                  orderNumber: 'ORD-1002',
                  msg: 'Only orders in status Generated can be deleted.',
                },
              ],
            },
          }
        : undefined,
    );
    const { user } = renderOrdersListPage('?status=0');
    await screen.findByText('ORD-1001');

    await user.click(screen.getByRole('checkbox', { name: 'Select every order on this page' }));
    expect(screen.getByText('2 selected')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Select all 120 that match' }));
    expect(screen.getByText('All 120 orders that match are selected.')).toBeInTheDocument();

    await user.click(
      within(screen.getByRole('region', { name: 'Bulk actions' })).getByRole('button', { name: 'Delete' }),
    );
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Delete 120 orders?');
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));

    expect(
      await screen.findByText(
        'Deleted 119 orders. 1 not deleted: Only orders in status Generated can be deleted.',
      ),
    ).toBeInTheDocument();
    const [body] = posted(fetch, '/orders/delete');
    expect(body.sids).toBeUndefined();
    expect(body.filter).toMatchObject({ status: 0 });
    expect(body.filter.from_date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });

  it('prints the labels of the ticked orders as one download', async () => {
    signInAs(Role.operator);
    const createObjectURL = vi.fn(() => 'blob:labels');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    const names = savedFileNames();
    const fetch = stubServer([generated, failed], 2, ({ method, path }) =>
      method === 'POST' && path === '/orders/labels'
        ? { status: 200, body: {}, headers: { 'x-labels-printed': '2', 'x-labels-skipped': '0' } }
        : undefined,
    );
    const { user } = renderOrdersListPage();
    await screen.findByText('ORD-1001');

    await user.click(screen.getByRole('checkbox', { name: 'Select order ORD-1001' }));
    await user.click(screen.getByRole('checkbox', { name: 'Select order ORD-1002' }));
    // Operators print and export, but do not delete.
    const bar = screen.getByRole('region', { name: 'Bulk actions' });
    expect(within(bar).queryByRole('button', { name: 'Delete' })).not.toBeInTheDocument();
    expect(within(bar).getByRole('radio', { name: 'PDF' })).toBeChecked();
    await user.click(within(bar).getByRole('button', { name: 'Print labels' }));

    await waitFor(() => expect(createObjectURL).toHaveBeenCalled());
    expect(posted(fetch, '/orders/labels')).toEqual([{ sids: ['ord-1', 'ord-2'] }]);
    expect(postedQueries(fetch, '/orders/labels')).toEqual(['?format=pdf']);
    expect(names).toEqual(['labels.pdf']);
  });

  it('prints them as ZPL for a thermal printer at the chosen dpi, and remembers the choice', async () => {
    signInAs(Role.account, { account_sid: 'acc-1' });
    vi.stubGlobal(
      'URL',
      Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:labels'), revokeObjectURL: vi.fn() }),
    );
    const names = savedFileNames();
    const fetch = stubServer([generated, failed], 2, ({ method, path }) =>
      method === 'POST' && path === '/orders/labels'
        ? { status: 200, body: '^XA^XZ', headers: { 'x-labels-printed': '1', 'x-labels-skipped': '1' } }
        : undefined,
    );
    const first = renderOrdersListPage();
    await screen.findByText('ORD-1001');

    await first.user.click(screen.getByRole('checkbox', { name: 'Select order ORD-1001' }));
    await first.user.click(screen.getByRole('checkbox', { name: 'Select order ORD-1002' }));
    const bar = screen.getByRole('region', { name: 'Bulk actions' });
    await first.user.click(within(bar).getByText('Thermal (ZPL)'));
    await first.user.click(within(bar).getByText('300 dpi'));
    await first.user.click(within(bar).getByRole('button', { name: 'Print labels' }));

    expect(
      await screen.findByText('Labels of 1 orders downloaded; 1 Order Failed orders were not printed.'),
    ).toBeInTheDocument();
    expect(postedQueries(fetch, '/orders/labels')).toEqual(['?format=zpl&dpi=300']);
    expect(names).toEqual(['labels.zpl']);
    first.unmount();

    const second = renderOrdersListPage();
    await screen.findByText('ORD-1001');
    await second.user.click(screen.getByRole('checkbox', { name: 'Select order ORD-1001' }));
    const again = screen.getByRole('region', { name: 'Bulk actions' });
    expect(within(again).getByRole('radio', { name: 'Thermal (ZPL)' })).toBeChecked();
    expect(within(again).getByRole('radio', { name: '300 dpi' })).toBeChecked();
  });
});
