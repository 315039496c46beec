/** Spec §2 Import orders: the template, and the upload that places a workbook's orders. */
import type { OrderImportResult } from '@parcelops/shared';
import { api } from '../../lib/api-client.ts';
import { saveFile } from '../../lib/save-file.ts';

export interface ImportUpload {
  file: File;
  /** Admins and operators choose the account; null imports for the caller's own. */
  accountSid: string | null;
}

/**
 * POST /orders/import with upload progress: a large workbook takes long enough on a slow line that people need
 * to see it move. `onProgress` gets the share of the file sent, 0 to 1.
 */
export function uploadOrders(
  { file, accountSid }: ImportUpload,
  onProgress: (sent: number) => void,
): Promise<OrderImportResult> {
  const form = new FormData();
  if (accountSid) form.append('account_sid', accountSid);
  form.append('file', file, file.name);
  return api.upload<OrderImportResult>('/orders/import', form, onProgress);
}

export const downloadOrderImportTemplate = () =>
  api.download('/orders/import/template', 'orders_import_template.xlsx');

/**
 * "Download failed rows": the sheet's rows of the orders that failed, from the file the browser still holds,
 * with an Error column (failed-rows-workbook.ts, loaded with ExcelJS only when asked for).
 */
export async function downloadFailedRows(
  file: Blob,
  errors: ReadonlyMap<number, string>,
  errorHeader: string,
  fileName: string,
): Promise<void> {
  const { failedRowsWorkbook } = await import('./failed-rows-workbook.ts');
  saveFile(await failedRowsWorkbook(file, errors, errorHeader), fileName);
}
