import type { HsCode, HsCodeInput } from '@parcelops/shared';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api-client.ts';

export const hsCodeKeys = {
  all: ['hs_codes'] as const,
  list: (filter: string) => [...hsCodeKeys.all, 'list', filter] as const,
};

/** Every signed-in role may read the codes; item declarations pick from them too. */
export const hsCodesQuery = (filter = '') =>
  queryOptions({
    queryKey: hsCodeKeys.list(filter),
    queryFn: () => api.get<HsCode[]>('/hs_codes', { filter }),
  });

function useInvalidateHsCodes() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: hsCodeKeys.all });
}

export function useCreateHsCode() {
  const invalidate = useInvalidateHsCodes();
  return useMutation({
    mutationFn: (body: HsCodeInput) => api.post<HsCode>('/hs_codes', body),
    onSuccess: invalidate,
  });
}

export function useUpdateHsCode() {
  const invalidate = useInvalidateHsCodes();
  return useMutation({
    mutationFn: ({ sid, body }: { sid: string; body: HsCodeInput }) =>
      api.put<HsCode>(`/hs_codes/${sid}`, body),
    onSuccess: invalidate,
  });
}

export function useDeleteHsCode() {
  const invalidate = useInvalidateHsCodes();
  return useMutation({
    mutationFn: (sid: string) => api.delete<{ sid: string }>(`/hs_codes/${sid}`),
    onSuccess: invalidate,
  });
}
