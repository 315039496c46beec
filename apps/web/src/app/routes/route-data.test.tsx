import { Role } from '@parcelops/shared';
import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { act, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ordersQuery } from '../../features/orders/api.ts';
import { setToken, viewerFromToken } from '../../lib/session.ts';
import { stubFetch } from '../../test/fetch.ts';
import { renderWithProviders } from '../../test/render.tsx';
import { fakeToken } from '../../test/session.ts';
import { createQueryClient } from '../query-client.ts';
import { AppRoutes } from './AppRoutes.tsx';
import { prefetchPageData } from './page-prefetch.ts';
import { isFreshFromPrefetch, prefetchForPage } from './prefetched-queries.ts';

/** Every GET fails quickly: only the queries' keys matter here, and a page shows a failure without breaking. */
const failEverything = () =>
  stubFetch(() => ({ status: 503, body: { msg: 'Down for the test', code: 'INTERNAL' } }));

const noRetry = () => new QueryClient({ defaultOptions: { queries: { retry: false } } });
const keysOf = (client: QueryClient) =>
  client
    .getQueryCache()
    .getAll()
    .map((query) => query.queryHash);

/** The keys the route's data fills ahead, for a viewer of `role`. */
async function prefetchedKeys(url: string, role: Role): Promise<string[]> {
  const client = noRetry();
  const location = new URL(url, 'http://localhost');
  await prefetchPageData(client, location, viewerFromToken(fakeToken({ role, account_sid: 'acc-own' })));
  return keysOf(client);
}

/** Signs in as `role` and shows the page at `url`: the keys its queries ask for become the client's. */
function renderPage(url: string, role: Role) {
  setToken(fakeToken({ role, account_sid: role === Role.account ? 'acc-own' : null }));
  return renderWithProviders(<AppRoutes />, { route: url });
}

describe('route data: each page finds the queries its route started', () => {
  const cases: [string, Role][] = [
    ['/internal/orders', Role.admin],
    [
      '/internal/orders?status=3&filter=%20Nguyen%20&page=2&page_size=50&sort=orderNumber&direction=asc&account_sid=acc-9&from_date=2026-01-01&ams_masterAirWaybill=%20123-45678901',
      Role.admin,
    ],
    ['/internal/orders?batch_sid=batch-1&filter_missing_hs_code=true', Role.operator],
    // A seller's URL may name another account: neither the page nor its route data sends it.
    ['/internal/orders?account_sid=acc-other&ams_carton_label=C1', Role.account],
    ['/internal/orders/order-1/view', Role.account],
    ['/internal/batch_orders?filter=%20spring%20&account_sid=acc-9&page=1', Role.admin],
    ['/internal/batch_orders?account_sid=acc-other', Role.account],
    ['/internal/accounts', Role.admin],
    ['/internal/users', Role.admin],
    ['/internal/users', Role.account],
    ['/internal/vendors', Role.admin],
    ['/internal/pricese', Role.admin],
    ['/internal/hs_tariff_codes', Role.operator],
  ];

  it.each(cases)('%s as role %s', { timeout: 20_000 }, async (url, role) => {
    failEverything();
    const prefetched = await prefetchedKeys(url, role);
    expect(prefetched.length).toBeGreaterThan(0);

    const { queryClient } = renderPage(url, role);
    await waitFor(() => expect(keysOf(queryClient)).toEqual(expect.arrayContaining(prefetched)), {
      timeout: 15_000,
    });
  });
});

describe('route data: nothing ahead of what the visitor may not see', () => {
  it('asks nothing for a refused page, a page without route data or a signed-out visitor', async () => {
    const fetch = failEverything();
    expect(await prefetchedKeys('/internal/vendors', Role.account)).toEqual([]);
    expect(await prefetchedKeys('/internal/accounts', Role.operator)).toEqual([]);
    expect(await prefetchedKeys('/internal/orders/add', Role.admin)).toEqual([]);
    expect(await prefetchedKeys('/login', Role.admin)).toEqual([]);

    const client = noRetry();
    await prefetchPageData(client, { pathname: '/internal/orders', search: '' }, null);
    expect(keysOf(client)).toEqual([]);
    expect(fetch).not.toHaveBeenCalled();
  });

  it('waits while a forced password change is pending', async () => {
    const fetch = failEverything();
    sessionStorage.setItem('parcelops.pendingPassword', JSON.stringify({ user_sid: 'u', old_password: 'x' }));
    expect(await prefetchedKeys('/internal/orders', Role.admin)).toEqual([]);
    expect(fetch).not.toHaveBeenCalled();
  });
});

/** One page of the orders list, as a page would ask for it. */
const query = ordersQuery({
  page: 0,
  page_size: 25,
  from_date: '',
  to_date: '',
  account_sid: '',
  status: null,
  filter: '',
  filter_missing_hs_code: false,
  ams_masterAirWaybill: '',
  ams_carton_label: '',
  batch_sid: '',
  sort: 'date_created',
  direction: 'desc',
});

function Rows() {
  const orders = useQuery(query);
  return <p>{orders.data ? `total ${orders.data.total}` : 'waiting'}</p>;
}

describe('a page opening on its prefetched answer', () => {
  it('shows it without asking the server again; an invalidated answer is asked for again', async () => {
    const fetch = stubFetch(() => ({ status: 200, body: { data: [], total: 7 } }));
    const client = createQueryClient();
    await prefetchForPage(client, query);
    expect(fetch).toHaveBeenCalledTimes(1);
    const cached = client.getQueryCache().find({ queryKey: query.queryKey, exact: true });
    expect(cached && isFreshFromPrefetch(cached)).toBe(true);

    const first = render(
      <QueryClientProvider client={client}>
        <Rows />
      </QueryClientProvider>,
    );
    expect(screen.getByText('total 7')).toBeInTheDocument();
    await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
    expect(fetch).toHaveBeenCalledTimes(1);
    first.unmount();

    // A change elsewhere (a new order) invalidates the list: the next visit asks again.
    await client.invalidateQueries({ queryKey: query.queryKey });
    render(
      <QueryClientProvider client={client}>
        <Rows />
      </QueryClientProvider>,
    );
    await waitFor(() => expect(fetch).toHaveBeenCalledTimes(2));
  });

  it('is an ordinary mount when the answer came from the page itself', async () => {
    const fetch = stubFetch(() => ({ status: 200, body: { data: [], total: 3 } }));
    const client = createQueryClient();
    await client.prefetchQuery(query);
    const cached = client.getQueryCache().find({ queryKey: query.queryKey, exact: true });
    expect(cached && isFreshFromPrefetch(cached)).toBe(false);
    render(
      <QueryClientProvider client={client}>
        <Rows />
      </QueryClientProvider>,
    );
    await waitFor(() => expect(fetch).toHaveBeenCalledTimes(2));
  });
});
