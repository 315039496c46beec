/** Shipping labels (spec: label print page, and the Orders screen's bulk Print labels). */
import { type BulkOrdersInput, LABEL_DPIS, type LabelOutput } from '@parcelops/shared';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../lib/api-client.ts';
import { orderKeys } from '../../lib/order-queries.ts';

/**
 * The query string every label call takes (issue 33): `format=pdf`, or `format=zpl&dpi=203|300`. The format is
 * always sent, so a call never depends on the server's default.
 */
export function labelQueryString(output: LabelOutput): string {
  const params = new URLSearchParams({ format: output.format });
  if (output.format === 'zpl') params.set('dpi', String(output.dpi));
  return params.toString();
}

/** `path` asking for `output`; the client's `request` and `downloadPosted` take no query of their own. */
export const labelPath = (path: string, output: LabelOutput) => `${path}?${labelQueryString(output)}`;

/** A label file's name ending: `.pdf` or `.zpl`. */
export const labelExtension = (output: LabelOutput) => `.${output.format}`;

/** A remembered choice read back from storage, checked field by field. */
export function isLabelOutput(value: unknown): value is LabelOutput {
  if (typeof value !== 'object' || value === null) return false;
  const { format, dpi } = value as { format?: unknown; dpi?: unknown };
  if (format === 'pdf') return true;
  return format === 'zpl' && LABEL_DPIS.some((known) => known === dpi);
}

/**
 * The order's 4x6 label as a blob, a PDF or a ZPL file; an Order Failed one answers 409. Fetched through the
 * API client, so the bearer token goes along and failures carry the server's msg.
 */
export const orderLabelQuery = (sid: string, output: LabelOutput) =>
  queryOptions({
    queryKey: [...orderKeys.all, 'label', sid, labelQueryString(output)] as const,
    queryFn: async () => (await api.request('GET', labelPath(`/orders/${sid}/label`, output))).blob(),
    retry: false,
    // A label is worth keeping only while it is shown.
    gcTime: 0,
  });

/**
 * The chosen orders' labels as one file, `labels.pdf` or `labels.zpl` (Order Failed ones are skipped): how many
 * were printed and skipped.
 */
export async function downloadOrderLabels(input: BulkOrdersInput, output: LabelOutput) {
  const headers = await api.downloadPosted(
    labelPath('/orders/labels', output),
    input,
    `labels${labelExtension(output)}`,
  );
  return {
    printed: Number(headers.get('x-labels-printed') ?? 0),
    skipped: Number(headers.get('x-labels-skipped') ?? 0),
  };
}
