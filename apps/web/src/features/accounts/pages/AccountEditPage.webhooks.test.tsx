/**
 * The webhooks panel on the account page: saving a hook URL in the account form brings its secret into the
 * panel. Kept beside the page, so the webhooks feature never imports accounts.
 */
import { Role } from '@parcelops/shared';
import { screen } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../test/render.tsx';
import { signInAs } from '../../../test/session.ts';
import { hookState, stubHookServer } from '../../webhooks/testing/hook-fixtures.ts';
import { sellerAccount } from '../testing/account-fixtures.ts';
import { AccountEditPage } from './AccountEditPage.tsx';

const URL = 'https://shop.example.com/hook';

describe('WebhooksPanel on the account page', () => {
  it('shows the signing secret once the seller saves a hook URL', async () => {
    signInAs(Role.account, { account_sid: 'acc-1' });
    let account = sellerAccount();
    const server = stubHookServer({ hook: hookState({ url: null, secret: null }) }, (method, path) => {
      if (path === '/keys') return { status: 200, body: [] };
      if (path !== '/accounts/acc-1') return undefined;
      if (method === 'PUT') {
        account = { ...account, order_status_hook: URL };
        server.state.hook = hookState({ url: URL });
      }
      return { status: 200, body: account };
    });
    const { user } = renderWithProviders(
      <Routes>
        <Route path="/accounts/:sid" element={<AccountEditPage />} />
      </Routes>,
      { route: '/accounts/acc-1' },
    );
    expect(await screen.findByText(/Set “Order status hook” above/)).toBeInTheDocument();

    await user.type(screen.getByLabelText('Order status hook'), URL);
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByTestId('signing-secret')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Send test event' })).toBeEnabled();
    expect(screen.queryByText(/Set “Order status hook” above/)).not.toBeInTheDocument();
  });
});
