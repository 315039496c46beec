import type { HsCode, HsCodeInput } from '@parcelops/shared';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../lib/api-client.ts';
import { resourceKeys, useDeleteRow, useInvalidatingMutation } from '../../lib/query-helpers.ts';

export const hsCodeKeys = resourceKeys('hs_codes');

/** Every signed-in role may read the codes; item declarations pick from them too. */
export const hsCodesQuery = (filter = '') =>
  queryOptions({
    queryKey: hsCodeKeys.list(filter),
    queryFn: () => api.get<HsCode[]>('/hs_codes', { filter }),
  });

export const useCreateHsCode = () =>
  useInvalidatingMutation((body: HsCodeInput) => api.post<HsCode>('/hs_codes', body), hsCodeKeys.all);

export const useUpdateHsCode = () =>
  useInvalidatingMutation(
    ({ sid, body }: { sid: string; body: HsCodeInput }) => api.put<HsCode>(`/hs_codes/${sid}`, body),
    hsCodeKeys.all,
  );

export const useDeleteHsCode = () => useDeleteRow(hsCodeKeys, '/hs_codes');
