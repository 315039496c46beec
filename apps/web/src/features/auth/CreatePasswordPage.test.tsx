import { Role } from '@parcelops/shared';
import { fireEvent, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { AppRoutes } from '../../app/routes/AppRoutes.tsx';
import { getPendingPassword, getToken, setPendingPassword } from '../../lib/session.ts';
import { type StubRequest, stubFetch } from '../../test/fetch.ts';
import { renderWithProviders } from '../../test/render.tsx';
import { fakeToken, signInAs } from '../../test/session.ts';

const CHANGED = 'Password changed. Please sign in with your new password.';

function renderPage() {
  return renderWithProviders(<AppRoutes />, { route: '/create-password' });
}

describe('CreatePasswordPage', () => {
  beforeEach(() => {
    signInAs(Role.admin, { sub: 'user-7', username: 'new-admin' });
    setPendingPassword({ user_sid: 'user-7', old_password: 'Initial1!' });
  });

  it('says so when the two passwords differ', async () => {
    stubFetch(() => undefined);
    const { user } = renderPage();

    await user.type(screen.getByLabelText(/^New password/), 'Better1!');
    await user.type(screen.getByLabelText(/^Confirm password/), 'Better1?');
    await user.click(screen.getByRole('button', { name: 'Save password' }));

    expect(await screen.findByText('Passwords do not match')).toBeInTheDocument();
  });

  it('names what a weak password lacks', async () => {
    stubFetch(() => undefined);
    const { user } = renderPage();

    await user.type(screen.getByLabelText(/^New password/), 'abcdef');
    await user.type(screen.getByLabelText(/^Confirm password/), 'abcdef');
    await user.click(screen.getByRole('button', { name: 'Save password' }));

    expect(await screen.findByText('Password must contain a digit')).toBeInTheDocument();
  });

  it('warns while caps lock is on', () => {
    stubFetch(() => undefined);
    renderPage();
    const input = screen.getByLabelText(/^Confirm password/);

    fireEvent.keyDown(input, { key: 'A', modifierCapsLock: true });
    expect(screen.getByText('CAPSLOCK is enabled!')).toBeInTheDocument();

    fireEvent.keyUp(input, { key: 'CapsLock', modifierCapsLock: false });
    expect(screen.queryByText('CAPSLOCK is enabled!')).not.toBeInTheDocument();
  });

  it('on a 204 signs in again with the new password and lands on the home of the role', async () => {
    const fresh = fakeToken({ role: Role.admin, sub: 'user-7', username: 'new-admin' });
    const calls: StubRequest[] = [];
    stubFetch((request) => {
      if (request.method === 'GET')
        return request.path === '/accounts' ? { status: 200, body: [] } : undefined;
      calls.push(request);
      if (request.method === 'PUT') return { status: 204 };
      if (request.method === 'POST' && request.path === '/login')
        return { status: 200, body: { token: fresh, force_change: false, user_sid: 'user-7' } };
      return undefined;
    });
    const { user } = renderPage();

    await user.type(screen.getByLabelText(/^New password/), 'Better1!');
    await user.type(screen.getByLabelText(/^Confirm password/), 'Better1!');
    await user.click(screen.getByRole('button', { name: 'Save password' }));

    expect(await screen.findByRole('heading', { name: 'Accounts', level: 1 })).toBeInTheDocument();
    expect(screen.getByText('Your password has been changed.')).toBeInTheDocument();
    expect(calls.map((call) => `${call.method} ${call.path}`)).toEqual([
      'PUT /users/user-7/password',
      'POST /login',
    ]);
    expect(calls[0]?.body).toEqual({ old_password: 'Initial1!', new_password: 'Better1!' });
    expect(calls[1]?.body).toEqual({ username: 'new-admin', password: 'Better1!' });
    expect(getToken()).toBe(fresh);
    expect(getPendingPassword()).toBeNull();
  });

  it('returns to sign-in with the notice when the new sign-in does not go through', async () => {
    stubFetch((request) => {
      if (request.method === 'PUT') return { status: 204 };
      if (request.path === '/login')
        return { status: 429, body: { msg: 'Too many sign-in attempts.', code: 'RATE_LIMITED' } };
      return undefined;
    });
    const { user } = renderPage();

    await user.type(screen.getByLabelText(/^New password/), 'Better1!');
    await user.type(screen.getByLabelText(/^Confirm password/), 'Better1!');
    await user.click(screen.getByRole('button', { name: 'Save password' }));

    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeInTheDocument();
    expect(screen.getAllByText(CHANGED).length).toBeGreaterThan(0);
    expect(getToken()).toBeNull();
    expect(getPendingPassword()).toBeNull();
  });

  it("shows the server's message when the change fails", async () => {
    stubFetch(() => ({
      status: 400,
      body: { msg: 'The old password is not right', code: 'VALIDATION_FAILED' },
    }));
    const { user } = renderPage();

    await user.type(screen.getByLabelText(/^New password/), 'Better1!');
    await user.type(screen.getByLabelText(/^Confirm password/), 'Better1!');
    await user.click(screen.getByRole('button', { name: 'Save password' }));

    expect(await screen.findByText('The old password is not right')).toBeInTheDocument();
    expect(getPendingPassword()).not.toBeNull();
  });

  it('points to sign-in when no password change is waiting', () => {
    sessionStorage.clear();
    stubFetch(() => undefined);
    renderPage();

    expect(screen.getByRole('link', { name: 'sign in' })).toHaveAttribute('href', '/login');
  });
});
