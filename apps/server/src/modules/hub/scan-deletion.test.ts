/**
 * A parcel the hub has handled can never be deleted and refunded (issue 16): the deletion locks the order row
 * first, so a deletion racing a scan either deletes before the scan (which then finds nothing: 404) or is
 * refused after it (409, no refund). Runs on PGlite and on PostgreSQL.
 */
import { type Order, OrderStatus, type ScanReply } from '@parcelops/shared';
import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createOrder, createSellerAccount, ledgerSum } from '../../../test/order-fixtures.ts';
import { openTestWorld } from '../../../test/test-world.ts';
import { selectRow } from '../../db/raw-rows.ts';
import { creditLedger } from '../accounts/credit-ledger.table.ts';
import { orders } from '../orders/orders.table.ts';

const { t, admin, operator } = await openTestWorld({ orderAccounts: true });
const { account, seller } = await createSellerAccount(t, admin, {
  use_credit: true,
  credit_unit: 'VND',
  topup: 100_000_000,
});
// An account with an order status hook: its first scan moves the order in a transaction with the hook's event
// (orders/status-move.ts), which a test can hold before it commits; without a hook it is one statement.
const { seller: hookedSeller } = await createSellerAccount(t, admin, {
  order_status_hook: 'https://hooked.example.com/hook',
});

const scan = (code: string, hub = 'SGN') =>
  t.call('GET', `/orders/scan/barcode/${encodeURIComponent(code)}`, {
    token: operator.token,
    query: { hub },
  });
const remove = (sid: string) => t.call('DELETE', `/orders/${sid}`, { token: seller });
const bulkRemove = (sids: string[]) => t.call('POST', '/orders/delete', { token: seller, body: { sids } });
const stored = async (sid: string) =>
  (await t.database.db.select().from(orders).where(eq(orders.sid, sid)))[0];
const refundsOf = (sid: string) =>
  t.database.db
    .select()
    .from(creditLedger)
    .where(and(eq(creditLedger.orderSid, sid), eq(creditLedger.kind, 'refund')));
/**
 * Holds the next transaction the app opens, once its work is done and before it commits, until released: the
 * call holding it keeps its row locks, so a second call can be started against them in a known order.
 */
function holdNextCommit() {
  const db = t.database.db;
  const original = db.transaction.bind(db);
  let reached = () => {};
  const atCommit = new Promise<void>((resolve) => {
    reached = resolve;
  });
  let release = () => {};
  const gate = new Promise<void>((resolve) => {
    release = resolve;
  });
  db.transaction = ((work, config) => {
    db.transaction = original;
    return original(async (tx) => {
      try {
        const result = await work(tx);
        reached();
        await gate;
        return result;
      } finally {
        reached();
      }
    }, config);
  }) as typeof db.transaction;
  return { atCommit, release };
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Waits until another call waits on a row lock (PostgreSQL); PGlite runs one transaction at a time, so the
 * second call simply queues behind the held one.
 */
async function untilWaitingOnLock(): Promise<void> {
  if (t.database.kind !== 'postgres') return void (await pause(50));
  for (let tries = 0; tries < 250; tries += 1) {
    const waiting = await selectRow<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`,
    );
    if ((waiting?.n ?? 0) > 0) return;
    await pause(20);
  }
  throw new Error('The second call never waited for the row lock.');
}

const handledText = (order: Order) =>
  `Order ${order.orderNumber} has been handled at a hub: it can no longer be deleted or refunded.`;

describe('deleting an order the hub has handled', () => {
  it('refuses an order with a hub event even when its status reads Generated again, and refunds nothing', async () => {
    const order = await createOrder(t, seller);
    expect((await scan(order.barcode)).json().scan.code).toBe('RECEIVED');
    // Older data: an upload could once set a received order back to Generated.
    await t.database.db
      .update(orders)
      .set({ status: OrderStatus.Generated })
      .where(eq(orders.sid, order.sid));

    const response = await remove(order.sid);
    expect(response.statusCode).toBe(409);
    const words = { key: 'orders.handledByHub', params: { orderNumber: order.orderNumber } };
    expect(response.json()).toEqual({ msg: handledText(order), code: 'CONFLICT', ...words });
    const bulk = await bulkRemove([order.sid]);
    expect(bulk.json()).toEqual({
      deleted: 0,
      skipped: [{ sid: order.sid, orderNumber: order.orderNumber, msg: handledText(order), ...words }],
    });
    expect(await stored(order.sid)).toBeDefined();
    expect(await refundsOf(order.sid)).toEqual([]);
  });

  it('deletes before a scan (which then answers 404), or refuses after it: never both', async () => {
    const outcomes: string[] = [];
    for (const deleteFirst of [true, false]) {
      for (let round = 0; round < 4; round += 1) {
        const order = await createOrder(t, seller);
        const [deletion, scanned] = deleteFirst
          ? await Promise.all([remove(order.sid), scan(order.barcode)])
          : await Promise.all([scan(order.barcode), remove(order.sid)]).then(([s, d]) => [d, s] as const);
        const refunds = await refundsOf(order.sid);
        if (deletion.statusCode === 200) {
          expect(scanned.statusCode, scanned.body).toBe(404);
          expect(await stored(order.sid)).toBeUndefined();
          expect(refunds).toHaveLength(1);
          outcomes.push('deleted, then not found');
        } else {
          expect(deletion.statusCode, deletion.body).toBe(409);
          expect(deletion.json()).toEqual({
            msg: `Order ${order.orderNumber} is Scanned: only orders in status Generated can be deleted.`,
            code: 'CONFLICT',
            key: 'orders.notDeletable',
            params: { orderNumber: order.orderNumber, status: { key: 'orders.status.1' } },
          });
          expect(scanned.statusCode).toBe(200);
          expect((scanned.json() as ScanReply).scan.code).toBe('RECEIVED');
          expect((await stored(order.sid))?.status).toBe(OrderStatus.Scanned);
          expect(refunds).toEqual([]);
          outcomes.push('received, then refused');
        }
      }
    }
    expect(outcomes).toHaveLength(8);
    expect(await ledgerSum(t, account.sid)).toBe(
      (await t.call('GET', `/accounts/${account.sid}`, { token: admin })).json().credit_balance,
    );
  });

  it('a scan holding the lock first: the deletion waits for it, then is refused with no refund', async () => {
    const order = await createOrder(t, hookedSeller);
    const held = holdNextCommit();
    const scanning = scan(order.barcode);
    await held.atCommit;
    const deleting = t.call('DELETE', `/orders/${order.sid}`, { token: hookedSeller });
    await untilWaitingOnLock();
    held.release();
    const [scanned, deletion] = await Promise.all([scanning, deleting]);
    expect((scanned.json() as ScanReply).scan.code).toBe('RECEIVED');
    expect(deletion.statusCode).toBe(409);
    expect(deletion.json().msg).toBe(
      `Order ${order.orderNumber} is Scanned: only orders in status Generated can be deleted.`,
    );
    expect((await stored(order.sid))?.status).toBe(OrderStatus.Scanned);
    expect(await refundsOf(order.sid)).toEqual([]);
  });

  it('a deletion holding the lock first: the scan waits for it, then finds nothing (404)', async () => {
    const order = await createOrder(t, seller);
    const held = holdNextCommit();
    const deleting = remove(order.sid);
    await held.atCommit;
    const scanning = scan(order.barcode);
    await untilWaitingOnLock();
    held.release();
    const [deletion, scanned] = await Promise.all([deleting, scanning]);
    expect(deletion.statusCode).toBe(200);
    expect(scanned.statusCode).toBe(404);
    expect(await stored(order.sid)).toBeUndefined();
    expect(await refundsOf(order.sid)).toHaveLength(1);
  });

  it('in turn: a scan after the deletion finds nothing; a deletion after the scan is refused', async () => {
    const gone = await createOrder(t, seller);
    expect((await remove(gone.sid)).statusCode).toBe(200);
    expect((await scan(gone.barcode)).statusCode).toBe(404);

    const kept = await createOrder(t, seller);
    expect((await scan(kept.barcode)).statusCode).toBe(200);
    const refused = await remove(kept.sid);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().msg).toContain(kept.orderNumber);
    expect(await refundsOf(kept.sid)).toEqual([]);
  });
});
