import { type BatchOrder, Messages, Role } from '@parcelops/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { stubFetch } from '../../../test/fetch.ts';
import { signInAs } from '../../../test/session.ts';
import { batchOrder } from '../testing/batch-fixtures.ts';
import { renderBatchList } from '../testing/batch-pages.tsx';

const accounts = [
  { sid: 'acc-1', name: 'Seller One' },
  { sid: 'acc-2', name: 'Seller Two' },
];
const done = batchOrder({ sid: 'bat-1', status: 'success', orders: 118, total_charge: 21240000 });
const failed = batchOrder({ sid: 'bat-2', name: 'Bad sheet', status: 'failed', account_name: 'Seller Two' });

function stubList(rows: BatchOrder[] = [done, failed], total = rows.length) {
  return stubFetch((request) => {
    if (request.method !== 'GET') return undefined;
    if (request.path === '/batch_orders') return { status: 200, body: { data: rows, total } };
    if (request.path === '/accounts') return { status: 200, body: accounts };
    return undefined;
  });
}

const listQueries = (fetch: ReturnType<typeof stubList>) =>
  fetch.mock.calls
    .map(([input]) => new URL(String(input), 'http://localhost'))
    .filter((url) => url.pathname === '/api/v1/batch_orders')
    .map((url) => url.searchParams);
const lastQuery = (fetch: ReturnType<typeof stubList>) => listQueries(fetch).at(-1);
const rowOf = (name: string) => screen.getByRole('link', { name }).closest('tr') as HTMLElement;

describe('BatchOrdersListPage', () => {
  it('lists the batches with their status, orders and charge, each leading to its view', async () => {
    signInAs(Role.admin);
    const fetch = stubList();
    renderBatchList();

    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Batch orders');
    expect(screen.getByRole('link', { name: 'Add batch order' })).toHaveAttribute(
      'href',
      '/internal/batch_orders/add',
    );
    const table = await screen.findByRole('table', { name: 'Batch orders' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Name', 'Account', 'Status', 'Orders', 'Total charge', 'Created']);
    await screen.findByRole('link', { name: 'November drop' });
    expect(screen.getByRole('link', { name: 'November drop' })).toHaveAttribute(
      'href',
      '/internal/batch_orders/bat-1/view',
    );
    const row = rowOf('November drop');
    expect(within(row).getByText('Processed')).toBeInTheDocument();
    expect(within(row).getByText('118')).toBeInTheDocument();
    expect(within(row).getByText('21,240,000 VND')).toBeInTheDocument();
    expect(within(row).getByText('Seller One')).toBeInTheDocument();
    expect(within(rowOf('Bad sheet')).getByText('Failed')).toBeInTheDocument();
    expect(screen.getByText('2 batch orders')).toBeInTheDocument();

    const query = lastQuery(fetch);
    expect(query?.get('page')).toBe('0');
    expect(query?.get('page_size')).toBe('25');
    expect(query?.get('from_date')).toBeNull();
    expect(query?.get('filter')).toBeNull();
  });

  it('keeps the filters in the URL and sends them', async () => {
    signInAs(Role.operator);
    const fetch = stubList();
    const { user } = renderBatchList('?account_sid=acc-2');

    expect(await screen.findByDisplayValue('Seller Two')).toBeInTheDocument();
    await waitFor(() => expect(lastQuery(fetch)?.get('account_sid')).toBe('acc-2'));

    await user.type(screen.getByRole('textbox', { name: 'Filter' }), 'Nov');
    expect(screen.getByTestId('location')).toHaveTextContent('filter=Nov');
    await waitFor(() => expect(lastQuery(fetch)?.get('filter')).toBe('Nov'));

    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-11-01' } });
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2026-11-30' } });
    expect(screen.getByTestId('location')).toHaveTextContent('from_date=2026-11-01');
    await waitFor(() => {
      expect(lastQuery(fetch)?.get('from_date')).toBe('2026-11-01');
      expect(lastQuery(fetch)?.get('to_date')).toBe('2026-11-30');
    });

    await user.click(screen.getByRole('combobox', { name: 'Page size' }));
    await user.click(await screen.findByRole('option', { name: '50' }));
    await waitFor(() => expect(lastQuery(fetch)?.get('page_size')).toBe('50'));
    expect(lastQuery(fetch)?.get('account_sid')).toBe('acc-2');
  });

  it('moves between pages, sending the zero-based page', async () => {
    signInAs(Role.account, { account_sid: 'acc-1' });
    const fetch = stubList([done], 60);
    const { user } = renderBatchList();

    await user.click(await screen.findByRole('button', { name: 'Page 2' }));
    expect(screen.getByTestId('location')).toHaveTextContent('page=1');
    await waitFor(() => expect(lastQuery(fetch)?.get('page')).toBe('1'));
    expect(screen.getByText('60 batch orders')).toBeInTheDocument();
  });

  it('shows account users neither the account filter nor the account column', async () => {
    signInAs(Role.account, { account_sid: 'acc-1' });
    const fetch = stubList();
    renderBatchList('?account_sid=acc-2');

    await screen.findByRole('link', { name: 'November drop' });
    expect(screen.queryByRole('combobox', { name: 'Account' })).not.toBeInTheDocument();
    expect(screen.queryByRole('columnheader', { name: 'Account' })).not.toBeInTheDocument();
    expect(lastQuery(fetch)?.get('account_sid')).toBeNull();
  });

  it('says "No data." without batches', async () => {
    signInAs(Role.admin);
    stubList([]);
    renderBatchList();
    expect(await screen.findByText(Messages.noData)).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Pages' })).not.toBeInTheDocument();
  });
});
