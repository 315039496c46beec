import type { Vendor, VendorInput, VendorSummary } from '@parcelops/shared';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api-client.ts';

export const vendorKeys = {
  all: ['vendors'] as const,
  list: (filter: string) => [...vendorKeys.all, 'list', filter] as const,
  detail: (sid: string) => [...vendorKeys.all, 'detail', sid] as const,
};

export const vendorsQuery = (filter = '') =>
  queryOptions({
    queryKey: vendorKeys.list(filter),
    queryFn: () => api.get<VendorSummary[]>('/vendors', { filter }),
  });

export const vendorQuery = (sid: string) =>
  queryOptions({
    queryKey: vendorKeys.detail(sid),
    queryFn: () => api.get<Vendor>(`/vendors/${sid}`),
  });

function useInvalidateVendors() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: vendorKeys.all });
}

export function useCreateVendor() {
  const invalidate = useInvalidateVendors();
  return useMutation({
    mutationFn: (body: VendorInput) => api.post<Vendor>('/vendors', body),
    onSuccess: invalidate,
  });
}

export function useUpdateVendor(sid: string) {
  const invalidate = useInvalidateVendors();
  return useMutation({
    mutationFn: (body: VendorInput) => api.put<Vendor>(`/vendors/${sid}`, body),
    onSuccess: invalidate,
  });
}

export function useDeleteVendor() {
  const invalidate = useInvalidateVendors();
  return useMutation({
    mutationFn: (sid: string) => api.delete<{ sid: string }>(`/vendors/${sid}`),
    onSuccess: invalidate,
  });
}
