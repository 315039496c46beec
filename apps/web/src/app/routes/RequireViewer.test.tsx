import { Messages, Role } from '@parcelops/shared';
import { act, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { api } from '../../lib/api-client.ts';
import { getToken, setPendingPassword } from '../../lib/session.ts';
import { stubFetch } from '../../test/fetch.ts';
import { renderWithProviders } from '../../test/render.tsx';
import { signInAs } from '../../test/session.ts';
import { AppRoutes } from './AppRoutes.tsx';

describe('RequireViewer', () => {
  it('sends a visitor without a session to sign-in with the notice', async () => {
    stubFetch(() => undefined);
    renderWithProviders(<AppRoutes />, { route: '/internal/orders' });

    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent(Messages.mustLogIn);
  });

  it('sends a session that must still change its password to the create-password screen', async () => {
    stubFetch(() => undefined);
    signInAs(Role.operator, { sub: 'user-7' });
    setPendingPassword({ user_sid: 'user-7', old_password: 'Initial1!' });
    renderWithProviders(<AppRoutes />, { route: '/internal' });

    expect(await screen.findByRole('heading', { name: 'Create password' })).toBeInTheDocument();
  });

  it('answers an unauthorized reply with sign-in and "Your session has expired"', async () => {
    stubFetch(() => ({ status: 401, body: { msg: 'Unauthorized', code: 'UNAUTHORIZED' } }));
    signInAs(Role.operator, { username: 'olga' });
    renderWithProviders(<AppRoutes />, { route: '/internal' });
    expect(screen.getByRole('heading', { name: 'Welcome, olga' })).toBeInTheDocument();

    await act(async () => {
      await expect(api.get('/orders')).rejects.toMatchObject({ status: 401 });
    });

    expect(await screen.findByRole('alert')).toHaveTextContent(Messages.sessionExpired);
    expect(getToken()).toBeNull();
  });

  it('treats a stored token that has run out as an expired session', async () => {
    stubFetch(() => undefined);
    signInAs(Role.account, { account_sid: 'a1', exp: Math.floor(Date.now() / 1000) - 60 });
    renderWithProviders(<AppRoutes />, { route: '/internal/users' });

    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent(Messages.sessionExpired);
    expect(getToken()).toBeNull();
  });
});
