import { Role } from '@parcelops/shared';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { stubFetch } from '../../test/fetch.ts';
import { renderWithProviders } from '../../test/render.tsx';
import { signInAs } from '../../test/session.ts';
import { AMS_SCANNING_AVAILABLE } from '../hub/index.ts';
import { InternalHomePage } from './InternalHomePage.tsx';

describe('InternalHomePage', () => {
  it("opens an operator's home with the hub's work as big cards", () => {
    signInAs(Role.operator, { username: 'hub.operator' });
    stubFetch(() => undefined);
    renderWithProviders(<InternalHomePage />, { route: '/internal' });

    expect(screen.getByRole('heading', { level: 1, name: 'Welcome, hub.operator' })).toBeInTheDocument();
    const hub = screen.getByTestId('home-hub');
    expect(within(hub).getByRole('heading', { name: 'Hub work' })).toBeInTheDocument();
    expect(screen.getByTestId('home-hub-scan')).toHaveAttribute('href', '/internal/scan_orders');
    expect(screen.getByTestId('home-hub-scan')).toHaveTextContent('Scan Orders');
    expect(screen.getByTestId('home-hub-details')).toHaveAttribute(
      'href',
      '/internal/scan_orders?tab=details',
    );
    expect(screen.getByTestId('home-hub-details')).toHaveTextContent('Order details');
    expect(screen.getByTestId('home-hub-status')).toHaveAttribute('href', '/internal/scan_orders?tab=status');
    expect(screen.getByTestId('home-hub-status')).toHaveTextContent('Update Orders Status');
    // The hub's work comes before anything else on the page.
    const [firstSection] = screen.getAllByRole('region');
    expect(firstSection).toBe(hub);
  });

  it('offers AMS scanning: a hub card and the AMS Order shortcut, both to /internal/create-ams', () => {
    expect(AMS_SCANNING_AVAILABLE).toBe(true);
    signInAs(Role.operator);
    stubFetch(() => undefined);
    renderWithProviders(<InternalHomePage />, { route: '/internal' });
    expect(screen.getByTestId('home-hub-ams')).toHaveAttribute('href', '/internal/create-ams');
    expect(screen.getByTestId('home-hub-ams')).toHaveTextContent('AMS scanning');
    const links = screen.getAllByRole('link').map((link) => link.getAttribute('href'));
    expect(links.filter((link) => link === '/internal/create-ams')).toHaveLength(2);
    expect(screen.getByRole('link', { name: 'AMS Order' })).toHaveAttribute('href', '/internal/create-ams');
    expect(links).toContain('/internal/orders');
  });

  it('shows a seller no hub work', () => {
    signInAs(Role.account, { account_sid: 'acc-1' });
    stubFetch(() => undefined);
    renderWithProviders(<InternalHomePage />, { route: '/internal' });
    expect(screen.queryByTestId('home-hub')).not.toBeInTheDocument();
  });
});
