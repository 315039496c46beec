/**
 * Batches larger than a chunk, read as a stream (imports/order-intake.ts): checked and placed a chunk at a time
 * and still all or nothing. A bad row in the last chunk fails the batch naming it, and a refusal while placing
 * the last chunk leaves no order and no charge from the chunks before it.
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { settledBatch } from '../../../test/batch-jobs.ts';
import { balanceOf, createSellerAccount, ledgerSum, onCredit } from '../../../test/order-fixtures.ts';
import { orderRow, orderSheet } from '../../../test/order-sheets.ts';
import { unique } from '../../../test/test-app.ts';
import { openTestWorld } from '../../../test/test-world.ts';
import { multipart } from '../../../test/workbooks.ts';
import { orders } from '../orders/orders.table.ts';

const { t, admin } = await openTestWorld({ orderAccounts: true, workers: true });

/** Over two placing chunks (1,000 orders) and four checking chunks (500). */
const ORDERS = 2_100;
/** 400 g a parcel: 180,000 VND each. */
const EACH = 180_000;

function create(token: string, file: Buffer) {
  return t.call('POST', '/batch_orders', {
    token,
    body: multipart({ name: unique('Big batch ') }, { buffer: file, name: 'orders.xlsx' }),
  });
}

const finished = (sid: string, token: string) => settledBatch(t, sid, token, { timeoutMs: 90_000 });

/** The batch's rows; one order's two items sit 1,500 rows apart. */
function rows(prefix: string, bad?: number) {
  const sheet = Array.from({ length: ORDERS }, (_, index) =>
    orderRow(`${prefix}${index}`, index === bad ? { city: '' } : {}),
  );
  sheet.splice(1_500, 0, orderRow(`${prefix}0`, { skuNumber: 'SKU-2', itemWeight: 50, name: '' }));
  return sheet;
}

const ordersOf = (accountSid: string) =>
  t.database.db.select({ sid: orders.sid }).from(orders).where(eq(orders.accountSid, accountSid));

// Each test waits on its batch for up to the wait above, so Vitest's limit sits beyond it: on a busy machine
// the wait decides, with its own message, rather than a bare timeout.
describe('a batch over several chunks', { timeout: 120_000 }, () => {
  it('places every order once, the split order whole, and charges the sum', async () => {
    const { account, seller } = await createSellerAccount(t, admin, onCredit(ORDERS * EACH));
    const prefix = unique('S-');
    const created = await create(seller, await orderSheet(rows(prefix)));
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toMatchObject({ rows: ORDERS + 1 });
    const batch = await finished(created.json().sid, seller);
    expect(batch).toMatchObject({ status: 'success', orders: ORDERS, total_charge: ORDERS * EACH });
    expect(await ordersOf(account.sid)).toHaveLength(ORDERS);
    expect(await balanceOf(t, admin, account.sid)).toBe(0);
    expect(await ledgerSum(t, account.sid)).toBe(0);
  });

  it('fails on a bad row in the last chunk, naming it, with no orders and no charge', async () => {
    const { account, seller } = await createSellerAccount(t, admin, onCredit(ORDERS * EACH));
    const prefix = unique('S-');
    // Order 2,050 is on sheet row 2,053 (the header, and the split order's second row before it).
    const created = await create(seller, await orderSheet(rows(prefix, 2_050)));
    const batch = await finished(created.json().sid, seller);
    expect(batch.status).toBe('failed');
    expect(batch.problems).toEqual([
      expect.objectContaining({ row: 2_053, column: 'city', value: null, msg: 'City is required' }),
    ]);
    expect(await ordersOf(account.sid)).toHaveLength(0);
    expect(await balanceOf(t, admin, account.sid)).toBe(ORDERS * EACH);
  });

  it('leaves nothing of the chunks already placed when the last chunk is refused (credit short by one order)', async () => {
    const { account, seller } = await createSellerAccount(t, admin, onCredit((ORDERS - 1) * EACH));
    const created = await create(seller, await orderSheet(rows(unique('S-'))));
    const batch = await finished(created.json().sid, seller);
    expect(batch).toMatchObject({ status: 'failed', orders: 0, total_charge: 0 });
    expect(batch.reason_text?.key).toBe('batch.creditShort');
    expect(await ordersOf(account.sid)).toHaveLength(0);
    expect(await balanceOf(t, admin, account.sid)).toBe((ORDERS - 1) * EACH);
    expect(await ledgerSum(t, account.sid)).toBe((ORDERS - 1) * EACH);
  });
});
