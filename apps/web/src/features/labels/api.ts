/** Shipping labels (spec: label print page, and the Orders screen's bulk Print labels). */
import type { BulkOrdersInput } from '@parcelops/shared';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../lib/api-client.ts';
import { orderKeys } from '../../lib/order-queries.ts';

/**
 * The order's 4x6 label as a PDF blob; an Order Failed one answers 409. Fetched through the API client, so the
 * bearer token goes along and failures carry the server's msg.
 */
export const orderLabelQuery = (sid: string) =>
  queryOptions({
    queryKey: [...orderKeys.all, 'label', sid] as const,
    queryFn: async () => (await api.request('GET', `/orders/${sid}/label`)).blob(),
    retry: false,
    // A PDF is worth keeping only while it is shown.
    gcTime: 0,
  });

/** The chosen orders' labels as one PDF (Order Failed ones are skipped): how many were printed and skipped. */
export async function downloadOrderLabels(input: BulkOrdersInput) {
  const headers = await api.downloadPosted('/orders/labels', input, 'labels.pdf');
  return {
    printed: Number(headers.get('x-labels-printed') ?? 0),
    skipped: Number(headers.get('x-labels-skipped') ?? 0),
  };
}
