import { Role } from '@parcelops/shared';
import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AppRoutes } from '../../../app/routes/AppRoutes.tsx';
import { stubFetch } from '../../../test/fetch.ts';
import { order } from '../../../test/order-fixtures.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { signInAs } from '../../../test/session.ts';

describe('LabelPrintPage', () => {
  // jsdom has no blob URLs.
  const { createObjectURL, revokeObjectURL } = URL;
  beforeEach(() => {
    URL.createObjectURL = vi.fn(() => 'blob:label-1');
    URL.revokeObjectURL = vi.fn();
  });
  afterEach(() => {
    URL.createObjectURL = createObjectURL;
    URL.revokeObjectURL = revokeObjectURL;
  });

  it("shows the order's label with Print and Download, fetched with the session's token", async () => {
    const token = signInAs(Role.account, { account_sid: 'acc-1' });
    const fetch = stubFetch(({ path }) => {
      if (path === '/orders/ord-1/label') return { status: 200, body: '%PDF-1.7' };
      if (path === '/orders/ord-1') return { status: 200, body: order() };
      return undefined;
    });
    renderWithProviders(<AppRoutes />, { route: '/labels/ord-1' });

    expect(await screen.findByTitle('Label')).toHaveAttribute('src', 'blob:label-1');
    expect(await screen.findByRole('heading', { name: 'Label for order ORD-1001' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Print' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Download' })).toBeEnabled();
    const label = fetch.mock.calls.find(([input]) => String(input) === '/api/v1/orders/ord-1/label');
    expect(new Headers(label?.[1]?.headers).get('authorization')).toBe(`Bearer ${token}`);
  });

  it("shows the server's msg when there is no label", async () => {
    signInAs(Role.admin);
    const msg = 'An Order Failed order has no label.';
    stubFetch(({ path }) =>
      path === '/orders/ord-2/label' ? { status: 409, body: { msg, code: 'CONFLICT' } } : undefined,
    );
    renderWithProviders(<AppRoutes />, { route: '/labels/ord-2' });

    expect(await screen.findByText(msg)).toBeInTheDocument();
    expect(screen.queryByTitle('Label')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Print' })).toBeDisabled();
  });

  it('sends a visitor without a session to sign in', async () => {
    stubFetch(() => undefined);
    renderWithProviders(<AppRoutes />, { route: '/labels/ord-1' });

    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeInTheDocument();
  });
});
