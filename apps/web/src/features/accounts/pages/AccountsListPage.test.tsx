import { Role } from '@parcelops/shared';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { stubFetch } from '../../../test/fetch.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { signInAs } from '../../../test/session.ts';
import { sellerAccount } from '../testing/account-fixtures.ts';
import { AccountsListPage } from './AccountsListPage.tsx';

const account = sellerAccount({ credit_balance: 180000, credit_unit: 'VND' });

describe('AccountsListPage', () => {
  it('shows skeleton rows while the list loads, not "No data."', async () => {
    signInAs(Role.admin);
    // An answer that never comes: the list stays loading.
    vi.stubGlobal(
      'fetch',
      vi.fn(() => new Promise<Response>(() => {})),
    );
    const { container } = renderWithProviders(<AccountsListPage />);

    await waitFor(() =>
      expect(container.querySelectorAll('tbody tr[aria-hidden]').length).toBeGreaterThan(0),
    );
    expect(screen.queryByText('No data.')).not.toBeInTheDocument();
  });

  it("shows the server's msg once with Retry, and Retry loads the list", async () => {
    signInAs(Role.admin);
    let failing = true;
    const fetch = stubFetch(({ method, path }) => {
      if (method !== 'GET' || path !== '/accounts') return undefined;
      return failing
        ? { status: 500, body: { msg: 'The database is resting', code: 'INTERNAL' } }
        : { status: 200, body: [account] };
    });
    const { user } = renderWithProviders(<AccountsListPage />);

    // Inline only: no toast repeats it.
    expect(await screen.findByText('The database is resting')).toBeInTheDocument();
    expect(screen.getAllByText('The database is resting')).toHaveLength(1);
    expect(screen.queryByText('No data.')).not.toBeInTheDocument();

    failing = false;
    await user.click(screen.getByRole('button', { name: 'Retry' }));

    expect(await screen.findByText('Seller One')).toBeInTheDocument();
    expect(screen.getByText('180,000 VND')).toBeInTheDocument();
    expect(screen.queryByText('The database is resting')).not.toBeInTheDocument();
    expect(fetch.mock.calls.filter(([url]) => String(url).includes('/accounts'))).toHaveLength(2);
  });

  it('says "No data." only once an empty answer is in, and names the actions column for screen readers', async () => {
    signInAs(Role.admin);
    stubFetch(({ path }) => (path === '/accounts' ? { status: 200, body: [] } : undefined));
    renderWithProviders(<AccountsListPage />);

    expect(await screen.findByText('No data.')).toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: 'Actions' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Accounts' })).toBeInTheDocument();
  });
});
