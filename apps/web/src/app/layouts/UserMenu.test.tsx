import { Role } from '@parcelops/shared';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { getToken } from '../../lib/session.ts';
import { type StubReply, type StubRequest, stubFetch } from '../../test/fetch.ts';
import { renderWithProviders } from '../../test/render.tsx';
import { fakeToken, signInAs } from '../../test/session.ts';
import { AppRoutes } from '../routes/AppRoutes.tsx';

/** An admin on the vendors page, with the server's answers to the password change and the new sign-in. */
function renderSignedIn(change: (request: StubRequest) => StubReply | undefined) {
  const old = signInAs(Role.admin, { sub: 'op-1', username: 'hub-op' });
  const calls: StubRequest[] = [];
  stubFetch((request) => {
    if (request.method === 'GET') return undefined;
    calls.push(request);
    return change(request);
  });
  return { ...renderWithProviders(<AppRoutes />, { route: '/internal/vendors' }), calls, old };
}

async function openDialog(user: ReturnType<typeof renderSignedIn>['user']) {
  await user.click(screen.getByRole('button', { name: 'hub-op (Admin): your menu' }));
  await user.click(await screen.findByRole('menuitem', { name: 'Change password' }));
  // The dialog's code arrives in its own chunk the first time: allow for a busy machine.
  return screen.findByRole('dialog', { name: 'Change password' }, { timeout: 10_000 });
}

async function fill(
  user: ReturnType<typeof renderSignedIn>['user'],
  dialog: HTMLElement,
  values: { old: string; next: string; confirm: string },
) {
  await user.type(within(dialog).getByLabelText(/^Old password/), values.old);
  await user.type(within(dialog).getByLabelText(/^New password/), values.next);
  await user.type(within(dialog).getByLabelText(/^Confirm new password/), values.confirm);
  await user.click(within(dialog).getByRole('button', { name: 'Change password' }));
}

describe('the menu under the signed-in name', () => {
  it('changes the own password, keeps the person signed in with the new session, and closes', async () => {
    const fresh = fakeToken({ role: Role.admin, sub: 'op-1', username: 'hub-op' });
    const { user, calls, old } = renderSignedIn((request) => {
      if (request.method === 'PUT') return { status: 204 };
      if (request.path === '/login')
        return { status: 200, body: { token: fresh, force_change: false, user_sid: 'op-1' } };
      return undefined;
    });

    const dialog = await openDialog(user);
    await fill(user, dialog, { old: 'Start#123', next: 'Better#456', confirm: 'Better#456' });

    expect(await screen.findByText('Your password has been changed.')).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: 'Change password' })).not.toBeInTheDocument();
    expect(calls.map((call) => [call.method, call.path, call.body])).toEqual([
      ['PUT', '/users/op-1/password', { old_password: 'Start#123', new_password: 'Better#456' }],
      ['POST', '/login', { username: 'hub-op', password: 'Better#456' }],
    ]);
    expect(calls[0]?.headers.get('authorization')).toBe(`Bearer ${old}`);
    expect(getToken()).toBe(fresh);
    expect(screen.getByTestId('viewer-name')).toHaveTextContent('hub-op (Admin)');
  });

  it('says inline when the two new passwords differ or the new one is weak, and sends nothing', async () => {
    const { user, calls } = renderSignedIn(() => undefined);

    const dialog = await openDialog(user);
    await fill(user, dialog, { old: 'Start#123', next: 'abcdef', confirm: 'abcdeg' });

    expect(await within(dialog).findByText('Password must contain a digit')).toBeInTheDocument();
    expect(within(dialog).getByText('Passwords do not match')).toBeInTheDocument();
    expect(calls).toEqual([]);
  });

  it("puts the server's word on a wrong old password on its field", async () => {
    const { user, old } = renderSignedIn(() => ({
      status: 400,
      body: {
        msg: 'The old password is not correct.',
        code: 'VALIDATION_FAILED',
        details: [{ path: 'old_password', message: 'The old password is not correct.' }],
      },
    }));

    const dialog = await openDialog(user);
    await fill(user, dialog, { old: 'Wrong#123', next: 'Better#456', confirm: 'Better#456' });

    expect(await within(dialog).findByLabelText(/^Old password/)).toHaveAccessibleDescription(
      'The old password is not correct.',
    );
    expect(within(dialog).getByRole('alert')).toHaveTextContent('The password was not changed.');
    expect(getToken()).toBe(old);
  });

  it('shows a generic error when the change does not answer 204', async () => {
    const { user } = renderSignedIn((request) =>
      request.method === 'PUT' ? { status: 200, body: {} } : undefined,
    );

    const dialog = await openDialog(user);
    await fill(user, dialog, { old: 'Start#123', next: 'Better#456', confirm: 'Better#456' });

    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'The password was not changed.There is something went wrong.',
    );
  });
});
