import type { ApiKey, CreatedApiKey } from '@parcelops/shared';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../lib/api-client.ts';
import { useInvalidatingMutation } from '../../lib/query-helpers.ts';

export const apiKeyKeys = {
  all: ['keys'] as const,
  list: (accountSid: string) => [...apiKeyKeys.all, 'list', accountSid] as const,
};

export const apiKeysQuery = (accountSid: string) =>
  queryOptions({
    queryKey: apiKeyKeys.list(accountSid),
    queryFn: () => api.get<ApiKey[]>('/keys', { account_sid: accountSid }),
  });

export const useCreateApiKey = (accountSid: string) =>
  useInvalidatingMutation(
    // Spec §3: creating a key sends an empty body; the reply carries the token, this once.
    () => api.post<CreatedApiKey>('/keys', undefined, { account_sid: accountSid }),
    apiKeyKeys.list(accountSid),
  );

export const useDeleteApiKey = (accountSid: string) =>
  useInvalidatingMutation(
    (sid: string) => api.delete<{ sid: string }>(`/keys/${sid}`),
    apiKeyKeys.list(accountSid),
  );
