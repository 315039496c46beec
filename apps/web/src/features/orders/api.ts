import type {
  BulkDeleteResult,
  BulkOrdersInput,
  CreateOrderInput,
  CreditUnit,
  Order,
  OrderList,
  OrderQuote,
  OrderQuoteInput,
  OrderSort,
  OrderStatistic,
  UpdateOrderInput,
} from '@parcelops/shared';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api, type Query } from '../../lib/api-client.ts';

/** Spec §7 GET /orders: the filters as sent (page zero-based; empty values are left out by the client). */
export interface OrderListParams {
  page: number;
  page_size: number;
  from_date: string;
  to_date: string;
  account_sid: string;
  status: number | null;
  filter: string;
  filter_missing_hs_code: boolean;
  ams_masterAirWaybill: string;
  ams_carton_label: string;
  sort: OrderSort;
  direction: 'asc' | 'desc';
}

/** GET /orders/statistic takes the list's filters but counts every status on every page. */
export type OrderStatisticParams = Omit<
  OrderListParams,
  'page' | 'page_size' | 'status' | 'sort' | 'direction'
>;

export const orderKeys = {
  all: ['orders'] as const,
  list: (query: OrderListParams) => [...orderKeys.all, 'list', query] as const,
  statistic: (query: OrderStatisticParams) => [...orderKeys.all, 'statistic', query] as const,
  detail: (sid: string) => [...orderKeys.all, 'detail', sid] as const,
  label: (sid: string) => [...orderKeys.all, 'label', sid] as const,
  creditEntries: (sid: string) => [...orderKeys.all, 'credit_entries', sid] as const,
};

function wireQuery(query: OrderStatisticParams & Partial<OrderListParams>): Query {
  return {
    ...query,
    // false would be sent as "false"; the box unticked means "do not filter".
    filter_missing_hs_code: query.filter_missing_hs_code || undefined,
  };
}

export const ordersQuery = (query: OrderListParams) =>
  queryOptions({
    queryKey: orderKeys.list(query),
    queryFn: () => api.get<OrderList>('/orders', wireQuery(query)),
  });

export const orderStatisticQuery = (query: OrderStatisticParams) =>
  queryOptions({
    queryKey: orderKeys.statistic(query),
    queryFn: () => api.get<OrderStatistic>('/orders/statistic', wireQuery(query)),
  });

export const orderQuery = (sid: string) =>
  queryOptions({
    queryKey: orderKeys.detail(sid),
    queryFn: () => api.get<Order>(`/orders/${sid}`),
  });

/** One row the order wrote in its account's credit ledger (GET /orders/{sid}/credit_entries). */
export interface OrderCreditEntry {
  kind: 'topup' | 'order_charge' | 'refund' | 'reweigh';
  /** Positive added to the balance (a refund), negative took from it (a charge). */
  amount: number;
  balance_after: number;
  unit: CreditUnit;
  note: string | null;
  date_created: string;
}

/** The order's charge, refunds and re-weighs, oldest first; fetched again after every save (useOrderSaved). */
export const orderCreditEntriesQuery = (sid: string) =>
  queryOptions({
    queryKey: orderKeys.creditEntries(sid),
    queryFn: () => api.get<OrderCreditEntry[]>(`/orders/${sid}/credit_entries`),
  });

/**
 * What the items would weigh and cost (POST /orders/quote): priced by the server exactly as the order will be,
 * so sellers, who cannot read price tables, see the price too.
 */
export const orderQuoteQuery = (body: OrderQuoteInput) =>
  queryOptions({
    queryKey: [...orderKeys.all, 'quote', body] as const,
    queryFn: () => api.post<OrderQuote>('/orders/quote', body),
    // A refusal (no price table, too heavy) is the answer to show, not a hiccup to retry.
    retry: false,
  });

/**
 * The order's 4x6 label (spec: label print page) as a PDF blob; an Order Failed one answers 409. Fetched
 * through the API client, so the bearer token goes along and failures carry the server's msg.
 */
export const orderLabelQuery = (sid: string) =>
  queryOptions({
    queryKey: orderKeys.label(sid),
    queryFn: async () => (await api.request('GET', `/orders/${sid}/label`)).blob(),
    retry: false,
    // A PDF is worth keeping only while it is shown.
    gcTime: 0,
  });

/**
 * After a change the saved order is known: it replaces the cached one at once, and lists and counts are
 * fetched again (status, weight and price may all have moved).
 */
function useOrderSaved() {
  const client = useQueryClient();
  return async (order: Order) => {
    client.setQueryData(orderKeys.detail(order.sid), order);
    await client.invalidateQueries({
      queryKey: orderKeys.all,
      predicate: (query) => query.queryKey[1] !== 'detail',
    });
  };
}

export function useCreateOrder() {
  const saved = useOrderSaved();
  return useMutation({
    mutationFn: (body: CreateOrderInput) => api.post<Order>('/orders', body),
    onSuccess: saved,
  });
}

/** Admins only (spec §5): the customer's details, or the weight in whole grams. */
export function useUpdateOrder(sid: string) {
  const saved = useOrderSaved();
  return useMutation({
    mutationFn: (body: UpdateOrderInput) => api.put<Order>(`/orders/${sid}`, body),
    onSuccess: saved,
  });
}

/** Admins only: one item's HS code; the reply is the whole order. */
export function useUpdateOrderItem() {
  const saved = useOrderSaved();
  return useMutation({
    mutationFn: ({ itemSid, hs_code }: { itemSid: string; hs_code: string }) =>
      api.put<Order>(`/orders/items/${itemSid}`, { hs_code }),
    onSuccess: saved,
  });
}

/** Only Generated orders can be deleted; the server answers 409 for the others. */
export function useDeleteOrder() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (sid: string) => api.delete<{ sid: string }>(`/orders/${sid}`),
    onSuccess: ({ sid }) => {
      client.removeQueries({ queryKey: orderKeys.detail(sid) });
      return client.invalidateQueries({ queryKey: orderKeys.all });
    },
  });
}

/**
 * The orders a bulk action works on: the ones ticked, or every order the list's filters find (the status
 * button included, paging and order left out). Empty filters are left out, as GET /orders leaves them out.
 */
export function bulkOrdersInput(
  choice: { sids: string[] } | { filter: OrderStatisticParams & { status: number | null } },
): BulkOrdersInput {
  if ('sids' in choice) return { sids: choice.sids };
  const filter: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(choice.filter)) {
    if (value !== '' && value !== null && value !== false) filter[key] = value;
  }
  return { filter };
}

/** Posts a bulk action whose reply is a file and hands the file to the browser; answers the reply's headers. */
async function downloadBulk(path: string, input: BulkOrdersInput, fileName: string): Promise<Headers> {
  const response = await api.request('POST', path, input);
  const href = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = href;
  link.download = fileName;
  link.click();
  URL.revokeObjectURL(href);
  return response.headers;
}

/** The chosen orders' labels as one PDF (Order Failed ones are skipped): how many were printed and skipped. */
export async function downloadOrderLabels(input: BulkOrdersInput) {
  const headers = await downloadBulk('/orders/labels', input, 'labels.pdf');
  return {
    printed: Number(headers.get('x-labels-printed') ?? 0),
    skipped: Number(headers.get('x-labels-skipped') ?? 0),
  };
}

export function downloadOrdersXlsx(input: BulkOrdersInput) {
  return downloadBulk('/orders/export', input, 'orders.xlsx');
}

/** Deletes the chosen orders that may be deleted; lists and counts are fetched again. */
export function useBulkDeleteOrders() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: BulkOrdersInput) => api.post<BulkDeleteResult>('/orders/delete', input),
    onSuccess: () => client.invalidateQueries({ queryKey: orderKeys.all }),
  });
}
