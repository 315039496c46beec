/**
 * Spec §7 Batch orders: the list, one batch, the upload that creates one, and its files (template, labels,
 * report, error sheet). Everything goes through the API client, so the bearer token goes along and failures
 * carry the server's msg.
 */
import {
  BATCH_RERUNNABLE_REASONS,
  type BatchOrder,
  type BatchOrderDetail,
  type BatchOrderList,
  type BatchStatus,
  type LabelOutput,
} from '@parcelops/shared';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api } from '../../lib/api-client.ts';
import { saveFile } from '../../lib/save-file.ts';

/** Spec §7 GET /batch_orders: the filters as sent (page zero-based; empty values are left out by the client). */
export interface BatchOrderListParams {
  page: number;
  page_size: number;
  from_date: string;
  to_date: string;
  account_sid: string;
  filter: string;
}

/** What the create form sends (POST /batch_orders, multipart). */
export interface BatchOrderUpload {
  name: string;
  file: File;
  /** Admins and operators name the account; null (account users) means the caller's own. */
  account_sid: string | null;
  /** "Check only": the job checks and prices every row and places nothing. */
  check_only: boolean;
}

export const batchOrderKeys = {
  all: ['batch_orders'] as const,
  list: (query: BatchOrderListParams) => [...batchOrderKeys.all, 'list', query] as const,
  detail: (sid: string) => [...batchOrderKeys.all, 'detail', sid] as const,
};

/**
 * A batch the background job has not finished yet: its page keeps asking until it has. An initiated batch is
 * one a check has finished with (its quote waits for "Place orders"), so it is not running.
 */
export const isBatchRunning = (status: BatchStatus | undefined) => status === 'in-progress';

/**
 * The share of a placing batch's rows its orders have reached, in percent. Rows may hold several orders' items,
 * so it is capped below full until the batch is done.
 */
export const placedShare = (batch: Pick<BatchOrder, 'placed' | 'rows'>) =>
  Math.min(99, Math.round((batch.placed / Math.max(batch.rows, 1)) * 100));

/** A checked batch: every row good and priced, nothing placed yet. */
export const isBatchChecked = (batch: Pick<BatchOrder, 'status' | 'quote'>) =>
  batch.status === 'initiated' && batch.quote !== null;

/**
 * What a failed batch's page leads with: "Run again" when the same file can pass now (credit, the account's
 * state, the server), "Upload a corrected file" when the file itself is at fault and would fail the same way;
 * `upload-only` when the file is gone and only a new upload helps.
 */
export function failedBatchStep(
  batch: Pick<BatchOrder, 'reason_text' | 'file_kept'>,
): 'run' | 'upload' | 'upload-only' {
  const key = batch.reason_text?.key;
  if (!batch.file_kept || key === 'batch.fileMissing') return 'upload-only';
  return key && BATCH_RERUNNABLE_REASONS.includes(key) ? 'run' : 'upload';
}

/** How often a running batch is asked for again. */
export const BATCH_POLL_MS = 2000;

export const batchOrdersQuery = (query: BatchOrderListParams) =>
  queryOptions({
    queryKey: batchOrderKeys.list(query),
    queryFn: () => api.get<BatchOrderList>('/batch_orders', { ...query }),
    placeholderData: keepPreviousData,
    // A page showing a running batch follows it, so its status and counts change without a reload.
    refetchInterval: (current) =>
      current.state.data?.data.some((batch) => isBatchRunning(batch.status)) ? BATCH_POLL_MS : false,
  });

export const batchOrderQuery = (sid: string) =>
  queryOptions({
    queryKey: batchOrderKeys.detail(sid),
    queryFn: () => api.get<BatchOrderDetail>(`/batch_orders/${sid}`),
    // Until the job is done (success or failed), the status block refreshes itself.
    refetchInterval: (current) => (isBatchRunning(current.state.data?.status) ? BATCH_POLL_MS : false),
  });

/**
 * POST /batch_orders with upload progress: `onProgress` gets the share of the file sent, 0 to 1. The account
 * goes only when one was chosen (spec §7: sent only by admin and operator).
 */
export function uploadBatchOrder(
  { name, file, account_sid, check_only }: BatchOrderUpload,
  onProgress: (sent: number) => void,
): Promise<BatchOrder> {
  const form = new FormData();
  form.append('name', name);
  if (account_sid) form.append('account_sid', account_sid);
  if (check_only) form.append('check_only', 'true');
  form.append('file', file, file.name);
  return api.upload<BatchOrder>('/batch_orders', form, onProgress);
}

/** "Run again" / "Place orders": the batch goes back in progress and is placed from its stored file. */
export const runBatchOrder = (sid: string) => api.post<BatchOrderDetail>(`/batch_orders/${sid}/run`);

export const downloadBatchOrderTemplate = () =>
  api.download('/batch_orders/template', 'batch_order_template.xlsx');

type NamedBatch = Pick<BatchOrder, 'sid' | 'name'>;

/** The batch name as a file name: characters no file system takes become "_", as the server names its files. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is being replaced.
const fileNameOf = (batch: NamedBatch) => batch.name.replace(/[\\/:*?"<>|\u0000-\u001f]/g, '_');

/**
 * The 4x6 labels of the batch's orders as one file (issue 33): "<batch name>_labels.pdf", or ".zpl" for a
 * thermal printer at its dpi. The format goes as the client's query rather than through the labels feature's
 * `labelQueryString`: this module is in every page's route data, which must not carry the labels feature.
 */
export const downloadBatchLabels = (batch: NamedBatch, output: LabelOutput) =>
  api.download(`/labels/${batch.sid}`, `${fileNameOf(batch)}_labels.${output.format}`, {
    format: output.format,
    dpi: output.format === 'zpl' ? output.dpi : undefined,
  });

/** A failed batch's own sheet with an error column beside each bad row. */
export const downloadBatchErrors = (batch: NamedBatch) =>
  api.download(`/batch_orders/${batch.sid}/errors`, `${fileNameOf(batch)}_errors.xlsx`);

/** Long enough for the new tab to read the PDF; the URL is released after. */
const REPORT_URL_LIFETIME_MS = 60_000;

/**
 * Spec §2 View Batch Order: the Report opens in a new tab and is saved as "<batch name>.pdf". The tab is
 * opened at once, while the click still counts as the person's (a tab opened after the download would be
 * taken for a pop-up and blocked), then shown the PDF fetched with the session's token; a failure closes it.
 */
export async function openBatchReport(batch: NamedBatch): Promise<void> {
  const tab = window.open('', '_blank');
  try {
    const response = await api.request('GET', `/report/${batch.sid}`);
    const pdf = await response.blob();
    saveFile(pdf, `${fileNameOf(batch)}.pdf`);
    if (!tab) return;
    const url = URL.createObjectURL(pdf);
    tab.location.href = url;
    setTimeout(() => URL.revokeObjectURL(url), REPORT_URL_LIFETIME_MS);
  } catch (error) {
    tab?.close();
    throw error;
  }
}
