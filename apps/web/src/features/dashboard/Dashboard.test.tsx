import { type Dashboard as DashboardReply, Role } from '@parcelops/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { stubFetch } from '../../test/fetch.ts';
import { renderWithProviders } from '../../test/render.tsx';
import { signInAs } from '../../test/session.ts';
import { Dashboard } from './Dashboard.tsx';

/** The row at `index`, or a clear failure when there is none. */
function rowAt(rows: HTMLElement[], index: number): HTMLElement {
  const row = rows[index];
  if (!row) throw new Error(`no row ${index}`);
  return row;
}

const sellerReply: DashboardReply = {
  from: '2026-10-25',
  to: '2026-11-23',
  ordersPerDay: [
    { day: '2026-11-20', status: 0, count: 3 },
    { day: '2026-11-20', status: 5, count: 1 },
    { day: '2026-11-23', status: 0, count: 2 },
    { day: '2026-11-23', status: 4, count: 7 },
  ],
  spend: {
    unit: 'VND',
    perDay: [
      { day: '2026-11-20', amount: 720000 },
      { day: '2026-11-23', amount: 1620000 },
    ],
  },
  scansPerDay: [],
};

describe('Dashboard', () => {
  beforeEach(() => {
    // jsdom lays nothing out, so recharts warns that its box has no size; the numbers are what these tests read.
    const warn = console.warn;
    vi.spyOn(console, 'warn').mockImplementation((...args: unknown[]) => {
      if (!String(args[0]).includes('of chart should be greater than 0')) warn(...args);
    });
  });

  it('shows the numbers beside the pictures: totals per status, orders per day and spend per day', async () => {
    signInAs(Role.account, { account_sid: 'acc-1' });
    const fetch = stubFetch(({ path }) =>
      path === '/dashboard' ? { status: 200, body: sellerReply } : undefined,
    );
    renderWithProviders(<Dashboard />);

    expect(await screen.findByRole('heading', { name: 'Orders per day' })).toBeInTheDocument();
    expect(String(fetch.mock.calls[0]?.[0])).toContain('days=30');

    expect(within(screen.getByTestId('total-all')).getByText('13')).toBeInTheDocument();
    expect(within(screen.getByTestId('total-0')).getByText('Generated')).toBeInTheDocument();
    expect(within(screen.getByTestId('total-0')).getByText('5')).toBeInTheDocument();
    expect(within(screen.getByTestId('total-5')).getByText('1')).toBeInTheDocument();
    expect(within(screen.getByTestId('total-4')).getByText('7')).toBeInTheDocument();

    const orders = screen.getByRole('table', { name: 'Orders per day by status' });
    const rows = within(orders).getAllByRole('row');
    // Header, the two days with orders (newest first), the totals.
    expect(rows).toHaveLength(4);
    expect(within(rowAt(rows, 1)).getByRole('rowheader')).toHaveTextContent('Nov 23, 2026');
    expect(
      within(rowAt(rows, 1))
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['2', '7', '0', '9']);
    expect(
      within(rowAt(rows, 3))
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['5', '7', '1', '13']);
    expect(
      within(rowAt(rows, 0))
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Day', 'Generated', 'Delivered', 'Failed', 'Total']);
    expect(screen.getByRole('img', { name: /Stacked bar chart of orders per day/ })).toBeInTheDocument();

    expect(screen.getByRole('heading', { name: 'Spend per day' })).toBeInTheDocument();
    expect(screen.getByTestId('spend-total')).toHaveTextContent('2,340,000 VND');
    const spend = screen.getByRole('table', { name: 'Amount spent per day' });
    expect(
      within(spend)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['1,620,000 VND', '720,000 VND']);
  });

  it('shows no spend section for staff, whose reply covers every account', async () => {
    signInAs(Role.admin);
    stubFetch(({ path }) =>
      path === '/dashboard' ? { status: 200, body: { ...sellerReply, spend: null } } : undefined,
    );
    renderWithProviders(<Dashboard />);
    expect(await screen.findByRole('heading', { name: 'Orders per day' })).toBeInTheDocument();
    expect(screen.getByText('All accounts, last 30 days (UTC days).')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Spend per day' })).not.toBeInTheDocument();
  });

  it('shows a skeleton while loading', async () => {
    signInAs(Role.operator);
    // A reply that never comes keeps the dashboard loading.
    vi.stubGlobal('fetch', () => new Promise<Response>(() => {}));
    renderWithProviders(<Dashboard />);
    expect(screen.getByLabelText('Loading the dashboard…')).toHaveAttribute('aria-busy', 'true');
    expect(screen.queryByRole('heading', { name: 'Orders per day' })).not.toBeInTheDocument();
  });

  it("shows the server's msg with Retry after a failure, and the figures once a retry succeeds", async () => {
    signInAs(Role.admin);
    let fail = true;
    stubFetch(({ path }) => {
      if (path !== '/dashboard') return undefined;
      return fail
        ? { status: 500, body: { msg: 'The database is resting.', code: 'INTERNAL' } }
        : { status: 200, body: { ...sellerReply, spend: null } };
    });
    const { user } = renderWithProviders(<Dashboard />);

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The database is resting.');
    fail = false;
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('heading', { name: 'Orders per day' })).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('alert')).not.toBeInTheDocument());
  });

  it('says so when there were no orders in the last 30 days', async () => {
    signInAs(Role.account, { account_sid: 'acc-1' });
    stubFetch(({ path }) =>
      path === '/dashboard'
        ? { status: 200, body: { ...sellerReply, ordersPerDay: [], spend: { unit: 'USD', perDay: [] } } }
        : undefined,
    );
    renderWithProviders(<Dashboard />);
    expect(await screen.findByText('No orders in the last 30 days')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });
});
