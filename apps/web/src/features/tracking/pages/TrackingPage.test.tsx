import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { AppRoutes } from '../../../app/routes/AppRoutes.tsx';
import { stubFetch } from '../../../test/fetch.ts';
import { renderWithProviders } from '../../../test/render.tsx';

const events = [
  { description: 'Order created', location: null, eventTime: '2026-11-01T08:30:00.000Z', status: 0 },
  { description: 'Delivered', location: 'Austin, TX', eventTime: '2026-11-09T15:00:00.000Z', status: 4 },
  {
    description: 'Received at SGN hub',
    location: 'Sai Gon',
    eventTime: '2026-11-02T09:00:00.000Z',
    status: 1,
  },
];
const failedEvents = [
  { description: 'Order created', location: null, eventTime: '2026-11-01T08:30:00.000Z', status: 0 },
  {
    description: 'Failed: address not found',
    location: 'Austin, TX',
    eventTime: '2026-11-09T15:00:00.000Z',
    status: 5,
  },
];
const NOT_FOUND = 'No parcel with the barcode NOPE was found.';

function stubTracking() {
  return stubFetch(({ path, query }) => {
    if (path !== '/tracking') return undefined;
    if (query.get('filter') === 'PO123') return { status: 200, body: events };
    if (query.get('filter') === 'PO555') return { status: 200, body: failedEvents };
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

  it('searches a barcode typed in lower case in capitals, and shows it so', async () => {
    const fetch = stubTracking();
    const { user } = renderWithProviders(<AppRoutes />, { route: '/tracking' });

    const box = screen.getByRole('textbox', { name: 'Barcode' });
    await user.type(box, 'po123{Enter}');

    expect(await screen.findByRole('table', { name: 'Tracking events of PO123' })).toBeInTheDocument();
    expect(box).toHaveStyle({ textTransform: 'uppercase' });
    const filters = fetch.mock.calls
      .map(([input]) => new URL(String(input), 'http://localhost'))
      .filter((url) => url.pathname === '/api/v1/tracking')
      .map((url) => url.searchParams.get('filter'));
    expect(filters).toEqual(['PO123']);
  });

  it('takes a barcode in lower case from the URL in capitals too', async () => {
    stubTracking();
    renderWithProviders(<AppRoutes />, { route: '/tracking?barcode=po123' });

    expect(await screen.findByRole('table', { name: 'Tracking events of PO123' })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Barcode' })).toHaveValue('PO123');
  });

  it('clears the old result on a new search, until the new answer comes', async () => {
    let answer: (reply: Response) => void = () => {};
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL) => {
        const filter = new URL(String(input), 'http://localhost').searchParams.get('filter');
        if (filter === 'PO123') return Response.json(events);
        return new Promise<Response>((resolve) => {
          answer = resolve;
        });
      }),
    );
    const { user } = renderWithProviders(<AppRoutes />, { route: '/tracking?barcode=PO123' });
    expect(await screen.findByRole('table', { name: 'Tracking events of PO123' })).toBeInTheDocument();

    const box = screen.getByRole('textbox', { name: 'Barcode' });
    await user.clear(box);
    await user.type(box, 'PO777{Enter}');

    expect(await screen.findByLabelText('Loading tracking events')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(screen.queryByText('Delivered')).not.toBeInTheDocument();
    answer(Response.json({ msg: 'No parcel found with barcode PO777', code: 'NOT_FOUND' }, { status: 404 }));
    expect(await screen.findByRole('alert')).toHaveTextContent('No parcel found with barcode PO777');
  });

  it('clears the shown result when the same barcode is searched again, and asks again', async () => {
    const answers: ((reply: Response) => void)[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL) => {
        if (!String(input).startsWith('/api/v1/tracking')) return Response.json({}, { status: 404 });
        return new Promise<Response>((resolve) => {
          answers.push(resolve);
        });
      }),
    );
    const { user } = renderWithProviders(<AppRoutes />, { route: '/tracking?barcode=PO123' });
    await waitFor(() => expect(answers).toHaveLength(1));
    answers[0]?.(Response.json(events));
    expect(await screen.findByRole('table', { name: 'Tracking events of PO123' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Search' }));

    await waitFor(() => expect(answers).toHaveLength(2));
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(screen.getByLabelText('Loading tracking events')).toBeInTheDocument();
    answers[1]?.(Response.json(failedEvents));
    expect(
      await screen.findByRole('heading', { level: 2, name: 'Failed: address not found' }),
    ).toBeInTheDocument();
  });

  it('gives each time with its time zone', async () => {
    stubTracking();
    renderWithProviders(<AppRoutes />, { route: '/tracking?barcode=PO123' });

    const table = await screen.findByRole('table', { name: 'Tracking events of PO123' });
    const [first] = within(table).getAllByRole('row').slice(1);
    expect(within(first as HTMLElement).getByText(/2026/)).toHaveTextContent(/(UTC|GMT)/);
    expect(screen.getByText(/^Last update: .*(UTC|GMT)/)).toBeInTheDocument();
  });

  it("tells a Failed parcel's owner what to do next, and says nothing of it for others", async () => {
    stubTracking();
    const { unmount } = renderWithProviders(<AppRoutes />, { route: '/tracking?barcode=PO555' });

    const note = await screen.findByRole('note');
    expect(note).toHaveTextContent('What happens next');
    expect(note).toHaveTextContent('give them the barcode PO555');
    expect(within(note).getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/login');
    unmount();

    renderWithProviders(<AppRoutes />, { route: '/tracking?barcode=PO123' });
    await screen.findByRole('table', { name: 'Tracking events of PO123' });
    expect(screen.queryByRole('note')).not.toBeInTheDocument();
  });
});
