/**
 * Spec §7 AMS, admins only: the list, one AMS, its create, update, delete and submission, its statistics by
 * carton label, its orders, and taking orders out of it (one, or in bulk by MAWB or carton label).
 */
import {
  type Ams,
  type AmsCartonLabelUpdateSchema,
  type AmsListSchema,
  type AmsOrdersRemovedSchema,
  type AmsStatistic,
  type CreateAmsInput,
  MAX_PAGE_SIZE,
  type OrderList,
  type UpdateAmsInput,
} from '@parcelops/shared';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../lib/api-client.ts';
import { resourceKeys, useInvalidatingMutation } from '../../lib/query-helpers.ts';
import { orderKeys } from '../orders/index.ts';

type AmsList = z.infer<typeof AmsListSchema>;
type AmsOrdersRemoved = z.infer<typeof AmsOrdersRemovedSchema>;
export type AmsCartonLabelUpdate = z.output<typeof AmsCartonLabelUpdateSchema>;

/** Spec §7 GET /ams: the filters as sent (page zero-based; empty values are left out by the client). */
export interface AmsListParams {
  page: number;
  page_size: number;
  name: string;
  from_date: string;
  to_date: string;
}

/** Everything under 'ams': the AMS rows and what hangs off one (its statistics and its orders). */
export const amsKeys = {
  ...resourceKeys<'ams', AmsListParams>('ams'),
  statistic: (sid: string) => ['ams', 'statistic', sid] as const,
  orders: (sid: string) => ['ams', 'orders', sid] as const,
};

/** How often an AMS being filed (is_updating) is asked for again, so Update comes back on by itself. */
export const AMS_POLL_MS = 2000;

export const amsListQuery = (query: AmsListParams) =>
  queryOptions({
    queryKey: amsKeys.list(query),
    queryFn: () => api.get<AmsList>('/ams', { ...query }),
    placeholderData: keepPreviousData,
  });

export const amsQuery = (sid: string) =>
  queryOptions({
    queryKey: amsKeys.detail(sid),
    queryFn: () => api.get<Ams>(`/ams/${sid}`),
    refetchInterval: (current) => (current.state.data?.is_updating ? AMS_POLL_MS : false),
  });

export const amsStatisticQuery = (sid: string) =>
  queryOptions({
    queryKey: amsKeys.statistic(sid),
    queryFn: () => api.get<AmsStatistic>('/orders/statisticForAms', { ams_sid: sid }),
  });

/** Spec §7, §9: the AMS view loads all of its orders in one call, page 0 of 500000. */
export const amsOrdersQuery = (sid: string) =>
  queryOptions({
    queryKey: amsKeys.orders(sid),
    queryFn: () => api.get<OrderList>('/orders', { page: 0, page_size: MAX_PAGE_SIZE, ams_sid: sid }),
  });

export const useCreateAms = () =>
  useInvalidatingMutation((body: CreateAmsInput) => api.post<Ams>('/ams', body), amsKeys.all);

export const useUpdateAms = (sid: string) =>
  useInvalidatingMutation((body: UpdateAmsInput) => api.put<Ams>(`/ams/${sid}`, body), amsKeys.all);

export const useDeleteAms = () =>
  useInvalidatingMutation((sid: string) => api.delete<{ sid: string }>(`/ams/${sid}`), amsKeys.all);

/** POST /ams/submitAms: files the manifest; the AMS shows is_updating until the filing ends. */
export const useSubmitAms = () =>
  useInvalidatingMutation((ams_sid: string) => api.post<unknown>('/ams/submitAms', { ams_sid }), amsKeys.all);

/** Orders moved labels (or left the AMS): its statistics, its orders and the orders lists are stale. */
const CHANGED_ORDERS = [amsKeys.all, orderKeys.all] as const;

export const useUpdateCartonLabel = (sid: string) =>
  useInvalidatingMutation(
    (body: AmsCartonLabelUpdate) => api.put<{ updated: number }>(`/ams/${sid}/update-carton-label`, body),
    ...CHANGED_ORDERS,
  );

/** Which orders a bulk removal takes out: those with this MAWB, or those with this carton label. */
export type AmsOrdersFilter = { masterAirWaybill: string } | { ams_carton_label: string };

export const useRemoveAmsOrders = (sid: string) =>
  useInvalidatingMutation(
    (filter: AmsOrdersFilter) => {
      // DELETE carries its filter in the query string (spec §7 DELETE /ams/orders with filters).
      const query = new URLSearchParams({ ams_sid: sid, ...filter });
      return api.delete<AmsOrdersRemoved>(`/ams/orders?${query}`);
    },
    ...CHANGED_ORDERS,
  );

export const useRemoveAmsOrder = () =>
  useInvalidatingMutation(
    (orderSid: string) => api.delete<AmsOrdersRemoved>(`/ams/order/${orderSid}`),
    ...CHANGED_ORDERS,
  );
