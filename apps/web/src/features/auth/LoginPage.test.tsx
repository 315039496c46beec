import { Messages, Role } from '@parcelops/shared';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { AppRoutes } from '../../app/routes/AppRoutes.tsx';
import { setFlash } from '../../lib/flash.ts';
import { getPendingPassword, getToken } from '../../lib/session.ts';
import { type StubReply, stubFetch } from '../../test/fetch.ts';
import { renderWithProviders } from '../../test/render.tsx';
import { fakeToken, signInAs } from '../../test/session.ts';

function answerLogin(reply: StubReply) {
  return stubFetch((request) => (request.method === 'POST' && request.path === '/login' ? reply : undefined));
}

async function submit(
  user: ReturnType<typeof renderWithProviders>['user'],
  username: string,
  password: string,
) {
  await user.type(screen.getByLabelText(/^Username/), username);
  await user.type(screen.getByLabelText(/^Password/), password);
  await user.click(screen.getByRole('button', { name: 'Sign in' }));
}

describe('LoginPage', () => {
  it('asks for both fields before calling the server', async () => {
    const fetchMock = answerLogin({ status: 200, body: {} });
    const { user } = renderWithProviders(<AppRoutes />, { route: '/login' });

    await user.click(screen.getByRole('button', { name: 'Sign in' }));

    expect(await screen.findByText('Username is required')).toBeInTheDocument();
    expect(screen.getByText('Password is required')).toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([url]) => String(url).endsWith('/login'))).toBe(false);
  });

  it('shows "Login credentials are incorrect" on a 401', async () => {
    answerLogin({ status: 401, body: { msg: 'Invalid username or password', code: 'INVALID_CREDENTIALS' } });
    const { user } = renderWithProviders(<AppRoutes />, { route: '/login' });

    await submit(user, 'alice', 'wrong');

    expect(await screen.findByRole('alert')).toHaveTextContent(Messages.loginIncorrect);
  });

  it("shows the server's message on a 429", async () => {
    answerLogin({ status: 429, body: { msg: 'Too many attempts, try again in 60 s', code: 'RATE_LIMITED' } });
    const { user } = renderWithProviders(<AppRoutes />, { route: '/login' });

    await submit(user, 'alice', 'wrong');

    expect(await screen.findByRole('alert')).toHaveTextContent('Too many attempts, try again in 60 s');
  });

  it('shows "The server cannot be reached" on a 500', async () => {
    answerLogin({ status: 500, body: { msg: 'Internal error', code: 'INTERNAL' } });
    const { user } = renderWithProviders(<AppRoutes />, { route: '/login' });

    await submit(user, 'alice', 'secret1!');

    expect(await screen.findByRole('alert')).toHaveTextContent(Messages.serverUnreachable);
  });

  it('sends a forced password change to the create-password screen with the old password kept', async () => {
    const token = fakeToken({ role: Role.operator, sub: 'user-7' });
    const fetchMock = answerLogin({ status: 200, body: { token, force_change: true, user_sid: 'user-7' } });
    const { user } = renderWithProviders(<AppRoutes />, { route: '/login' });

    await submit(user, ' bob ', 'Initial1!');

    expect(await screen.findByRole('heading', { name: 'Create password' })).toBeInTheDocument();
    expect(getPendingPassword()).toEqual({ user_sid: 'user-7', old_password: 'Initial1!' });
    expect(getToken()).toBe(token);
    const loginCall = fetchMock.mock.calls.find(([url]) => String(url).endsWith('/login'));
    expect(JSON.parse(String(loginCall?.[1]?.body))).toEqual({ username: 'bob', password: 'Initial1!' });
  });

  it('returns to the page the login guard turned the visitor away from', async () => {
    const { user } = renderWithProviders(<AppRoutes />, { route: '/internal/users' });
    expect(await screen.findByRole('alert')).toHaveTextContent(Messages.mustLogIn);

    const token = fakeToken({ role: Role.admin, username: 'root' });
    answerLogin({ status: 200, body: { token, force_change: false, user_sid: 'user-1' } });
    await submit(user, 'root', 'Secret1!');

    const nav = await screen.findByRole('navigation', { name: 'Main navigation' });
    expect(within(nav).getByRole('link', { name: 'Users' })).toHaveAttribute('aria-current', 'page');
  });

  it('shows the flash left for it', async () => {
    stubFetch(() => undefined);
    setFlash(Messages.sessionExpired, 'error');
    renderWithProviders(<AppRoutes />, { route: '/login' });

    expect(await screen.findByRole('alert')).toHaveTextContent(Messages.sessionExpired);
  });

  it('sends a visitor who is already signed in to their home', async () => {
    stubFetch(() => undefined);
    signInAs(Role.operator, { username: 'olga' });
    renderWithProviders(<AppRoutes />, { route: '/login' });

    expect(await screen.findByRole('heading', { name: 'Welcome, olga' })).toBeInTheDocument();
  });
});
