import type { CreateOrderInput, Order } from '@parcelops/shared';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../lib/api-client.ts';
import { useOrderSaved } from '../orders/index.ts';

export function useCreateOrder() {
  const saved = useOrderSaved();
  return useMutation({
    mutationFn: (body: CreateOrderInput) => api.post<Order>('/orders', body),
    onSuccess: saved,
  });
}
