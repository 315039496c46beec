/**
 * The 500s fuzz-routes.test.ts found, kept as plain cases so they stay fixed whatever the fuzzer's seed.
 */
import type { Account } from '@parcelops/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOrder, createOrderAccount } from './order-fixtures.ts';
import { createTestApp, type TestApp } from './test-app.ts';

let t: TestApp;
let admin: string;
let account: Account;
let orderSid: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.adminToken();
  account = await createOrderAccount(t, admin);
  orderSid = (await createOrder(t, admin, { account_sid: account.sid })).sid;
});
afterAll(() => t.close());

describe('date bounds at the edge of what PostgreSQL reads (years 0001 to 9999)', () => {
  // The exclusive end of 9999-12-31 is in year 10000, and 0000-01-01 is year 0: both used to reach the
  // database as timestamps it refuses (SQLSTATE 22008/22009), a 500.
  it.each<Record<string, string>>([
    { to_date: '9999-12-31' },
    { to_date: '9999-12-31T23:59:59.999Z' },
    { from_date: '0000-01-01' },
    { from_date: '0000-01-01', to_date: '9999-12-31' },
    { to_date: '0000-01-01' },
  ])('lists and counts orders with %o', async (query) => {
    const list = await t.call('GET', '/orders', {
      token: admin,
      query: { ...query, account_sid: account.sid },
    });
    expect(list.statusCode, list.body).toBe(200);
    const everything = query.from_date !== undefined && query.to_date === '9999-12-31';
    if (everything) expect(list.json().data.map((order: { sid: string }) => order.sid)).toContain(orderSid);
    const statistic = await t.call('GET', '/orders/statistic', { token: admin, query });
    expect(statistic.statusCode, statistic.body).toBe(200);
  });

  it.each<Record<string, string>>([
    { status: 'initiated', departureDate: '9999-12-31' },
    { status: 'initiated', departureDate: '9999-12-31', upcoming: 'true' },
  ])('lists manifests departing on the last day PostgreSQL reads: %o', async (query) => {
    const response = await t.call('GET', '/ams', { token: admin, query });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ data: [], total: 0 });
  });

  it('writes the credit usage report up to 9999-12-31', async () => {
    const response = await t.call('GET', `/accounts/${account.sid}/credit_usages_report`, {
      token: admin,
      query: { from_date: '2026-01-01', to_date: '9999-12-31' },
    });
    expect(response.statusCode, response.body.slice(0, 200)).toBe(200);
  });
});

describe('a page far past the end of the orders list', () => {
  // page × page_size beyond a bigint used to reach PostgreSQL as the offset (SQLSTATE 22003), a 500.
  it('is empty, with the real total', async () => {
    const response = await t.call('GET', '/orders', {
      token: admin,
      query: { account_sid: account.sid, page: '1968192736308333', page_size: '404677' },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ data: [], total: 1 });
  });
});
