/**
 * The Scan Orders page's barcode uploads (tabs 2 and 3): each posts a workbook and hands the workbook it gets
 * back to the browser as a download.
 */
import { useMutation } from '@tanstack/react-query';
import { api } from '../../lib/api-client.ts';

export const ORDER_DETAILS_FILE = 'Order_details.xlsx';
export const STATUS_RESULT_FILE = 'order_status_result.xlsx';

async function postForDownload(path: string, form: FormData, fileName: string): Promise<void> {
  const response = await api.request('POST', path, form);
  const href = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = href;
  link.download = fileName;
  link.click();
  URL.revokeObjectURL(href);
}

export function useOrderDetailsUpload() {
  return useMutation({
    mutationFn: (file: File) => {
      const form = new FormData();
      form.append('file', file);
      return postForDownload('/orders/getDetails', form, ORDER_DETAILS_FILE);
    },
  });
}

export interface StatusUpload {
  file: File;
  status: string;
  reason: string;
}

export function useStatusUpload() {
  return useMutation({
    mutationFn: ({ file, status, reason }: StatusUpload) => {
      const form = new FormData();
      form.append('status', status);
      if (reason.trim()) form.append('reason', reason.trim());
      form.append('file', file);
      return postForDownload('/orders/status', form, STATUS_RESULT_FILE);
    },
  });
}
