import type { PriceTable, PriceTableSummary } from '@parcelops/shared';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../lib/api-client.ts';
import { resourceKeys, rowQuery, useDeleteRow, useInvalidatingMutation } from '../../lib/query-helpers.ts';

/** What the form uploads: the table's name and its workbook (spec §7: multipart name, file). */
export interface PriceTableUpload {
  name: string;
  file: File;
}

/** 'pricese' is also the root of the account form's price table options, so changes here refresh them. */
export const priceTableKeys = resourceKeys('pricese');

export const priceTablesQuery = (filter = '') =>
  queryOptions({
    queryKey: priceTableKeys.list(filter),
    queryFn: () => api.get<PriceTableSummary[]>('/pricese', { filter }),
  });

export const priceTableQuery = rowQuery<PriceTable>(priceTableKeys, '/pricese');

function uploadForm({ name, file }: PriceTableUpload): FormData {
  const form = new FormData();
  form.append('name', name);
  form.append('file', file);
  return form;
}

export const useCreatePriceTable = () =>
  useInvalidatingMutation(
    (upload: PriceTableUpload) => api.post<PriceTable>('/pricese', uploadForm(upload)),
    priceTableKeys.all,
  );

/** Replaces the rows; the server refuses a different name (spec §4: the name is fixed once it exists). */
export const useUpdatePriceTable = (sid: string) =>
  useInvalidatingMutation(
    (upload: PriceTableUpload) => api.put<PriceTable>(`/pricese/${sid}`, uploadForm(upload)),
    priceTableKeys.all,
  );

export const useDeletePriceTable = () => useDeleteRow(priceTableKeys, '/pricese');

export const downloadPriceTableTemplate = () => api.download('/pricese/template', 'pricese_template.xlsx');

export const exportPriceTable = (table: Pick<PriceTable, 'sid' | 'name'>) =>
  api.download(`/pricese/${table.sid}/export`, `${table.name}.xlsx`);
