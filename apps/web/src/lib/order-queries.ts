/**
 * The orders' cache keys, list filters and single-order query: what every order room shares (the orders list,
 * order view and entry, and the import, label and report features the list hosts), kept below them all so no
 * two of those features import each other.
 */
import type { Order, OrderSort } from '@parcelops/shared';
import { queryOptions } from '@tanstack/react-query';
import { api } from './api-client.ts';

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
  /** Only the orders a batch order placed; optional so the callers that never filter by batch leave it out. */
  batch_sid?: string;
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
};

export const orderQuery = (sid: string) =>
  queryOptions({
    queryKey: orderKeys.detail(sid),
    queryFn: () => api.get<Order>(`/orders/${sid}`),
  });
