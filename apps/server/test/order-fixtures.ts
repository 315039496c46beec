/**
 * Seeds for order tests: price tables, accounts that can order, order bodies, the credit ledger's sum, and an
 * order and its history as the admin reads them.
 */
import type { Account, Order, OrderHistoryEntry } from '@parcelops/shared';
import { asc, eq, sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { creditLedger } from '../src/modules/accounts/credit-ledger.table.ts';
import { trackingEvents } from '../src/modules/orders/orders.table.ts';
import { type TestApp, unique } from './test-app.ts';
import { multipart, xlsx } from './workbooks.ts';

/** Up to 500 g: 180,000 VND / 7.50 USD; up to 1 kg: 250,000 / 10; up to 2 kg: 400,000 / 16. */
export const PRICE_ROWS = [
  [500, 180000, 7.5],
  [1000, 250000, 10],
  [2000, 400000, 16],
];

export const ACCOUNT_ADDRESS = {
  name: 'Warehouse',
  address1: '1 Harbour Road',
  city: 'Ho Chi Minh City',
  state: 'HCM',
  postalCode: '700000',
  country: 'VN',
};

export async function createPriceTable(t: TestApp, admin: string, rows = PRICE_ROWS): Promise<string> {
  const body = multipart(
    { name: unique('Order rates ') },
    { buffer: await xlsx([['weight', 'vnd', 'usd'], ...rows]) },
  );
  const response = await t.call('POST', '/pricese', { token: admin, body });
  if (response.statusCode !== 201) throw new Error(`price table: ${response.statusCode} ${response.body}`);
  return response.json().sid;
}

/** An account's credit settings: it orders on credit in `unit`, `topup` already on its balance. */
export function onCredit(topup: number, unit: 'VND' | 'USD' = 'VND') {
  return { use_credit: true, credit_unit: unit, topup };
}

/** An account with a price table and an address; pass `price_sid: null` for one without a table. */
export async function createOrderAccount(
  t: TestApp,
  admin: string,
  overrides: Record<string, unknown> = {},
): Promise<Account> {
  const priceSid = 'price_sid' in overrides ? overrides.price_sid : await createPriceTable(t, admin);
  return t.createAccount(admin, { address: ACCOUNT_ADDRESS, ...overrides, price_sid: priceSid });
}

/** An account that can order (createOrderAccount) and the token of its signed-in seller. */
export async function createSellerAccount(
  t: TestApp,
  admin: string,
  overrides: Record<string, unknown> = {},
): Promise<{ account: Account; seller: string }> {
  const account = await createOrderAccount(t, admin, overrides);
  const seller = (await t.createUser(admin, { role: 0, account_sid: account.sid })).token;
  return { account, seller };
}

export function orderItem(overrides: Record<string, unknown> = {}) {
  return {
    skuNumber: 'SKU-1',
    quantity: 1,
    itemDescription: 'T-shirt',
    itemWeight: 400,
    itemWidth: 10,
    itemHeight: 10,
    itemLength: 10,
    ...overrides,
  };
}

/** A valid order: one 400 g item (chargeable 400 g, priced 180,000 VND / 7.50 USD by PRICE_ROWS). */
export function orderBody(overrides: Record<string, unknown> = {}) {
  return {
    orderNumber: unique('ORD-'),
    name: 'Nguyen Van A',
    phone: '+84 90 000 0000',
    address1: '400 Pine St',
    city: 'Seattle',
    state: 'WA',
    country: 'US',
    postalCode: '98101',
    items: [orderItem()],
    ...overrides,
  };
}

export async function createOrder(
  t: TestApp,
  token: string,
  overrides: Record<string, unknown> = {},
): Promise<Order> {
  const response = await t.call('POST', '/orders', { token, body: orderBody(overrides) });
  if (response.statusCode !== 201) throw new Error(`create order: ${response.statusCode} ${response.body}`);
  return response.json();
}

export async function balanceOf(t: TestApp, admin: string, accountSid: string): Promise<number> {
  const response = await t.call('GET', `/accounts/${accountSid}`, { token: admin });
  expect(response.statusCode).toBe(200);
  return response.json().credit_balance;
}

export function ledgerOf(t: TestApp, accountSid: string) {
  return t.database.db.select().from(creditLedger).where(eq(creditLedger.accountSid, accountSid));
}

/** The sum of the account's ledger rows, which must always equal its balance. */
export async function ledgerSum(t: TestApp, accountSid: string): Promise<number> {
  const [row] = await t.database.db
    .select({ total: sql<string>`coalesce(sum(${creditLedger.amount}), 0)` })
    .from(creditLedger)
    .where(eq(creditLedger.accountSid, accountSid));
  return Number(row?.total ?? 0);
}

/** A fresh HS code (description "Goods") for an order item to declare. */
export async function createHsCode(t: TestApp, admin: string): Promise<string> {
  const code = unique('HS').toUpperCase();
  const response = await t.call('POST', '/hs_codes', {
    token: admin,
    body: { hs_code: code, description: 'Goods' },
  });
  expect(response.statusCode).toBe(201);
  return code;
}

/** An item declaration the caller's account makes (`body` as POST /item_declarations takes it), refused = failed test. */
export async function createItemDeclaration(
  t: TestApp,
  token: string,
  body: Record<string, unknown>,
): Promise<void> {
  const response = await t.call('POST', '/item_declarations', { token, body });
  expect(response.statusCode, response.body).toBe(201);
}

/** The order's tracking events as stored, oldest first. */
export function trackingEventsOf(t: TestApp, orderSid: string) {
  return t.database.db
    .select()
    .from(trackingEvents)
    .where(eq(trackingEvents.orderSid, orderSid))
    .orderBy(asc(trackingEvents.eventTime));
}

/** The order as the admin reads it. */
export async function orderOf(t: TestApp, admin: string, orderSid: string): Promise<Order> {
  const response = await t.call('GET', `/orders/${orderSid}`, { token: admin });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

/** The order's history as the admin reads it. */
export async function historyOf(t: TestApp, admin: string, orderSid: string): Promise<OrderHistoryEntry[]> {
  const response = await t.call('GET', `/orders/${orderSid}/history`, { token: admin });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

/**
 * `count` Generated orders of the account written straight to the database (orders, an item each, their first
 * events: three statements), for tests that need thousands of parcels; placing them through the API would take
 * minutes. Barcodes are upper case and of this call alone. Answers them in order.
 */
export async function seedGeneratedOrders(
  t: TestApp,
  accountSid: string,
  count: number,
): Promise<{ sid: string; barcode: string }[]> {
  const tag = unique('SEED').toUpperCase();
  const db = t.database.db;
  await db.execute(sql`
    insert into orders (sid, order_number, account_sid, status, name, address1, city, state, country,
      postal_code, weight, vnd, usd, barcode, date_created)
    select ${tag} || '-' || g, ${tag} || '-' || g, ${accountSid}, 0, 'Seeded Customer', g || ' Main St',
      'Los Angeles', 'CA', 'US', '90001', 400, 180000, 7.5, ${tag} || lpad(g::text, 6, '0'),
      now() - interval '1 day'
    from generate_series(1, ${count}) g`);
  await db.execute(sql`
    insert into order_items (sid, order_sid, position, sku_number, quantity, item_description, item_weight)
    select ${tag} || '-i-' || g, ${tag} || '-' || g, 0, 'SKU-1', 1, 'Item', 400
    from generate_series(1, ${count}) g`);
  await db.execute(sql`
    insert into tracking_events (sid, order_sid, status, description, event_time)
    select ${tag} || '-e-' || g, ${tag} || '-' || g, 0, 'Order created', now() - interval '1 day'
    from generate_series(1, ${count}) g`);
  return Array.from({ length: count }, (_, index) => ({
    sid: `${tag}-${index + 1}`,
    barcode: `${tag}${String(index + 1).padStart(6, '0')}`,
  }));
}
