import { Role, type User } from '@parcelops/shared';
import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { stubFetch } from '../../../test/fetch.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { signInAs } from '../../../test/session.ts';
import { UserAddPage } from '../pages/UserAddPage.tsx';
import { UserForm } from './UserForm.tsx';

const accounts = [
  { sid: 'acc-1', name: 'Seller One' },
  { sid: 'acc-2', name: 'Seller Two' },
];

const seller: User = {
  sid: 'usr-9',
  username: 'clerk',
  role: Role.account,
  access: 'account',
  account_sid: 'acc-1',
  account_name: 'Seller One',
  force_change: false,
  date_created: '2025-01-01T00:00:00.000Z',
};

function stubAccounts() {
  return stubFetch(({ method, path }) => {
    if (method === 'GET' && path === '/accounts') return { status: 200, body: accounts };
    if (method === 'GET' && path === '/accounts/acc-1') return { status: 200, body: { ...accounts[0] } };
    return undefined;
  });
}

describe('UserForm', () => {
  it('requires an account for the Account role', async () => {
    signInAs(Role.admin);
    stubAccounts();
    const onSubmit = vi.fn();
    const { user } = renderWithProviders(<UserForm mode="add" onSubmit={onSubmit} onCancel={vi.fn()} />);

    expect(screen.getByRole('combobox', { name: 'Role' })).toHaveValue('Account');
    await user.type(screen.getByRole('textbox', { name: 'Username' }), 'clerk');
    await user.type(screen.getByLabelText(/^Initial password/), 'S3cret!pass');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Account is required for account users')).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();

    await user.click(screen.getByRole('combobox', { name: 'Account' }));
    await user.click(await screen.findByRole('option', { name: 'Seller Two' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(onSubmit).toHaveBeenCalledWith({
      username: 'clerk',
      role: Role.account,
      account_sid: 'acc-2',
      initial_password: 'S3cret!pass',
    });
  });

  it('shows the password rule a weak initial password breaks', async () => {
    signInAs(Role.admin);
    stubAccounts();
    const { user } = renderWithProviders(<UserForm mode="add" onSubmit={vi.fn()} onCancel={vi.fn()} />);

    expect(
      screen.getByText('At least 6 characters, with a letter, a digit and a special character.'),
    ).toBeInTheDocument();
    await user.type(screen.getByLabelText(/^Initial password/), 'abcdefg');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Password must contain a digit')).toBeInTheDocument();
  });

  it("shows the server's refusal as a toast", async () => {
    signInAs(Role.admin);
    const fetch = stubFetch(({ method, path }) => {
      if (method === 'GET' && path === '/accounts') return { status: 200, body: accounts };
      if (method === 'POST' && path === '/users') {
        return { status: 409, body: { msg: 'Username clerk is already taken', code: 'CONFLICT' } };
      }
      return undefined;
    });
    const { user } = renderWithProviders(<UserAddPage />);

    await user.type(screen.getByRole('textbox', { name: 'Username' }), 'clerk');
    await user.click(screen.getByRole('combobox', { name: 'Account' }));
    await user.click(await screen.findByRole('option', { name: 'Seller One' }));
    await user.type(screen.getByLabelText(/^Initial password/), 'S3cret!pass');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Username clerk is already taken')).toBeInTheDocument();
    expect(fetch).toHaveBeenCalledWith('/api/v1/users', expect.objectContaining({ method: 'POST' }));
  });

  it("fixes an account user's role and account to their own", async () => {
    signInAs(Role.account, { account_sid: 'acc-1' });
    stubAccounts();
    const onSubmit = vi.fn();
    const { user } = renderWithProviders(
      <UserForm mode="edit" user={seller} onSubmit={onSubmit} onCancel={vi.fn()} />,
    );

    expect(screen.getByRole('combobox', { name: 'Role' })).toBeDisabled();
    expect(screen.getByRole('combobox', { name: 'Account' })).toBeDisabled();
    expect(await screen.findByDisplayValue('Seller One')).toBeInTheDocument();
    expect(screen.queryByLabelText(/^New password/)).not.toBeInTheDocument();

    await user.clear(screen.getByRole('textbox', { name: 'Username' }));
    await user.type(screen.getByRole('textbox', { name: 'Username' }), 'clerk2');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(onSubmit).toHaveBeenCalledWith({ username: 'clerk2' });
  });

  it('offers an admin a new password for others, not for themselves (that takes the old password)', async () => {
    const staff: User = { ...seller, sid: 'usr-1', username: 'boss', role: Role.admin, account_sid: null };
    signInAs(Role.admin, { sub: staff.sid });
    stubAccounts();
    const onSubmit = vi.fn();
    const own = renderWithProviders(
      <UserForm mode="edit" user={staff} onSubmit={onSubmit} onCancel={vi.fn()} />,
    );
    expect(screen.queryByLabelText(/^New password/)).not.toBeInTheDocument();
    await own.user.click(screen.getByRole('button', { name: 'Save' }));
    expect(onSubmit).toHaveBeenCalledWith({ username: 'boss', role: Role.admin, account_sid: null });
    own.unmount();

    renderWithProviders(<UserForm mode="edit" user={seller} onSubmit={vi.fn()} onCancel={vi.fn()} />);
    expect(screen.getByLabelText(/^New password/)).toBeInTheDocument();
  });
});
