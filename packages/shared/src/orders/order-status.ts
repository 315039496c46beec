/** Spec §4: order status numbers and their labels. */
import { type TextKey, text } from '../texts/catalog.ts';
import type { Text } from '../texts/text.ts';

export const OrderStatus = {
  Generated: 0,
  Scanned: 1,
  Processing: 2,
  Processed: 3,
  Delivered: 4,
  Failed: 5,
  OrderFailed: 10,
} as const;
export type OrderStatus = (typeof OrderStatus)[keyof typeof OrderStatus];

export const ORDER_STATUSES: readonly OrderStatus[] = [0, 1, 2, 3, 4, 5, 10];

const LABELS: Record<OrderStatus, string> = {
  0: 'Generated',
  1: 'Scanned',
  2: 'Processing',
  3: 'Processed',
  4: 'Delivered',
  5: 'Failed',
  10: 'Order Failed',
};

export function isOrderStatus(value: unknown): value is OrderStatus {
  return typeof value === 'number' && (ORDER_STATUSES as readonly number[]).includes(value);
}

/** Any other value shows as "Unknown Status" (spec §4). */
export function orderStatusLabel(value: unknown): string {
  return isOrderStatus(value) ? LABELS[value] : 'Unknown Status';
}

/** The status's label as a catalogue text, so a message naming it reads in the chosen language. */
export function orderStatusText(value: unknown): Text {
  return text(isOrderStatus(value) ? (`orders.status.${value}` as TextKey) : 'orders.status.unknown');
}

/** Failed and Order Failed show in red, the others in green (spec §4). */
export function orderStatusColor(value: unknown): 'red' | 'green' {
  return value === OrderStatus.Failed || value === OrderStatus.OrderFailed ? 'red' : 'green';
}

/** Spec §4: Order Failed orders cannot be deleted or printed; product decisions: only Generated ones can be deleted. */
export function canDeleteOrder(status: number): boolean {
  return status === OrderStatus.Generated;
}

export function canPrintLabel(status: number): boolean {
  return status !== OrderStatus.OrderFailed;
}
