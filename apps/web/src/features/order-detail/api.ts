import type {
  Order,
  OrderCreditEntry,
  OrderHistoryEntry,
  UpdateOrderInput,
  UpdateOrderItemInput,
} from '@parcelops/shared';
import { queryOptions, useMutation } from '@tanstack/react-query';
import { api } from '../../lib/api-client.ts';
import { orderKeys, useOrderSaved } from '../orders/index.ts';

/** The order's charge, refunds and re-weighs, oldest first; fetched again after every save (useOrderSaved). */
export const orderCreditEntriesQuery = (sid: string) =>
  queryOptions({
    queryKey: [...orderKeys.all, 'credit_entries', sid] as const,
    queryFn: () => api.get<OrderCreditEntry[]>(`/orders/${sid}/credit_entries`),
  });

/**
 * GET /orders/{sid}/history, staff only: every status change, re-weigh and edit, newest first, with who made
 * it. Under the orders' key, so every save fetches it again (useOrderSaved).
 */
export const orderHistoryQuery = (sid: string) =>
  queryOptions({
    queryKey: [...orderKeys.all, 'history', sid] as const,
    queryFn: () => api.get<OrderHistoryEntry[]>(`/orders/${sid}/history`),
  });

/**
 * Spec §5: admins correct the customer's details or the weight in whole grams; operators re-weigh at the hub
 * (the weight only).
 */
export function useUpdateOrder(sid: string) {
  const saved = useOrderSaved();
  return useMutation({
    mutationFn: (body: UpdateOrderInput) => api.put<Order>(`/orders/${sid}`, body),
    onSuccess: saved,
  });
}

/**
 * Staff correct an item until its manifest is submitted (PUT /orders/items/{sid}), sending the items_version
 * they read: a 409 ITEMS_CHANGED says someone else saved first. The reply is the whole order.
 */
export function useEditOrderItem() {
  // What the edit moves on its manifest the filing panel refreshes itself (OrderItemEditDialog's onSaved).
  const saved = useOrderSaved();
  return useMutation({
    mutationFn: ({ itemSid, body }: { itemSid: string; body: UpdateOrderItemInput }) =>
      api.put<Order>(`/orders/items/${itemSid}`, body),
    onSuccess: saved,
  });
}
