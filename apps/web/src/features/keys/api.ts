import type { ApiKey, CreatedApiKey } from '@parcelops/shared';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api-client.ts';

export const apiKeyKeys = {
  all: ['keys'] as const,
  list: (accountSid: string) => [...apiKeyKeys.all, 'list', accountSid] as const,
};

export const apiKeysQuery = (accountSid: string) =>
  queryOptions({
    queryKey: apiKeyKeys.list(accountSid),
    queryFn: () => api.get<ApiKey[]>('/keys', { account_sid: accountSid }),
  });

export function useCreateApiKey(accountSid: string) {
  const client = useQueryClient();
  return useMutation({
    // Spec §3: creating a key sends an empty body; the reply carries the token, this once.
    mutationFn: () => api.post<CreatedApiKey>('/keys', undefined, { account_sid: accountSid }),
    onSuccess: () => client.invalidateQueries({ queryKey: apiKeyKeys.list(accountSid) }),
  });
}

export function useDeleteApiKey(accountSid: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (sid: string) => api.delete<{ sid: string }>(`/keys/${sid}`),
    onSuccess: () => client.invalidateQueries({ queryKey: apiKeyKeys.list(accountSid) }),
  });
}
