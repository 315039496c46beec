import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { AppRoutes } from '../../../app/routes/AppRoutes.tsx';
import { stubFetch } from '../../../test/fetch.ts';
import { renderWithProviders } from '../../../test/render.tsx';

const events = [
  { description: 'Order created', location: null, eventTime: '2026-11-01T08:30:00.000Z' },
  { description: 'Delivered', location: 'Austin, TX', eventTime: '2026-11-09T15:00:00.000Z' },
  { description: 'Received at SGN hub', location: 'Sai Gon', eventTime: '2026-11-02T09:00:00.000Z' },
];
const NOT_FOUND = 'No parcel with the barcode NOPE was found.';

function stubTracking() {
  return stubFetch(({ path, query }) => {
    if (path !== '/tracking') return undefined;
    if (query.get('filter') === 'PO123') return { status: 200, body: events };
    return { status: 404, body: { msg: NOT_FOUND, code: 'NOT_FOUND' } };
  });
}

describe('TrackingPage', () => {
  it('lists the events of a barcode, newest first, without signing in', async () => {
    const fetch = stubTracking();
    const { user } = renderWithProviders(<AppRoutes />, { route: '/tracking' });

    await user.type(screen.getByRole('textbox', { name: 'Barcode' }), ' PO123 ');
    await user.click(screen.getByRole('button', { name: 'Search' }));

    const table = await screen.findByRole('table', { name: 'Tracking events of PO123' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getAllByRole('cell')[1]?.textContent)).toEqual([
      'Delivered',
      'Received at SGN hub',
      'Order created',
    ]);
    expect(rows[0]).toHaveTextContent('Austin, TX');
    expect(within(rows[0] as HTMLElement).getByText(/2026/)).toHaveAttribute(
      'datetime',
      events[1]?.eventTime,
    );
    const [, init] = fetch.mock.calls.find(([input]) => String(input).startsWith('/api/v1/tracking')) ?? [];
    expect(new Headers(init?.headers).get('authorization')).toBeNull();
  });

  it("shows the server's msg for an unknown barcode", async () => {
    stubTracking();
    const { user } = renderWithProviders(<AppRoutes />, { route: '/tracking' });

    await user.type(screen.getByRole('textbox', { name: 'Barcode' }), 'NOPE{Enter}');

    expect(await screen.findByRole('alert')).toHaveTextContent(NOT_FOUND);
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('searches the barcode given in the URL', async () => {
    const fetch = stubTracking();
    renderWithProviders(<AppRoutes />, { route: '/tracking?barcode=PO123' });

    expect(screen.getByRole('textbox', { name: 'Barcode' })).toHaveValue('PO123');
    expect(await screen.findByText('Received at SGN hub')).toBeInTheDocument();
    const trackingCalls = fetch.mock.calls.filter(([input]) => String(input).startsWith('/api/v1/tracking'));
    expect(trackingCalls).toHaveLength(1);
  });

  it('leads from the index page to the tracking page with the barcode', async () => {
    stubTracking();
    const { user } = renderWithProviders(<AppRoutes />, { route: '/' });
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/login');

    await user.type(screen.getByRole('textbox', { name: 'Barcode' }), 'PO123');
    await user.click(screen.getByRole('button', { name: 'Track' }));

    expect(await screen.findByRole('heading', { name: 'Tracking Details' })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Delivered' })).toBeInTheDocument();
  });

  it('refuses an empty search with a field error and asks nothing', async () => {
    const fetch = stubTracking();
    const { user } = renderWithProviders(<AppRoutes />, { route: '/tracking' });
    await user.type(screen.getByRole('textbox', { name: 'Barcode' }), '   ');
    await user.click(screen.getByRole('button', { name: 'Search' }));

    expect(await screen.findByText('Enter a barcode to search')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Barcode' })).toHaveAttribute('aria-invalid', 'true');
    expect(fetch.mock.calls.some(([input]) => String(input).startsWith('/api/v1/tracking'))).toBe(false);
  });

  it("leads with the parcel's current status, the newest event, above the list", async () => {
    stubTracking();
    renderWithProviders(<AppRoutes />, { route: '/tracking?barcode=PO123' });

    const status = await screen.findByRole('heading', { level: 2, name: 'Delivered' });
    expect(screen.getByText('Current status')).toBeInTheDocument();
    expect(screen.getAllByText('Austin, TX').length).toBeGreaterThan(0);
    const table = screen.getByRole('table', { name: 'Tracking events of PO123' });
    // The status comes first in the page's reading order.
    expect(status.compareDocumentPosition(table) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(document.title).toBe('PO123 · Tracking Details · ParcelOps');
  });
});
