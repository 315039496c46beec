import { Messages, Role } from '@parcelops/shared';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { getToken } from '../../lib/session.ts';
import { stubFetch } from '../../test/fetch.ts';
import { renderWithProviders } from '../../test/render.tsx';
import { signInAs } from '../../test/session.ts';
import { AppRoutes } from '../routes/AppRoutes.tsx';

function renderInternal(route = '/internal') {
  stubFetch(() => undefined);
  const result = renderWithProviders(<AppRoutes />, { route });
  const nav = screen.getByRole('navigation', { name: 'Main navigation' });
  const linkNames = within(nav)
    .getAllByRole('link')
    .map((link) => link.textContent);
  return { ...result, nav, linkNames };
}

describe('SignedInLayout navigation', () => {
  it('shows an admin every entry, settings included', () => {
    signInAs(Role.admin);
    const { nav, linkNames } = renderInternal();

    expect(linkNames).toEqual([
      'Users',
      'Accounts',
      'AMS',
      'AMS Order',
      'Orders',
      'Batch orders',
      'Scan order',
      'Vendors',
      'Pricese',
      'Item Declarations',
    ]);
    expect(within(nav).getByRole('group', { name: 'Settings' })).toBeInTheDocument();
    expect(within(nav).getByRole('link', { name: 'Accounts' })).toHaveAttribute('href', '/internal/accounts');
  });

  it('hides Users, Accounts and the admin screens from an operator', () => {
    signInAs(Role.operator);
    const { linkNames } = renderInternal();

    expect(linkNames).toEqual(['AMS Order', 'Orders', 'Batch orders', 'Item Declarations']);
  });

  it("links an account user's Accounts entry to their own account", () => {
    signInAs(Role.account, { account_sid: 'acc-42' });
    const { nav, linkNames } = renderInternal();

    expect(linkNames).toEqual(['Users', 'Accounts', 'Orders', 'Batch orders', 'Item Declarations']);
    expect(within(nav).getByRole('link', { name: 'Accounts' })).toHaveAttribute(
      'href',
      '/internal/accounts/acc-42/edit',
    );
  });

  it('marks the entry of the current page and the pages below it', () => {
    signInAs(Role.admin);
    const { nav } = renderInternal('/internal/vendors/add');

    expect(within(nav).getByRole('link', { name: 'Vendors' })).toHaveAttribute('aria-current', 'page');
    expect(within(nav).getByRole('link', { name: 'Users' })).not.toHaveAttribute('aria-current');
  });

  it('signs out to the sign-in page with the notice', async () => {
    signInAs(Role.operator);
    const { user } = renderInternal();

    await user.click(screen.getByRole('button', { name: 'Sign out' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(Messages.loggedOut);
    expect(getToken()).toBeNull();
  });

  it('opens the slide-out menu with its own close button and Sign out', async () => {
    signInAs(Role.operator);
    const { user } = renderInternal();

    await user.click(screen.getByRole('button', { name: 'Open menu' }));

    const drawer = await screen.findByRole('dialog');
    expect(within(drawer).getByRole('link', { name: 'Orders' })).toBeInTheDocument();
    expect(within(drawer).getByRole('button', { name: 'Sign out' })).toBeInTheDocument();
    await user.click(within(drawer).getByRole('button', { name: 'Close menu' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('shows the not-found message for an unknown internal page', () => {
    signInAs(Role.operator);
    renderInternal('/internal/nowhere');

    expect(screen.getByText(Messages.pageNotFound)).toBeInTheDocument();
  });
});
