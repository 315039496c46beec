import type { Vendor, VendorInput, VendorSummary } from '@parcelops/shared';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../lib/api-client.ts';
import { resourceKeys, rowQuery, useDeleteRow, useInvalidatingMutation } from '../../lib/query-helpers.ts';

export const vendorKeys = resourceKeys('vendors');

export const vendorsQuery = (filter = '') =>
  queryOptions({
    queryKey: vendorKeys.list(filter),
    queryFn: () => api.get<VendorSummary[]>('/vendors', { filter }),
  });

export const vendorQuery = rowQuery<Vendor>(vendorKeys, '/vendors');

export const useCreateVendor = () =>
  useInvalidatingMutation((body: VendorInput) => api.post<Vendor>('/vendors', body), vendorKeys.all);

export const useUpdateVendor = (sid: string) =>
  useInvalidatingMutation((body: VendorInput) => api.put<Vendor>(`/vendors/${sid}`, body), vendorKeys.all);

export const useDeleteVendor = () => useDeleteRow(vendorKeys, '/vendors');
