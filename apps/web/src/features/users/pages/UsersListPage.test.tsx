import { Messages, Role, type User } from '@parcelops/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { AppRoutes } from '../../../app/routes/AppRoutes.tsx';
import { getToken } from '../../../lib/session.ts';
import { stubFetch } from '../../../test/fetch.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { signInAs } from '../../../test/session.ts';

const user = (sid: string, username: string, role: Role): User => ({
  sid,
  username,
  role,
  access: role === Role.admin ? 'admin' : role === Role.operator ? 'operator' : 'account',
  account_sid: role === Role.account ? 'acc-1' : null,
  account_name: role === Role.account ? 'Seller One' : null,
  force_change: role === Role.account,
  date_created: '2025-01-01T00:00:00.000Z',
});

const users = [user('usr-1', 'boss', Role.admin), user('usr-2', 'clerk', Role.account)];

function stubUsers() {
  return stubFetch(({ method, path, query }) => {
    if (method === 'GET' && path === '/users') {
      const role = query.get('role');
      return { status: 200, body: role === null ? users : users.filter((one) => String(one.role) === role) };
    }
    if (method === 'GET' && path === '/accounts')
      return { status: 200, body: [{ sid: 'acc-1', name: 'Seller One' }] };
    if (method === 'DELETE' && path.startsWith('/users/'))
      return { status: 200, body: { sid: path.slice(7) } };
    return undefined;
  });
}

/** As admin usr-1 on the stubbed users page, deletes the named user and confirms. */
async function deleteRow(username: string) {
  signInAs(Role.admin, { sub: 'usr-1' });
  stubUsers();
  const { user: actor } = renderWithProviders(<AppRoutes />, { route: '/internal/users' });
  const row = (await screen.findByText(username)).closest('tr');
  if (!row) throw new Error(`no row for ${username}`);
  await actor.click(within(row).getByRole('button', { name: 'Delete' }));
  await actor.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }));
}

describe('UsersListPage', () => {
  it('lists users with their role, account and password state, and filters by role', async () => {
    signInAs(Role.admin, { sub: 'usr-1' });
    const fetch = stubUsers();
    const { user: actor } = renderWithProviders(<AppRoutes />, { route: '/internal/users' });

    const clerk = (await screen.findByText('clerk')).closest('tr');
    expect(clerk).toHaveTextContent('Account');
    expect(clerk).toHaveTextContent('Seller One');
    expect(clerk).toHaveTextContent('Yes');

    await actor.click(screen.getByRole('combobox', { name: 'Role' }));
    await actor.click(await screen.findByRole('option', { name: 'Admin' }));

    await waitFor(() => expect(screen.queryByText('clerk')).not.toBeInTheDocument());
    expect(fetch).toHaveBeenCalledWith('/api/v1/users?role=2', expect.anything());
  });

  it('deletes another user and stays', async () => {
    await deleteRow('clerk');

    expect(await screen.findByText(Messages.userDeleted)).toBeInTheDocument();
    expect(getToken()).not.toBeNull();
  });

  it('signs out whoever deletes their own user', async () => {
    await deleteRow('boss');

    expect(await screen.findByText(Messages.loggedOut)).toBeInTheDocument();
    expect(getToken()).toBeNull();
  });

  it("shows skeleton rows while loading, then the server's msg once with Retry, which loads the list", async () => {
    signInAs(Role.admin, { sub: 'usr-1' });
    vi.stubGlobal(
      'fetch',
      vi.fn(() => new Promise<Response>(() => {})),
    );
    const loading = renderWithProviders(<AppRoutes />, { route: '/internal/users' });
    await waitFor(() =>
      expect(loading.container.querySelectorAll('tbody tr[aria-hidden]').length).toBeGreaterThan(0),
    );
    expect(screen.queryByText('No data.')).not.toBeInTheDocument();
    loading.unmount();

    let failing = true;
    stubFetch(({ method, path }) => {
      if (method === 'GET' && path === '/users') {
        return failing
          ? { status: 503, body: { msg: 'Users are unavailable', code: 'UNAVAILABLE' } }
          : { status: 200, body: users };
      }
      if (method === 'GET' && path === '/accounts') return { status: 200, body: [] };
      return undefined;
    });
    const { user: actor } = renderWithProviders(<AppRoutes />, { route: '/internal/users' });

    expect(await screen.findByText('Users are unavailable')).toBeInTheDocument();
    expect(screen.getAllByText('Users are unavailable')).toHaveLength(1);
    failing = false;
    await actor.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('clerk')).toBeInTheDocument();
  });

  it('says "No data." when no user matches', async () => {
    signInAs(Role.admin, { sub: 'usr-1' });
    stubFetch(({ method, path }) => {
      if (method === 'GET' && path === '/users') return { status: 200, body: [] };
      if (method === 'GET' && path === '/accounts') return { status: 200, body: [] };
      return undefined;
    });
    renderWithProviders(<AppRoutes />, { route: '/internal/users' });

    expect(await screen.findByText('No data.')).toBeInTheDocument();
  });

  it('sends an operator who opens Add user home with the reason, instead of a form that cannot be saved', async () => {
    signInAs(Role.operator, { sub: 'usr-9' });
    stubFetch(() => ({ status: 200, body: [] }));
    renderWithProviders(<AppRoutes />, { route: '/internal/users/add' });

    expect(await screen.findByText('You do not have permissions to view users')).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'Username' })).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Add user' })).not.toBeInTheDocument();
  });
});
