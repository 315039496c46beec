import type {
  BulkDeleteResult,
  BulkOrdersInput,
  Order,
  OrderList,
  OrderQuote,
  OrderQuoteInput,
  OrderStatistic,
} from '@parcelops/shared';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api, type Query } from '../../lib/api-client.ts';
import { type OrderListParams, type OrderStatisticParams, orderKeys } from '../../lib/order-queries.ts';
import { useInvalidatingMutation } from '../../lib/query-helpers.ts';

export {
  type OrderListParams,
  type OrderStatisticParams,
  orderKeys,
  orderQuery,
} from '../../lib/order-queries.ts';

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
 * After a change the saved order is known: it replaces the cached one at once, and lists and counts are
 * fetched again (status, weight and price may all have moved).
 */
export function useOrderSaved() {
  const client = useQueryClient();
  return async (order: Order) => {
    client.setQueryData(orderKeys.detail(order.sid), order);
    await client.invalidateQueries({
      queryKey: orderKeys.all,
      predicate: (query) => query.queryKey[1] !== 'detail',
    });
  };
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

export const downloadOrdersXlsx = (input: BulkOrdersInput) =>
  api.downloadPosted('/orders/export', input, 'orders.xlsx');

/** Deletes the chosen orders that may be deleted; lists and counts are fetched again. */
export const useBulkDeleteOrders = () =>
  useInvalidatingMutation(
    (input: BulkOrdersInput) => api.post<BulkDeleteResult>('/orders/delete', input),
    orderKeys.all,
  );
