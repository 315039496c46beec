import type { PublicSettings } from '@parcelops/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api-client.ts';

const FALLBACK_COMPANY_NAME = 'ParcelOps';

const publicSettingsQuery = queryOptions({
  queryKey: ['settings', 'public'],
  queryFn: () => api.get<PublicSettings>('/settings/public'),
  // It changes only with the server's configuration.
  staleTime: Number.POSITIVE_INFINITY,
});

/** The operator's company name for the footer; the product's name while loading or when the call fails. */
export function useCompanyName(): string {
  const { data } = useQuery(publicSettingsQuery);
  return data?.company_name || FALLBACK_COMPANY_NAME;
}
