import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { stubFetch } from '../test/fetch.ts';
import { renderWithProviders } from '../test/render.tsx';
import { AccountSelect } from './AccountSelect.tsx';

const accounts = [
  { sid: 'acc-1', name: 'Seller One' },
  { sid: 'acc-2', name: 'Seller Two' },
];

function stubAccounts(status = 200) {
  return stubFetch(({ method, path }) => {
    if (method === 'GET' && path === '/accounts')
      return status === 200
        ? { status, body: accounts }
        : { status, body: { msg: 'The accounts are resting', code: 'UNKNOWN' } };
    if (method === 'GET' && path === '/accounts/acc-2') return { status: 200, body: accounts[1] };
    return undefined;
  });
}

describe('AccountSelect', () => {
  it('offers every account but the excluded one, and says when nothing matches', async () => {
    stubAccounts();
    const { user } = renderWithProviders(
      <AccountSelect placeholder="All accounts" value={null} onChange={vi.fn()} exclude="acc-1" />,
    );

    const picker = screen.getByPlaceholderText('All accounts');
    expect(picker).toHaveAccessibleName('Account');
    await user.click(picker);
    expect(await screen.findByRole('option', { name: 'Seller Two' })).toBeInTheDocument();
    expect(screen.queryByRole('option', { name: 'Seller One' })).not.toBeInTheDocument();
    await user.type(picker, 'zzz');
    expect(await screen.findByText('No account matches')).toBeInTheDocument();
  });

  it('shows someone who is not an admin only their own account, fixed', async () => {
    const fetch = stubAccounts();
    renderWithProviders(
      <AccountSelect label="Account" onlyAccount="acc-2" value="acc-2" onChange={vi.fn()} />,
    );

    expect(await screen.findByDisplayValue('Seller Two')).toBeDisabled();
    expect(fetch.mock.calls.map(([url]) => String(url))).not.toContainEqual(
      expect.stringMatching(/accounts$/),
    );
  });

  it('leads with an "All" option that cannot be cleared away', async () => {
    stubAccounts();
    renderWithProviders(
      <AccountSelect allOption={{ value: 'all', label: 'All' }} value="all" onChange={vi.fn()} />,
    );

    expect(await screen.findByDisplayValue('All')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /clear/i })).not.toBeInTheDocument();
  });

  it('can show a failed load under the field it leaves empty', async () => {
    stubAccounts(503);
    renderWithProviders(<AccountSelect loadFailure="field" value={null} onChange={vi.fn()} />);

    expect(await screen.findByText('The accounts are resting')).toBeInTheDocument();
  });
});
