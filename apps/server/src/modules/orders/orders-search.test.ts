/**
 * The orders list's text box (issue 28 item 8): a barcode or an order number by its beginning, a city (without
 * accents or capitals) and a ZIP by their beginnings, besides a name anywhere and a phone's digits; a single
 * character looks only at beginnings. Each match goes through its own index (checked with the planner's
 * sequential and plain index scans turned off, as accent-search.test.ts does for the others).
 */
import type { Order } from '@parcelops/shared';
import { eq, type SQL } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createOrder, createOrderAccount } from '../../../test/order-fixtures.ts';
import { openTestWorld } from '../../../test/test-world.ts';
import { transactionSql } from '../../db/database.ts';
import { orderTextCondition, orderTextMatches } from './order-list-sql.ts';
import { orders } from './orders.table.ts';

const { t, admin } = await openTestWorld({ orderAccounts: true });

async function freshSeller() {
  const account = await createOrderAccount(t, admin);
  return (await t.createUser(admin, { role: 0, account_sid: account.sid })).token;
}

/** An order placed through the API, then given the recipient this test needs (any city, any ZIP). */
async function orderWith(token: string, recipient: Partial<typeof orders.$inferInsert>): Promise<Order> {
  const order = await createOrder(
    t,
    token,
    recipient.orderNumber ? { orderNumber: recipient.orderNumber } : {},
  );
  await t.database.db.update(orders).set(recipient).where(eq(orders.sid, order.sid));
  return order;
}

const token = await freshSeller();
const saigon = await orderWith(token, {
  orderNumber: 'SRCH-A1',
  name: 'Nguyễn Thị Hương',
  city: 'Hồ Chí Minh',
  postalCode: '70000',
  phone: '+84 90 111 2222',
});
const hanoi = await orderWith(token, {
  orderNumber: 'SRCH-B2',
  name: 'Le Van Cuong',
  city: 'Hà Nội',
  postalCode: '10000',
  phone: '+84 91 333 4444',
});
const seattle = await orderWith(token, {
  orderNumber: 'SRCH-C3',
  name: 'Tran Thi Binh',
  city: 'Seattle',
  postalCode: 'SW1A 1AA',
  phone: '(206) 555-0199',
});
/** Another account's order: never in this seller's answers. */
const elsewhere = await orderWith(await freshSeller(), { city: 'Hồ Chí Minh', postalCode: '70000' });

async function found(filter: string, as = token) {
  const response = await t.call('GET', '/orders', { token: as, query: { filter } });
  expect(response.statusCode, response.body).toBe(200);
  const page = response.json() as { data: Order[]; total: number };
  expect(page.total).toBe(page.data.length);
  return page.data.map((order) => order.sid).sort();
}
const sorted = (...list: Order[]) => list.map((order) => order.sid).sort();

describe('GET /orders?filter= finds by beginnings', () => {
  it("finds a barcode by its first characters, in any case (the box's 'PO11635')", async () => {
    expect(await found(saigon.barcode.slice(0, 9))).toEqual(sorted(saigon));
    expect(await found(saigon.barcode.slice(0, 9).toLowerCase())).toEqual(sorted(saigon));
    expect(await found(saigon.barcode)).toEqual(sorted(saigon));
    // Only its beginning: the digits from the middle find nothing.
    expect(await found(`X${saigon.barcode.slice(2, 9)}`)).toEqual([]);
  });

  it('finds an order number by its beginning, as before, and not by its middle', async () => {
    expect(await found('srch-')).toEqual(sorted(saigon, hanoi, seattle));
    expect(await found('SRCH-B')).toEqual(sorted(hanoi));
    expect(await found('RCH-B2')).toEqual([]);
  });

  it('finds a city by its beginning without accents or capitals, not by its middle', async () => {
    expect(await found('ho chi')).toEqual(sorted(saigon));
    expect(await found('HÀ NỘ')).toEqual(sorted(hanoi));
    expect(await found('sea')).toEqual(sorted(seattle));
    expect(await found('chi minh')).toEqual([]);
  });

  it('finds a ZIP by its beginning, as typed or in capitals', async () => {
    expect(await found('700')).toEqual(sorted(saigon));
    expect(await found('1000')).toEqual(sorted(hanoi));
    expect(await found('sw1a')).toEqual(sorted(seattle));
    expect(await found('0000')).toEqual([]);
  });

  it('keeps finding a name anywhere and a phone by its digits', async () => {
    expect(await found('thi huong')).toEqual(sorted(saigon));
    expect(await found('van cu')).toEqual(sorted(hanoi));
    expect(await found('555 01')).toEqual(sorted(seattle));
    expect(await found('333-4444')).toEqual(sorted(hanoi));
  });

  it('looks only at beginnings for one character', async () => {
    // "h" begins two cities; inside names ("Thi", "Binh") it is not looked for, nor in ZIPs ("7").
    expect(await found('h')).toEqual(sorted(saigon, hanoi));
    expect(await found('7')).toEqual([]);
    expect(await found('70')).toEqual(sorted(saigon));
    expect(await found('S')).toEqual(sorted(saigon, hanoi, seattle));
    expect(await found('%')).toEqual([]);
    expect(await found('_')).toEqual([]);
  });

  it("never answers another account's orders", async () => {
    expect(await found('70000')).toEqual(sorted(saigon));
    expect(await found(elsewhere.barcode)).toEqual([]);
  });
});

describe('which matches a text tries', () => {
  it.each([
    ['PO0000123457', ['barcode', 'orderNumberPrefix']],
    ['PO11635', ['barcodePrefix', 'orderNumberPrefix', 'cityPrefix', 'postalCodePrefix', 'nameContains']],
    ['Hồ Chí', ['orderNumberPrefix', 'cityPrefix', 'nameContains']],
    ['70000', ['barcodePrefix', 'orderNumberPrefix', 'postalCodePrefix', 'phoneDigits']],
    ['+84 90', ['orderNumberPrefix', 'phoneDigits']],
    ['12', ['barcodePrefix', 'orderNumberPrefix', 'postalCodePrefix']],
    ['h', ['barcodePrefix', 'orderNumberPrefix', 'cityPrefix']],
    ['7', ['barcodePrefix', 'orderNumberPrefix']],
    ['%', ['orderNumberPrefix']],
  ])('%s', (text, matches) => {
    expect(orderTextMatches(text)).toEqual(matches);
  });
});

describe('each match can use its index', () => {
  /** The plan of `select sid where condition` with sequential and plain index scans off: bitmap scans remain. */
  async function planOf(where: SQL) {
    const query = t.database.db.select({ sid: orders.sid }).from(orders).where(where).toSQL();
    return t.database.db.transaction(async (tx) => {
      const client = transactionSql(tx);
      await client.executeSql('set local enable_seqscan = off');
      await client.executeSql('set local enable_indexscan = off');
      await client.executeSql('set local enable_indexonlyscan = off');
      const { rows } = await client.executeSql(`explain ${query.sql}`, query.params);
      return rows.map((row) => Object.values(row as Record<string, string>)[0]).join('\n');
    });
  }

  it.each([
    ['a barcode beginning', 'PO11635', ['orders_barcode_pattern_idx', 'orders_postal_code_pattern_idx']],
    ['a phone number', '+84 90', ['orders_phone_digits_trgm_idx', 'orders_order_number_fold_idx']],
    [
      'a city',
      'hồ chí',
      ['orders_city_fold_idx', 'orders_order_number_fold_idx', 'orders_name_fold_trgm_idx'],
    ],
    ['a ZIP', '700', ['orders_postal_code_pattern_idx', 'orders_phone_digits_trgm_idx']],
    ['one character', 'h', ['orders_barcode_pattern_idx', 'orders_city_fold_idx']],
  ])('%s', async (_what, text, indexes) => {
    const plan = await planOf(orderTextCondition(text));
    for (const index of indexes) expect(plan).toContain(index);
    expect(plan).not.toContain('Seq Scan');
  });
});
