/**
 * A page's data, asked for while the page's code is still on its way (issue 21 item 9: a cold orders list
 * asked for its rows only once some fifty chunks had arrived, 1.5 s after navigation started). The table of
 * what each route asks for (route-data.ts) is a small chunk of its own, so the sign-in page carries none of it.
 * It uses the pages' own query options on the same URL, so the page renders from the cache.
 */
import type { FetchQueryOptions, Query, QueryClient, QueryKey } from '@tanstack/react-query';
import { getPendingPassword, getToken, type Viewer, viewerFromToken } from '../../lib/session.ts';

/** How long an answer fetched ahead counts as fresh for the page that opens on it. */
export const PREFETCH_FRESH_MS = 10_000;

/** The queries filled ahead of their page, with when that answer arrived. */
const prefetched = new WeakMap<Query, number>();

/**
 * Whether `query` still holds the very answer a route fetched ahead of its page, recent and not invalidated
 * since: the page mounting on it shows it without asking the server a second time.
 */
export function isFreshFromPrefetch(query: Query): boolean {
  const answeredAt = prefetched.get(query);
  return (
    answeredAt !== undefined &&
    answeredAt === query.state.dataUpdatedAt &&
    !query.state.isInvalidated &&
    Date.now() - answeredAt < PREFETCH_FRESH_MS
  );
}

/** Fetches what a page will ask for (unless a fresh answer is cached) and marks it for that page's mount. */
export async function prefetchForPage<Data, Key extends QueryKey>(
  client: QueryClient,
  options: FetchQueryOptions<Data, Error, Data, Key>,
): Promise<void> {
  await client.prefetchQuery({ ...options, staleTime: PREFETCH_FRESH_MS });
  const query = client.getQueryCache().find({ queryKey: options.queryKey, exact: true });
  if (query?.state.status === 'success') prefetched.set(query, query.state.dataUpdatedAt);
}

export interface PageLocation {
  pathname: string;
  search: string;
}

/**
 * Starts the data of the page at `location` for the signed-in viewer: nothing when signed out, while a forced
 * password change waits (the guards send those elsewhere) or for a page without prefetched data. Never
 * throws: the page asks again itself if anything here fails.
 */
export function prefetchPageData(
  client: QueryClient,
  location: PageLocation,
  viewer: Viewer | null = viewerFromToken(getToken()),
): Promise<void> {
  const signedInPage = location.pathname === '/internal' || location.pathname.startsWith('/internal/');
  if (!viewer || getPendingPassword() || !signedInPage) return Promise.resolve();
  return import('./route-data.ts')
    .then(async (routes) => {
      await routes.prefetchRouteData(client, location, viewer);
    })
    .catch(() => undefined);
}
