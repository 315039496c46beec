import type { PriceTable, PriceTableSummary } from '@parcelops/shared';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api-client.ts';

/** What the form uploads: the table's name and its workbook (spec §7: multipart name, file). */
export interface PriceTableUpload {
  name: string;
  file: File;
}

/** 'pricese' is also the root of the account form's price table options, so changes here refresh them. */
export const priceTableKeys = {
  all: ['pricese'] as const,
  list: (filter: string) => [...priceTableKeys.all, 'list', filter] as const,
  detail: (sid: string) => [...priceTableKeys.all, 'detail', sid] as const,
};

export const priceTablesQuery = (filter = '') =>
  queryOptions({
    queryKey: priceTableKeys.list(filter),
    queryFn: () => api.get<PriceTableSummary[]>('/pricese', { filter }),
  });

export const priceTableQuery = (sid: string) =>
  queryOptions({
    queryKey: priceTableKeys.detail(sid),
    queryFn: () => api.get<PriceTable>(`/pricese/${sid}`),
  });

function uploadForm({ name, file }: PriceTableUpload): FormData {
  const form = new FormData();
  form.append('name', name);
  form.append('file', file);
  return form;
}

function useInvalidatePriceTables() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: priceTableKeys.all });
}

export function useCreatePriceTable() {
  const invalidate = useInvalidatePriceTables();
  return useMutation({
    mutationFn: (upload: PriceTableUpload) => api.post<PriceTable>('/pricese', uploadForm(upload)),
    onSuccess: invalidate,
  });
}

/** Replaces the rows; the server refuses a different name (spec §4: the name is fixed once it exists). */
export function useUpdatePriceTable(sid: string) {
  const invalidate = useInvalidatePriceTables();
  return useMutation({
    mutationFn: (upload: PriceTableUpload) => api.put<PriceTable>(`/pricese/${sid}`, uploadForm(upload)),
    onSuccess: invalidate,
  });
}

export function useDeletePriceTable() {
  const invalidate = useInvalidatePriceTables();
  return useMutation({
    mutationFn: (sid: string) => api.delete<{ sid: string }>(`/pricese/${sid}`),
    onSuccess: invalidate,
  });
}

export const downloadPriceTableTemplate = () => api.download('/pricese/template', 'pricese_template.xlsx');

export const exportPriceTable = (table: Pick<PriceTable, 'sid' | 'name'>) =>
  api.download(`/pricese/${table.sid}/export`, `${table.name}.xlsx`);
