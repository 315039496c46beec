import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../lib/api-client.ts';
import { renderWithProviders } from '../test/render.tsx';
import { QueryState } from './QueryState.tsx';

function failedWith(error: unknown) {
  const refetch = vi.fn();
  const query = { isPending: false, isError: true, error, refetch, data: undefined };
  const rendered = renderWithProviders(<QueryState query={query}>{() => 'the data'}</QueryState>);
  return { refetch, ...rendered };
}

describe('QueryState', () => {
  it.each([
    [403, 'FORBIDDEN', 'You do not have access.'],
    [404, 'NOT_FOUND', 'Order not found'],
    [400, 'VALIDATION_FAILED', 'Bad filter'],
  ] as const)('shows a %i without Retry: it would answer the same again', (status, code, msg) => {
    failedWith(new ApiError(status, msg, code));

    expect(screen.getByRole('alert')).toHaveTextContent(msg);
    expect(screen.queryByRole('button', { name: 'Retry' })).not.toBeInTheDocument();
  });

  it.each([
    ['a server error', new ApiError(503, 'The database is resting', 'UNKNOWN')],
    ['a lost connection', new ApiError(500, 'Failed to fetch', 'NETWORK')],
    ['too many calls', new ApiError(429, 'Slow down', 'RATE_LIMITED')],
    ['an unexpected failure', new Error('boom')],
  ])('offers Retry after %s, and asks again', async (_case, error) => {
    const { user, refetch } = failedWith(error);

    await user.click(screen.getByRole('button', { name: 'Retry' }));

    expect(refetch).toHaveBeenCalledOnce();
  });
});
