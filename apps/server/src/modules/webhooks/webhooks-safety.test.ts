/**
 * Webhooks where private addresses are refused (the default): a name that pointed at a public address when
 * the hook was saved and points inside the network at delivery is refused at delivery, and the receiver on
 * this machine never hears of it. And a flood: thousands of changes in one call become their events and jobs
 * in a few multi-row writes, in the transaction of the change.
 */
import { OrderStatus } from '@parcelops/shared';
import { count, eq } from 'drizzle-orm';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { FAKE_DNS_NAMES, PUBLIC_ADDRESS } from '../../../test/fake-dns.ts';
import { startHookReceiver } from '../../../test/hook-receiver.ts';
import { createOrder, createSellerAccount } from '../../../test/order-fixtures.ts';
import { openTestApp } from '../../../test/test-app.ts';
import { newSid } from '../../lib/ids.ts';
import { orders } from '../orders/orders.table.ts';
import { recordStatusChanges, SYSTEM } from '../orders/status-change.ts';
import { hookEvents } from './webhooks.table.ts';

const { t, admin } = await openTestApp({}, { workers: true, hookTimeoutMs: 1500 });
const receiver = await startHookReceiver();
afterAll(() => receiver.close());
const { account, seller } = await createSellerAccount(t, admin);

describe('address safety', () => {
  it('refuses at delivery a name re-pointed inside the network after it was saved', async () => {
    const port = new URL(receiver.url).port;
    FAKE_DNS_NAMES['repointed.example.com'] = [PUBLIC_ADDRESS];
    const saved = await t.call('PUT', `/accounts/${account.sid}`, {
      token: seller,
      body: { order_status_hook: `http://repointed.example.com:${port}/hook` },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    FAKE_DNS_NAMES['repointed.example.com'] = ['127.0.0.1'];

    await createOrder(t, seller);
    let attempt: { error: string | null; status_code: number | null } | undefined;
    for (let tries = 0; !attempt; tries++) {
      expect(tries).toBeLessThan(150);
      await new Promise((resolve) => setTimeout(resolve, 100));
      const list = await t.call('GET', `/accounts/${account.sid}/hook/deliveries`, { token: seller });
      attempt = list.json().data[0]?.attempts[0];
    }
    expect(attempt.status_code).toBeNull();
    expect(attempt.error).toContain('private or local network');
    expect(receiver.received).toHaveLength(0);
  });

  it('refuses on save a hook that resolves inside the network or carries credentials', async () => {
    for (const url of [
      'http://127.0.0.1:8080/hook',
      'http://metadata.example.com/',
      'https://a:b@shop.example.com/',
    ]) {
      const response = await t.call('PUT', `/accounts/${account.sid}`, {
        token: seller,
        body: { order_status_hook: url },
      });
      expect(response.statusCode, url).toBe(400);
    }
  });
});

describe('a flood of changes', () => {
  it('writes one event and one job per order in a few multi-row writes, in the change transaction', async () => {
    const { account: flooded } = await createSellerAccount(t, admin, {
      order_status_hook: 'https://flood.example.com/hook',
    });
    const many = 2_500;
    const rows = Array.from({ length: many }, (_, index) => ({
      sid: newSid(),
      orderNumber: `FLOOD-${index}`,
      accountSid: flooded.sid,
      name: 'Flood Customer',
      address1: '1 Road',
      city: 'Ha Noi',
      state: 'HN',
      country: 'VN',
      postalCode: '100000',
      weight: 100,
      vnd: '1000',
      usd: '1',
      barcode: `PF${String(index).padStart(10, '0')}`,
    }));
    for (let start = 0; start < many; start += 500)
      await t.database.db.insert(orders).values(rows.slice(start, start + 500));
    // The workers run meanwhile (another test's event retried, the flood's first batches): only the calls made
    // in the change's own transaction are the change's.
    const enqueueMany = vi.spyOn(t.jobs, 'enqueueMany');
    let changeTx: unknown = null;
    await t.database.db.transaction((tx) => {
      changeTx = tx;
      return recordStatusChanges(
        tx,
        rows.map((row) => ({
          orderSid: row.sid,
          from: OrderStatus.Generated,
          description: 'Processed',
          location: null,
        })),
        OrderStatus.Processed,
        { by: SYSTEM, notify: t.app.services.hookEvents, path: 'upload' },
      );
    });
    const inChange = enqueueMany.mock.calls.filter(([tx]) => tx === changeTx);
    expect(inChange).toHaveLength(3);
    expect(inChange.reduce((jobs, [, , queued]) => jobs + queued.length, 0)).toBe(many);
    const [written] = await t.database.db
      .select({ count: count() })
      .from(hookEvents)
      .where(eq(hookEvents.accountSid, flooded.sid));
    expect(Number(written?.count)).toBe(many);

    // A change that rolls back leaves no event behind.
    await expect(
      t.database.db.transaction(async (tx) => {
        await recordStatusChanges(
          tx,
          rows.slice(0, 10).map((row) => ({
            orderSid: row.sid,
            from: OrderStatus.Processed,
            description: 'Delivered',
            location: null,
          })),
          OrderStatus.Delivered,
          { by: SYSTEM, notify: t.app.services.hookEvents, path: 'upload' },
        );
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    const [after] = await t.database.db
      .select({ count: count() })
      .from(hookEvents)
      .where(eq(hookEvents.accountSid, flooded.sid));
    expect(Number(after?.count)).toBe(many);
  });
});
