import type { TrackingEvent } from '@parcelops/shared';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../lib/api-client.ts';

export const trackingKeys = {
  all: ['tracking'] as const,
  events: (barcode: string) => [...trackingKeys.all, barcode] as const,
};

/** Newest first, as a parcel's history is read (spec §2 Tracking Details). */
function newestFirst(events: TrackingEvent[]): TrackingEvent[] {
  return [...events].sort((a, b) => Date.parse(b.eventTime) - Date.parse(a.eventTime));
}

/**
 * A barcode's tracking events (GET /tracking?filter=, public: no session needed). An unknown barcode answers
 * 404 with the server's msg, which the screens show in place of the events; it is not worth retrying.
 */
export const trackingQuery = (barcode: string) =>
  queryOptions({
    queryKey: trackingKeys.events(barcode),
    queryFn: async () => newestFirst(await api.get<TrackingEvent[]>('/tracking', { filter: barcode })),
    enabled: barcode !== '',
    retry: false,
  });
