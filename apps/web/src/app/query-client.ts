import { type Query, QueryClient } from '@tanstack/react-query';
import { ApiError } from '../lib/api-client.ts';
import { isFreshFromPrefetch } from './routes/prefetched-queries.ts';

const MAX_RETRIES = 2;

/** A 4xx answer will not change on a second try (bad input, no access, not found); a network blip might. */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
  return failureCount < MAX_RETRIES;
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        retry: shouldRetry,
        // A page opening on the answer its route fetched ahead (routes/page-prefetch.ts) shows it without asking
        // the server again; every other mount refetches stale data as usual.
        refetchOnMount: (query: Query) => !isFreshFromPrefetch(query),
      },
      mutations: { retry: false },
    },
  });
}
