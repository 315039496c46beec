/**
 * The Create AMS scanning page's calls (spec §7 AMS): the initiated AMS to pick from (of a departure day, or
 * the upcoming ones), the re-weigh of a scanned parcel (PUT /ams/order/{order sid}) and the AMS's pieces and
 * weights by carton label (GET /orders/statisticForAms). Scans themselves go through the station core's queue
 * (POST /ams/order/batch, features/station).
 */
import { type AmsListSchema, AmsWeightInputSchema, type Order } from '@parcelops/shared';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../lib/api-client.ts';
import { amsKeys } from '../ams/index.ts';

/** Enough for every AMS still open: a hub files a few a day. */
export const INITIATED_AMS_PAGE_SIZE = 100;

export type AmsList = z.infer<typeof AmsListSchema>;

/**
 * Under 'ams' with the admin's AMS screens (features/ams), whose statistic query this page uses too: what
 * either changes, the other sees.
 */
export const amsScanKeys = {
  initiated: (departureDate: string) => ['ams', 'initiated', departureDate] as const,
  statistic: amsKeys.statistic,
  waiting: amsKeys.waiting,
};

/**
 * The initiated AMS departing on `departureDate` (YYYY-MM-DD) or, when it is empty, the upcoming ones:
 * departing today (the hub's day) or later, soonest first, so tomorrow morning's flight is listed tonight
 * (issue 28 item 4; the server's `upcoming`).
 */
export const initiatedAmsQuery = (departureDate: string) =>
  queryOptions({
    queryKey: amsScanKeys.initiated(departureDate),
    queryFn: () =>
      api.get<AmsList>('/ams', {
        status: 'initiated',
        ...(departureDate ? { departureDate } : { upcoming: 'true' }),
        page_size: INITIATED_AMS_PAGE_SIZE,
      }),
    placeholderData: keepPreviousData,
  });

/** PUT /ams/order/{order sid}: the parcel's weight in whole grams; answers the order as it is now. */
export const putAmsWeight = (orderSid: string, weight: number) =>
  api.put<Order>(`/ams/order/${encodeURIComponent(orderSid)}`, AmsWeightInputSchema.parse({ weight }));
