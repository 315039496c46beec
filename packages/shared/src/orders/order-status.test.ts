import { describe, expect, it } from 'vitest';
import { canDeleteOrder, canPrintLabel, orderStatusColor, orderStatusLabel } from './order-status.ts';

describe('order status (spec §4)', () => {
  it('labels every known value and "Unknown Status" for others', () => {
    expect([0, 1, 2, 3, 4, 5, 10].map(orderStatusLabel)).toEqual([
      'Generated',
      'Scanned',
      'Processing',
      'Processed',
      'Delivered',
      'Failed',
      'Order Failed',
    ]);
    expect(orderStatusLabel(6)).toBe('Unknown Status');
    expect(orderStatusLabel('0')).toBe('Unknown Status');
  });

  it('shows Failed and Order Failed in red, the rest in green', () => {
    expect(orderStatusColor(5)).toBe('red');
    expect(orderStatusColor(10)).toBe('red');
    expect(orderStatusColor(0)).toBe('green');
    expect(orderStatusColor(4)).toBe('green');
  });

  it('deletes only Generated orders and never prints Order Failed ones', () => {
    expect(canDeleteOrder(0)).toBe(true);
    expect(canDeleteOrder(1)).toBe(false);
    expect(canDeleteOrder(10)).toBe(false);
    expect(canPrintLabel(10)).toBe(false);
    expect(canPrintLabel(5)).toBe(true);
  });
});
