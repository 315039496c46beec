/**
 * An account's order-status webhook (product decisions, Tracking and notifications): its state and signing
 * secret, the latest deliveries with their attempts, and the actions a seller takes on them. The URL itself
 * is saved by the account form (`order_status_hook`), which invalidates these queries.
 */
import type { HookDelivery, HookDeliveryList, HookState } from '@parcelops/shared';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../lib/api-client.ts';
import { useInvalidatingMutation } from '../../lib/query-helpers.ts';

export const webhookKeys = {
  all: ['webhooks'] as const,
  account: (accountSid: string) => [...webhookKeys.all, accountSid] as const,
  hook: (accountSid: string) => [...webhookKeys.account(accountSid), 'hook'] as const,
  deliveries: (accountSid: string) => [...webhookKeys.account(accountSid), 'deliveries'] as const,
};

/** How often the deliveries are asked for again while one of them still waits for an attempt. */
export const DELIVERIES_POLL_MS = 5000;

const hookPath = (accountSid: string) => `/accounts/${accountSid}/hook`;

export const hookQuery = (accountSid: string) =>
  queryOptions({
    queryKey: webhookKeys.hook(accountSid),
    queryFn: () => api.get<HookState>(hookPath(accountSid)),
  });

export const hookDeliveriesQuery = (accountSid: string) =>
  queryOptions({
    queryKey: webhookKeys.deliveries(accountSid),
    queryFn: () => api.get<HookDeliveryList>(`${hookPath(accountSid)}/deliveries`),
    // A pending delivery is retried by the worker on its own schedule: follow it until none is left.
    refetchInterval: (current) =>
      current.state.data?.data.some((delivery) => delivery.state === 'pending') ? DELIVERIES_POLL_MS : false,
  });

export const useRotateHookSecret = (accountSid: string) =>
  useInvalidatingMutation(
    () => api.post<HookState>(`${hookPath(accountSid)}/rotate`),
    webhookKeys.hook(accountSid),
  );

// Enabling again may set held deliveries going, so the list is fetched again too.
export const useEnableHook = (accountSid: string) =>
  useInvalidatingMutation(
    () => api.post<HookState>(`${hookPath(accountSid)}/enable`),
    webhookKeys.account(accountSid),
  );

export const useSendTestEvent = (accountSid: string) =>
  useInvalidatingMutation(
    () => api.post<HookDelivery>(`${hookPath(accountSid)}/test`),
    webhookKeys.deliveries(accountSid),
  );

export const useResendDelivery = (accountSid: string) =>
  useInvalidatingMutation(
    (deliveryId: string) => api.post<HookDelivery>(`${hookPath(accountSid)}/deliveries/${deliveryId}/resend`),
    webhookKeys.deliveries(accountSid),
  );
