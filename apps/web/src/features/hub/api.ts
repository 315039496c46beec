/**
 * The hub's calls (spec §2 Scan Orders): a scanned barcode's order and verdict, the scanned table as a
 * workbook, and the two barcode uploads (tabs 2 and 3). The status upload is previewed first
 * (POST /orders/status/preview, written nowhere), then sent for real; its reply is the result workbook, with
 * the counts in headers.
 */
import {
  type Hub,
  SCANNED_ORDERS_FILE,
  type ScanReply,
  STATUS_RESULT_HEADERS,
  type StatusUploadPreview,
} from '@parcelops/shared';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../lib/api-client.ts';

export const ORDER_DETAILS_FILE = 'Order_details.xlsx';
export const STATUS_RESULT_FILE = 'order_status_result.xlsx';

/**
 * GET /orders/scan/barcode/{code}: the order and what the scan found (a Generated order is received now);
 * an unknown barcode is a 404.
 */
export const scanBarcode = (code: string, hub: Hub) =>
  api.get<ScanReply>(`/orders/scan/barcode/${encodeURIComponent(code)}`, { hub });

/** POST /orders/scan/report: the table's barcodes as scanned_orders.xlsx, handed to the browser. */
export const downloadScanReport = (barcodes: readonly string[]) =>
  api.downloadPosted('/orders/scan/report', { barcodes }, SCANNED_ORDERS_FILE);

/** The barcode workbook templates of the two uploads (one Barcode column, as text), as the other uploads offer theirs. */
export const downloadOrderDetailsTemplate = () =>
  api.download('/orders/getDetails/template', 'order_details_template.xlsx');
export const downloadStatusTemplate = () =>
  api.download('/orders/status/template', 'order_status_template.xlsx');

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

/** The same multipart fields for the preview and the real upload, so what was previewed is what is sent. */
function statusForm({ file, status, reason }: StatusUpload): FormData {
  const form = new FormData();
  form.append('status', status);
  if (reason.trim()) form.append('reason', reason.trim());
  form.append('file', file);
  return form;
}

/** POST /orders/status/preview: what the upload would do, as JSON (a barcode list is small: no progress). */
export function useStatusPreview() {
  return useMutation({
    mutationFn: (upload: StatusUpload) =>
      api.post<StatusUploadPreview>('/orders/status/preview', statusForm(upload)),
  });
}

export type StatusResultCounts = Record<keyof typeof STATUS_RESULT_HEADERS, number>;

/** The counts of the result headers; a header the reply lacks reads as 0. */
export function statusResultCounts(headers: Headers): StatusResultCounts {
  const read = (name: string) => {
    const value = Number(headers.get(name) ?? '');
    return Number.isInteger(value) && value >= 0 ? value : 0;
  };
  return {
    updated: read(STATUS_RESULT_HEADERS.updated),
    unchanged: read(STATUS_RESULT_HEADERS.unchanged),
    refused: read(STATUS_RESULT_HEADERS.refused),
    notFound: read(STATUS_RESULT_HEADERS.notFound),
  };
}

/** POST /orders/status: applies the status; the result workbook is saved and its counts answered. */
export function useStatusUpload() {
  return useMutation({
    mutationFn: async (upload: StatusUpload) =>
      statusResultCounts(await api.downloadPosted('/orders/status', statusForm(upload), STATUS_RESULT_FILE)),
  });
}
