/**
 * The hub's calls (spec §2 Scan Orders): a scanned barcode's order, the scanned table as a workbook, and the
 * two barcode uploads (tabs 2 and 3), each of which posts a workbook and gets a workbook back as a download.
 */
import { type Hub, type Order, SCANNED_ORDERS_FILE } from '@parcelops/shared';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../lib/api-client.ts';

export const ORDER_DETAILS_FILE = 'Order_details.xlsx';
export const STATUS_RESULT_FILE = 'order_status_result.xlsx';

/** GET /orders/scan/barcode/{code}: the order; a Generated one is moved to Scanned by the server. */
export const scanBarcode = (code: string, hub: Hub) =>
  api.get<Order>(`/orders/scan/barcode/${encodeURIComponent(code)}`, { hub });

/** POST /orders/scan/report: the table's barcodes as scanned_orders.xlsx, handed to the browser. */
export const downloadScanReport = (barcodes: readonly string[]) =>
  api.downloadPosted('/orders/scan/report', { barcodes }, SCANNED_ORDERS_FILE);

export function useOrderDetailsUpload() {
  return useMutation({
    mutationFn: (file: File) => {
      const form = new FormData();
      form.append('file', file);
      return api.downloadPosted('/orders/getDetails', form, ORDER_DETAILS_FILE);
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
      return api.downloadPosted('/orders/status', form, STATUS_RESULT_FILE);
    },
  });
}
