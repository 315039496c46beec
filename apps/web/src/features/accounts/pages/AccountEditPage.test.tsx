import { Messages, Role } from '@parcelops/shared';
import { screen, waitFor } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { stubFetch } from '../../../test/fetch.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { signInAs } from '../../../test/session.ts';
import { sellerAccount } from '../testing/account-fixtures.ts';
import { AccountEditPage } from './AccountEditPage.tsx';

const account = sellerAccount();

function renderPage(sid: string) {
  return renderWithProviders(
    <Routes>
      <Route path="/internal/accounts/:sid/edit" element={<AccountEditPage />} />
    </Routes>,
    { route: `/internal/accounts/${sid}/edit` },
  );
}

describe('AccountEditPage', () => {
  it("shows the server's refusal when an account user opens another account", async () => {
    signInAs(Role.account, { account_sid: 'acc-1' });
    stubFetch(({ path }) =>
      path === '/accounts/acc-2'
        ? { status: 403, body: { msg: Messages.noAccess, code: 'FORBIDDEN' } }
        : undefined,
    );
    renderPage('acc-2');

    // Once, inline, and not also as a toast (an error shows once); no Retry: a refusal stays a refusal.
    await waitFor(() => expect(screen.getAllByText(Messages.noAccess)).toHaveLength(1));
    expect(screen.queryByRole('button', { name: 'Retry' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Save' })).not.toBeInTheDocument();
  });

  it('lets an admin top up the balance, with the keys and the credit report beside the form', async () => {
    signInAs(Role.admin);
    let balance = account.credit_balance;
    const fetch = stubFetch(({ method, path, body }) => {
      if (path === '/accounts/acc-1' && method === 'GET') {
        return { status: 200, body: { ...account, credit_balance: balance } };
      }
      if (path === '/accounts/acc-1' && method === 'PUT') {
        balance += (body as { topup: number }).topup;
        return { status: 200, body: { ...account, credit_balance: balance } };
      }
      if (path === '/vendors') return { status: 200, body: [{ sid: 'ven-1', name: 'Acme Express' }] };
      if (path === '/keys') return { status: 200, body: [] };
      return undefined;
    });
    const { user } = renderPage('acc-1');

    expect(await screen.findByRole('textbox', { name: 'Name' })).toHaveValue('Seller One');
    expect(screen.getByRole('button', { name: 'Create API key' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Download' })).toBeInTheDocument();
    expect(screen.getByTestId('credit-balance')).toHaveTextContent('1,500.00 USD');

    await user.type(screen.getByRole('textbox', { name: 'Topup' }), '-200');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText(Messages.accountUpdated)).toBeInTheDocument();
    const put = fetch.mock.calls.find(([, init]) => init?.method === 'PUT');
    expect(JSON.parse(String(put?.[1]?.body))).toMatchObject({ name: 'Seller One', topup: -200 });
    await waitFor(() => expect(screen.getByTestId('credit-balance')).toHaveTextContent('1,300.00 USD'));
    expect(screen.getByRole('textbox', { name: 'Topup' })).toHaveValue('');
  });

  it('offers a seller the credit usage report of their account only while it pays from credit', async () => {
    signInAs(Role.account, { account_sid: 'acc-1' });
    let usesCredit = true;
    stubFetch(({ path }) => {
      if (path === '/accounts/acc-1') return { status: 200, body: { ...account, use_credit: usesCredit } };
      if (path === '/keys') return { status: 200, body: [] };
      return undefined;
    });
    const first = renderPage('acc-1');
    expect(await screen.findByRole('group', { name: 'Credit usage report' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Download' })).toBeInTheDocument();
    first.unmount();

    usesCredit = false;
    renderPage('acc-1');
    expect(await screen.findByRole('textbox', { name: 'Name' })).toHaveValue('Seller One');
    expect(screen.queryByRole('group', { name: 'Credit usage report' })).not.toBeInTheDocument();
  });
});
