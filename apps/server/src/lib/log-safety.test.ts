/**
 * Issue 9, defect 6: failed queries were logged with their parameters (customers' phones and addresses,
 * sealed vendor credentials). A log line holds a failure's code and statement name, never its values.
 */
import { Writable } from 'node:stream';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOrderAccount, orderBody } from '../../test/order-fixtures.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { CENSORED, censor, safeUrl, statementName } from './log-safety.ts';

describe('the pieces', () => {
  it('names a statement by what it does and to which table', () => {
    expect(statementName('insert into "orders" ("sid", "phone") values ($1, $2)')).toBe('insert into orders');
    expect(statementName('update "accounts" set "credit_balance" = $1 where "sid" = $2')).toBe(
      'update accounts',
    );
    expect(statementName('delete from "orders" where "sid" = $1')).toBe('delete from orders');
    expect(statementName('select "sid", "name" from "users" where "username" = $1')).toBe(
      'select from users',
    );
    expect(statementName('  \n')).toBe('statement');
  });

  it('keeps query values only for harmless keys', () => {
    expect(safeUrl('/api/v1/orders?filter=Nguyen%20Van%20A&page=2&status=1')).toBe(
      `/api/v1/orders?filter=${CENSORED}&page=2&status=1`,
    );
    expect(safeUrl('/api/v1/tracking?filter=PO123')).toBe(`/api/v1/tracking?filter=${CENSORED}`);
    expect(safeUrl('/api/v1/orders')).toBe('/api/v1/orders');
  });

  it('censors personal and secret fields at any depth', () => {
    const line = censor({
      order: { name: 'Nguyen Van A', phone: '+84 1', items: [{ sku: 'A' }] },
      vendor: { credentials: { api_key: 'k' } },
      deep: { a: { b: { c: { address1: '12 Le Loi' } } } },
    });
    expect(JSON.stringify(line)).not.toMatch(/Nguyen|\+84|12 Le Loi|"k"/);
    expect(line).toMatchObject({ order: { items: [{ sku: 'A' }] } });
  });
});

describe('a real failure, logged', () => {
  const lines: string[] = [];
  let t: TestApp;
  let admin: string;

  beforeAll(async () => {
    const stream = new Writable({
      write(chunk, _encoding, done) {
        lines.push(String(chunk));
        done();
      },
    });
    t = await createTestApp({ logLevel: 'info' }, { stream });
    admin = await t.adminToken();
  });
  afterAll(() => t.close());

  it('an order insert that the database refuses logs its code and statement, not the customer', async () => {
    const account = await createOrderAccount(t, admin);
    // A constraint the customer's phone breaks makes the insert fail the way a real fault would; PostgreSQL
    // puts the whole row (name, phone, address) in the error's detail.
    await t.database.db.execute(
      sql.raw(`alter table orders add constraint no_test_phone check (phone <> '+84 913 555 777')`),
    );
    const customer = { name: 'Tran Thi Secret', phone: '+84 913 555 777', address1: '99 Hidden Street' };
    const before = lines.length;
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/orders?filter=Tran%20Thi%20Secret',
      headers: { authorization: `Bearer ${admin}` },
      payload: orderBody({ ...customer, account_sid: account.sid }),
    });
    expect(response.statusCode).toBe(500);

    const written = lines.slice(before);
    const failure = written.map((line) => JSON.parse(line)).find((line) => line.msg === 'unhandled error');
    expect(failure?.err).toMatchObject({
      type: 'DatabaseError',
      code: '23514',
      statement: 'insert into orders',
    });
    const log = written.join('');
    for (const secret of [customer.name, customer.phone, customer.address1, 'Tran%20Thi']) {
      expect(log).not.toContain(secret);
    }
    expect(log).not.toMatch(/params|Failing row|Failed query/);
  });

  it('a vendor whose insert fails leaves no credentials, sealed or not, in the log', async () => {
    await t.database.db.execute(
      sql.raw(`alter table vendors add constraint no_test_vendor check (name <> 'Doomed')`),
    );
    const before = lines.length;
    const response = await t.call('POST', '/vendors', {
      token: admin,
      body: { vendor: 'mul', name: 'Doomed', api_key: 'plain-key-4471', api_secret: 'plain-secret-9932' },
    });
    expect(response.statusCode).toBe(500);
    const log = lines.slice(before).join('');
    expect(log).toContain('"code":"23514"');
    expect(log).toContain('"statement":"insert into vendors"');
    expect(log).not.toMatch(/plain-key-4471|plain-secret-9932|params|Failing row|v1\./);
  });
});
