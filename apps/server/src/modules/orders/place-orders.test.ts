/**
 * Placing many orders at once (place-orders.ts), as batches and imports will: chunked multi-row writes, order
 * numbers refused per order, and the two credit policies.
 */
import type { Account } from '@parcelops/shared';
import { eq, inArray, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  ACCOUNT_ADDRESS,
  balanceOf,
  createOrder,
  createOrderAccount,
  ledgerOf,
  ledgerSum,
  onCredit,
} from '../../../test/order-fixtures.ts';
import { openTestApp, unique } from '../../../test/test-app.ts';
import { findAccount } from '../accounts/accounts.service.ts';
import { loadDraftContext } from './draft-context.ts';
import { draftOrders, type OrderDraft, type OrderInput } from './order-drafts.ts';
import { orderCounts, orderItems, orders, trackingEvents } from './orders.table.ts';
import { type PlacementPolicy, placeOrders } from './place-orders.ts';
import { type ChangedBy, SYSTEM } from './status-change.ts';

const { t, admin } = await openTestApp();

/** An order input of `grams` in one item (PRICE_ROWS: up to 500 g costs 180,000 VND). */
const input = (orderNumber: string, grams = 400, items = 1): OrderInput => ({
  orderNumber,
  name: 'Nguyen Van A',
  address1: '400 Pine St',
  city: 'Seattle',
  state: 'WA',
  country: 'US',
  postalCode: '98101',
  items: Array.from({ length: items }, (_, index) => ({
    skuNumber: `SKU-${index}`,
    quantity: 1,
    itemDescription: 'Item',
    itemWeight: grams / items,
    itemWidth: 0,
    itemHeight: 0,
    itemLength: 0,
  })),
});

async function drafts(account: Account, inputs: OrderInput[]): Promise<OrderDraft[]> {
  const row = await findAccount(t.database.db, account.sid);
  if (!row) throw new Error('no account');
  const results = draftOrders(inputs, await loadDraftContext(t.database.db, row, inputs));
  return results.map((result) => {
    if (!result.ok) throw new Error(JSON.stringify(result.problems));
    return result.draft;
  });
}

const place = (list: OrderDraft[], policy: PlacementPolicy, by: ChangedBy = SYSTEM) =>
  t.database.db.transaction((tx) => placeOrders(tx, list, { policy, by, notify: t.app.services.hookEvents }));

const ordersOf = (accountSid: string) =>
  t.database.db.select().from(orders).where(eq(orders.accountSid, accountSid));

describe('placeOrders', () => {
  it('places thousands in chunks: orders, items, first events, charges, counts', async () => {
    const account = await createOrderAccount(t, admin, onCredit(3000 * 180000));
    const prefix = unique('BULK-');
    const inputs = Array.from({ length: 2500 }, (_, index) =>
      input(`${prefix}${index}`, 400, 1 + (index % 3)),
    );
    const by = { userSid: unique('placer-'), apiKeySid: null };
    const { placed, refused } = await place(await drafts(account, inputs), 'all-or-nothing', by);
    expect(refused).toEqual([]);
    expect(placed.map((order) => order.index)).toEqual(inputs.map((_, index) => index));

    const stored = await ordersOf(account.sid);
    expect(stored).toHaveLength(2500);
    expect(new Set(stored.map((order) => order.barcode)).size).toBe(2500);
    const sids = placed.map((order) => order.sid);
    const [items] = await t.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(orderItems)
      .where(inArray(orderItems.orderSid, sids));
    expect(items?.n).toBe(834 * 1 + 833 * 2 + 833 * 3);
    // One first event each, through the status funnel: Generated, at the account's city, naming the placer.
    const events = await t.database.db
      .select({
        status: trackingEvents.status,
        description: trackingEvents.description,
        location: trackingEvents.location,
        userSid: trackingEvents.actorUserSid,
        apiKeySid: trackingEvents.actorApiKeySid,
        n: sql<number>`count(*)::int`,
        orders: sql<number>`count(distinct ${trackingEvents.orderSid})::int`,
      })
      .from(trackingEvents)
      .where(inArray(trackingEvents.orderSid, sids))
      .groupBy(sql`1`, sql`2`, sql`3`, sql`4`, sql`5`);
    expect(events).toEqual([
      {
        status: 0,
        description: 'Order created',
        location: ACCOUNT_ADDRESS.city,
        userSid: by.userSid,
        apiKeySid: null,
        n: 2500,
        orders: 2500,
      },
    ]);

    const charges = (await ledgerOf(t, account.sid)).filter((row) => row.kind === 'order_charge');
    expect(charges).toHaveLength(2500);
    // Three multi-row statements, one row per order: seq (the report's order) follows the input, and each
    // balance after is the one before less 180,000.
    charges.sort((x, y) => x.seq - y.seq);
    expect(charges.map((row) => row.orderSid)).toEqual(sids);
    expect(new Set(charges.map((row) => row.createdBy))).toEqual(new Set([by.userSid]));
    expect(charges.map((row) => Number(row.balanceAfter))).toEqual(
      inputs.map((_, index) => (3000 - index - 1) * 180000),
    );
    expect(await balanceOf(t, admin, account.sid)).toBe(500 * 180000);
    expect(await ledgerSum(t, account.sid)).toBe(500 * 180000);
    const [counted] = await t.database.db
      .select({ n: sql<number>`sum(${orderCounts.count})::int` })
      .from(orderCounts)
      .where(eq(orderCounts.accountSid, account.sid));
    expect(counted?.n).toBe(2500);
  });

  it('all or nothing: one order the balance cannot cover leaves everything unwritten, each short one named', async () => {
    const account = await createOrderAccount(t, admin, onCredit(400000));
    const prefix = unique('AON-');
    const list = await drafts(
      account,
      [0, 1, 2, 3].map((index) => input(`${prefix}${index}`)),
    );
    const { placed, refused } = await place(list, 'all-or-nothing');
    expect(placed).toEqual([]);
    expect(refused).toEqual([
      {
        index: 2,
        orderNumber: `${prefix}2`,
        reason: 'insufficient_credit',
        message: 'The credit balance (40,000 VND) cannot cover this order (180,000 VND).',
        text: { key: 'orders.creditShort', params: { balance: '40,000 VND', cost: '180,000 VND' } },
        balance: 40000,
        cost: 180000,
        unit: 'VND',
      },
      expect.objectContaining({ index: 3, reason: 'insufficient_credit', balance: 40000 }),
    ]);
    expect(await ordersOf(account.sid)).toEqual([]);
    expect(await balanceOf(t, admin, account.sid)).toBe(400000);
  });

  it('all or nothing across accounts: one account short takes back the charges of the other', async () => {
    const rich = await createOrderAccount(t, admin, { use_credit: true, credit_unit: 'VND', topup: 1000000 });
    const poor = await createOrderAccount(t, admin, { use_credit: true, credit_unit: 'VND', topup: 100000 });
    const prefix = unique('TWO-');
    const list = [
      ...(await drafts(rich, [input(`${prefix}0`), input(`${prefix}1`)])),
      ...(await drafts(poor, [input(`${prefix}2`)])),
    ].map((draft, index) => ({ ...draft, index }));
    const { placed, refused } = await place(list, 'all-or-nothing');
    expect(placed).toEqual([]);
    expect(refused).toEqual([
      expect.objectContaining({ index: 2, reason: 'insufficient_credit', balance: 100000 }),
    ]);
    for (const [account, balance] of [
      [rich, 1000000],
      [poor, 100000],
    ] as const) {
      expect(await balanceOf(t, admin, account.sid)).toBe(balance);
      expect(await ledgerSum(t, account.sid)).toBe(balance);
      expect(await ordersOf(account.sid)).toEqual([]);
    }
  });

  it('until short: places in input order until the balance runs out, and reports the rest', async () => {
    const account = await createOrderAccount(t, admin, onCredit(430000));
    const prefix = unique('UNTIL-');
    // 180,000 + 180,000 leaves 70,000: the third (250,000) is short, and so is the cheaper fourth after it.
    const list = await drafts(account, [
      input(`${prefix}0`),
      input(`${prefix}1`),
      input(`${prefix}2`, 900),
      input(`${prefix}3`),
    ]);
    const { placed, refused } = await place(list, 'until-short');
    expect(placed.map((order) => order.index)).toEqual([0, 1]);
    expect(refused.map((refusal) => [refusal.index, refusal.message])).toEqual([
      [2, 'The credit balance (70,000 VND) cannot cover this order (250,000 VND).'],
      [3, 'The credit balance (70,000 VND) cannot cover this order (180,000 VND).'],
    ]);
    expect((await ordersOf(account.sid)).map((order) => order.orderNumber).sort()).toEqual([
      `${prefix}0`,
      `${prefix}1`,
    ]);
    const charges = (await ledgerOf(t, account.sid)).filter((row) => row.kind === 'order_charge');
    expect(charges.map((row) => row.balanceAfter).sort()).toEqual(['250000.00', '70000.00']);
    expect(await ledgerSum(t, account.sid)).toBe(70000);
  });

  it('refuses order numbers used before or earlier in the call, placing the others', async () => {
    const account = await createOrderAccount(t, admin);
    const seller = await t.createUser(admin, { role: 0, account_sid: account.sid });
    const existing = await createOrder(t, seller.token);
    const fresh = unique('NUM-');
    const list = await drafts(account, [input(existing.orderNumber), input(fresh), input(fresh)]);
    const tried = await place(list, 'all-or-nothing');
    expect(tried.placed).toEqual([]);
    expect(tried.refused.map((refusal) => [refusal.index, refusal.reason, refusal.message])).toEqual([
      [0, 'order_number_taken', `Order number ${existing.orderNumber} already exists in this account.`],
      [2, 'order_number_taken', `Order number ${fresh} already exists in this account.`],
    ]);
    const { placed } = await place(list, 'until-short');
    expect(placed.map((order) => [order.index, order.orderNumber])).toEqual([[1, fresh]]);
    expect(await ordersOf(account.sid)).toHaveLength(2);
  });
});
