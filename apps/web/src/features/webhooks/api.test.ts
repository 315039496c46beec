import type { HookDeliveryList } from '@parcelops/shared';
import { describe, expect, it } from 'vitest';
import { DELIVERIES_POLL_MS, hookDeliveriesQuery } from './api.ts';
import { delivery } from './testing/hook-fixtures.ts';

/** The poll interval the deliveries query asks for with `data` in hand. */
function intervalWith(data: HookDeliveryList | undefined) {
  const { refetchInterval } = hookDeliveriesQuery('acc-1');
  if (typeof refetchInterval !== 'function')
    throw new Error('the deliveries query does not decide its polling');
  return refetchInterval({ state: { data } } as unknown as Parameters<typeof refetchInterval>[0]);
}

describe('hookDeliveriesQuery', () => {
  it('polls every 5 s while a delivery is pending, and not otherwise', () => {
    expect(DELIVERIES_POLL_MS).toBe(5000);
    expect(intervalWith({ data: [delivery(), delivery({ id: 'msg_2', state: 'pending' })] })).toBe(5000);
    expect(intervalWith({ data: [delivery(), delivery({ id: 'msg_2', state: 'failed' })] })).toBe(false);
    expect(intervalWith({ data: [] })).toBe(false);
    expect(intervalWith(undefined)).toBe(false);
  });
});
