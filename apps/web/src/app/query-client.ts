import { QueryClient } from '@tanstack/react-query';
import { ApiError } from '../lib/api-client.ts';

const MAX_RETRIES = 2;

/** A 4xx answer will not change on a second try (bad input, no access, not found); a network blip might. */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
  return failureCount < MAX_RETRIES;
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: shouldRetry },
      mutations: { retry: false },
    },
  });
}
