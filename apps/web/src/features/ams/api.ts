/**
 * Spec §7 AMS, admins only: the list, one AMS, its create, update, delete and submission, its statistics by
 * carton label, its orders, and taking orders out of it (one, or in bulk by MAWB or carton label); the check
 * before filing (reconciliation), the filed manifest and the AMS report, and the batch upload of parcels.
 */
import {
  type Ams,
  type AmsBatchProgress,
  type AmsCartonLabelUpdateSchema,
  type AmsListSchema,
  type AmsOrdersRemovedSchema,
  type AmsStatistic,
  type AmsWaitingList,
  type CreateAmsInput,
  MAX_PAGE_SIZE,
  type OrderList,
  type Reconciliation,
  type UpdateAmsInput,
} from '@parcelops/shared';
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { ApiError, api } from '../../lib/api-client.ts';
import { resourceKeys, useInvalidatingMutation } from '../../lib/query-helpers.ts';
import { orderKeys } from '../orders/index.ts';
import { AMS_WAITING_PAGE_SIZE } from './waiting.ts';

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

/**
 * Everything under 'ams': the AMS rows and what hangs off one (its statistics, its orders, its reconciliation),
 * so whatever changes an AMS or its parcels fetches all of them again.
 */
export const amsKeys = {
  ...resourceKeys<'ams', AmsListParams>('ams'),
  statistic: (sid: string) => ['ams', 'statistic', sid] as const,
  orders: (sid: string) => ['ams', 'orders', sid] as const,
  reconciliation: (sid: string) => ['ams', 'reconciliation', sid] as const,
  /** Every page of an AMS's waiting list: a scan or a removal changes them all. */
  waiting: (sid: string) => ['ams', 'waiting', sid] as const,
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
    // The scanning page asks before an AMS is picked.
    enabled: sid !== '',
  });

/** What stops the filing (problems) and what the broker's entry needs (warnings), parcel by parcel. */
export const amsReconciliationQuery = (sid: string) =>
  queryOptions({
    queryKey: amsKeys.reconciliation(sid),
    queryFn: () => api.get<Reconciliation>(`/ams/${sid}/reconciliation`),
  });

/** One page of the parcels received at the AMS's hub and in no manifest (the scanning page asks unpicked). */
export const amsWaitingQuery = (sid: string, page: number) =>
  queryOptions({
    queryKey: [...amsKeys.waiting(sid), page] as const,
    queryFn: () =>
      api.get<AmsWaitingList>(`/ams/${encodeURIComponent(sid)}/waiting`, {
        page,
        page_size: AMS_WAITING_PAGE_SIZE,
      }),
    placeholderData: keepPreviousData,
    enabled: sid !== '',
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

/**
 * POST /ams/submitAms: queues the filing (202 with the AMS, is_updating), which the view shows at once and then
 * polls. A refusal (422: every problem; 409: filed or being filed already) means the view's reconciliation or
 * AMS is out of date: both are fetched again.
 */
export function useSubmitAms(sid: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<Ams>('/ams/submitAms', { ams_sid: sid }),
    onSuccess: (queued) => {
      client.setQueryData(amsKeys.detail(sid), queued);
      return client.invalidateQueries({ queryKey: amsKeys.all });
    },
    onError: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: amsKeys.reconciliation(sid) }),
        client.invalidateQueries({ queryKey: amsKeys.detail(sid) }),
      ]),
  });
}

/** Orders moved labels (or left the AMS): its statistics, its orders and the orders lists are stale. */
const CHANGED_ORDERS = [amsKeys.all, orderKeys.all] as const;

/** GET /ams/{sid}/manifest: the filed manifest (after a filing), named as the server names it. */
export const downloadAmsManifest = (ams: Ams) =>
  api.download(`/ams/${ams.sid}/manifest`, `AMS-${ams.masterAirWaybill}.xlsx`);

/** GET /orders/amsreport: one row per parcel (carton, HAWB, weight, items, HS codes). */
export const downloadAmsReport = (ams: Ams) =>
  api.download('/orders/amsreport', `AMS-${ams.masterAirWaybill}-report.xlsx`, { ams_sid: ams.sid });

export const AMS_BATCH_RESULT_FILE = 'AMS_batch_result.xlsx';

/** The rows of a batch upload by outcome, from the result file's x-ams-* headers (absent reads as 0). */
export interface AmsBatchCounts {
  added: number;
  already: number;
  failed: number;
}

function batchCounts(headers: Headers): AmsBatchCounts {
  const read = (name: string) => {
    const value = Number(headers.get(name) ?? '');
    return Number.isInteger(value) && value >= 0 ? value : 0;
  };
  return { added: read('x-ams-added'), already: read('x-ams-already'), failed: read('x-ams-failed') };
}

/** One batch upload: the file, and the id it is known by while the server loads it (a UUID of ours). */
export interface AmsBatchUpload {
  file: File;
  progressId: string;
}

/**
 * POST /ams/batch (multipart ams_sid, progress_id and file): each row's parcel loaded into its carton. The reply
 * is the result file, handed to the browser as AMS_batch_result.xlsx; the counts come from its headers. The reply
 * is a file, so it goes through downloadPosted like the hub's status upload (api.upload's progress reads JSON);
 * the server's progress is read meanwhile under progress_id (amsBatchProgressQuery).
 */
export const useAmsBatchUpload = (sid: string) =>
  useInvalidatingMutation(
    async ({ file, progressId }: AmsBatchUpload) => {
      const form = new FormData();
      form.append('ams_sid', sid);
      form.append('progress_id', progressId);
      form.append('file', file);
      return batchCounts(await api.downloadPosted('/ams/batch', form, AMS_BATCH_RESULT_FILE));
    },
    ...CHANGED_ORDERS,
  );

/** How often the batch upload's progress is read while the server loads it. */
export const AMS_BATCH_PROGRESS_POLL_MS = 500;

/**
 * GET /ams/batch/progress/{id}: rows loaded and in all, read every half second while `progressId` is set. The
 * server answers 404 until it has read the file and after it is done: that reads as no progress (null), not
 * as a failure.
 */
export const amsBatchProgressQuery = (progressId: string | null) =>
  queryOptions({
    queryKey: ['ams-batch-progress', progressId],
    queryFn: async (): Promise<AmsBatchProgress | null> => {
      try {
        return await api.get<AmsBatchProgress>(`/ams/batch/progress/${progressId}`);
      } catch (error) {
        if (error instanceof ApiError && error.status === 404) return null;
        throw error;
      }
    },
    enabled: progressId !== null,
    refetchInterval: AMS_BATCH_PROGRESS_POLL_MS,
    retry: false,
    gcTime: 0,
  });

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
