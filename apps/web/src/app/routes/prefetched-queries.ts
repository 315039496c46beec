/**
 * The queries a route fetched ahead of its page (page-prefetch.ts starts them, route-data.ts says which),
 * kept apart from both so the lazily loaded route table and its loader do not import each other.
 */
import type { FetchQueryOptions, Query, QueryClient, QueryKey } from '@tanstack/react-query';

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
