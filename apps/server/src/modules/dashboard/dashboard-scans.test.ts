import type { Dashboard } from '@parcelops/shared';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createOrder } from '../../../test/order-fixtures.ts';
import { openTestWorld } from '../../../test/test-world.ts';
import { trackingEvents } from '../orders/orders.table.ts';

const { t, admin, accountA, sellerA, sellerB } = await openTestWorld({ orderAccounts: true });

async function dashboard(token: string, query: Record<string, string> = {}): Promise<Dashboard> {
  const response = await t.call('GET', '/dashboard', { token, query });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}
const scan = (barcode: string, hub: string) =>
  t.call('GET', `/orders/scan/barcode/${barcode}`, { token: admin, query: { hub } });
const today = () => new Date().toISOString().slice(0, 10);

describe('GET /dashboard scansPerDay', () => {
  it('counts the parcels received per hub and day, once each, within the window and the scope', async () => {
    const [a1, a2, a3, b1] = [
      await createOrder(t, sellerA.token),
      await createOrder(t, sellerA.token),
      await createOrder(t, sellerA.token),
      await createOrder(t, sellerB.token),
    ];
    await scan(a1.barcode, 'SGN');
    await scan(a1.barcode, 'SGN'); // a rescan writes nothing, so counts nothing
    await scan(a2.barcode, 'HAN');
    await scan(b1.barcode, 'SGN');
    await scan(a3.barcode, 'SGN');
    // a3's scan happened 40 days ago: outside the default 30 days.
    await t.database.db
      .update(trackingEvents)
      .set({ eventTime: sql`now() - interval '40 days'` })
      .where(eq(trackingEvents.orderSid, a3.sid));

    const all = await dashboard(admin);
    expect(all.scansPerDay).toEqual([
      { day: today(), hub: 'HAN', count: 1 },
      { day: today(), hub: 'SGN', count: 2 },
    ]);
    const onlyA = await dashboard(admin, { account_sid: accountA.sid });
    expect(onlyA.scansPerDay).toEqual([
      { day: today(), hub: 'HAN', count: 1 },
      { day: today(), hub: 'SGN', count: 1 },
    ]);
    expect((await dashboard(sellerB.token)).scansPerDay).toEqual([{ day: today(), hub: 'SGN', count: 1 }]);
  });
});
