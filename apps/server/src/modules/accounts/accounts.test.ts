import type { Account } from '@parcelops/shared';
import { asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  expectAccountNotFound,
  expectCreditShort,
  expectFieldRefused,
  expectNoAccess,
} from '../../../test/expected-replies.ts';
import { ACCOUNT_ADDRESS } from '../../../test/order-fixtures.ts';
import {
  ADMIN_PASSWORD,
  ADMIN_USERNAME,
  createTestApp,
  expectFieldError,
  openTestApp,
  requiredDetail,
  USER_PASSWORD,
  unique,
} from '../../../test/test-app.ts';
import { openTestWorld } from '../../../test/test-world.ts';
import { multipart, xlsx } from '../../../test/workbooks.ts';
import { accounts } from './accounts.table.ts';
import { creditLedger } from './credit-ledger.table.ts';

const { t, admin, accountA, accountB, sellerA, operator } = await openTestWorld();

function ledgerOf(accountSid: string) {
  return t.database.db
    .select()
    .from(creditLedger)
    .where(eq(creditLedger.accountSid, accountSid))
    .orderBy(asc(creditLedger.seq));
}

async function balanceOf(accountSid: string): Promise<number> {
  const response = await t.call('GET', `/accounts/${accountSid}`, { token: admin });
  expect(response.statusCode).toBe(200);
  return response.json().credit_balance;
}

/** A price table with one row; its sid is what accounts name in price_sid. */
async function createPriceTable(): Promise<string> {
  const body = multipart(
    { name: unique('Rates ') },
    {
      buffer: await xlsx([
        ['weight', 'vnd', 'usd'],
        [500, 180000, 7.5],
      ]),
    },
  );
  const response = await t.call('POST', '/pricese', { token: admin, body });
  expect(response.statusCode).toBe(201);
  return response.json().sid;
}

const topup = (sid: string, amount: number, extra: Record<string, unknown> = {}) =>
  t.call('PUT', `/accounts/${sid}`, { token: admin, body: { topup: amount, ...extra } });

describe('GET /accounts', () => {
  it('gives the admin whole accounts', async () => {
    const response = await t.call('GET', '/accounts', { token: admin });
    expect(response.statusCode).toBe(200);
    const list: Account[] = response.json();
    expect(list.find((account) => account.sid === accountA.sid)).toEqual(accountA);
    expect(list.map((account) => account.sid)).toContain(accountB.sid);
  });

  it('filters on a part of the name or of the email, in any letter case', async () => {
    const byName = await t.createAccount(admin, { name: unique('Zebra Logistics ') });
    const byEmail = await t.createAccount(admin, { email: `${unique('quokka')}@example.com` });

    const names: Account[] = (
      await t.call('GET', '/accounts', { token: admin, query: { filter: 'zEBRA log' } })
    ).json();
    expect(names.map((account) => account.sid)).toEqual([byName.sid]);

    const emails: Account[] = (
      await t.call('GET', '/accounts', { token: admin, query: { filter: 'QUOKKA' } })
    ).json();
    expect(emails.map((account) => account.sid)).toEqual([byEmail.sid]);

    const none = await t.call('GET', '/accounts', {
      token: admin,
      query: { filter: 'no-account-matches-this' },
    });
    expect(none.json()).toEqual([]);
  });

  it('gives an operator only sid and name of each account', async () => {
    const response = await t.call('GET', '/accounts', { token: operator.token });
    expect(response.statusCode).toBe(200);
    const list: Record<string, unknown>[] = response.json();
    expect(list).toContainEqual({ sid: accountA.sid, name: accountA.name });
    for (const entry of list) expect(Object.keys(entry).sort()).toEqual(['name', 'sid']);
  });

  it('refuses account users and their API keys with the spec message', async () => {
    const key = await t.createApiKey(sellerA.token);
    for (const token of [sellerA.token, key.token]) {
      const response = await t.call('GET', '/accounts', { token });
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({
        msg: 'You do not have permissions to view all accounts',
        code: 'FORBIDDEN',
        key: 'access.noPermissionViewAccounts',
      });
    }
  });

  it('refuses anonymous callers with 401', async () => {
    const response = await t.call('GET', '/accounts');
    expect(response.statusCode).toBe(401);
    expect(response.json().code).toBe('UNAUTHORIZED');
  });
});

describe('GET /accounts/{id}', () => {
  it('shows an account user their own account', async () => {
    const response = await t.call('GET', `/accounts/${accountA.sid}`, { token: sellerA.token });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual(accountA);
  });

  it("refuses another account with 403 'You do not have access.'", async () => {
    for (const token of [sellerA.token, operator.token]) {
      const response = await t.call('GET', `/accounts/${accountB.sid}`, { token });
      expectNoAccess(response);
    }
  });
});

/** POST /accounts as the admin: a fresh name, an email and account A's vendor, unless `fields` say otherwise. */
const postAccount = (fields: Record<string, unknown>) =>
  t.call('POST', '/accounts', {
    token: admin,
    body: { name: unique('S '), email: 'a@example.com', vendor_sid: accountA.vendor_sid, ...fields },
  });

describe('an unknown account', () => {
  it.each([
    ['GET', undefined],
    ['PUT', { name: 'x' }],
    ['DELETE', undefined],
  ] as const)('%s answers 404 to the admin', async (method, body) => {
    const response = await t.call(method, '/accounts/no-such-account', { token: admin, body });
    expectAccountNotFound(response);
  });
});

describe('POST /accounts', () => {
  it('creates an account with the defaults and the vendor name', async () => {
    const vendor = await t.createVendor(admin);
    const name = unique('Seller ');
    const response = await t.call('POST', '/accounts', {
      token: admin,
      body: { name: `  ${name}  `, email: 'shop@example.com', vendor_sid: vendor.sid },
    });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({
      sid: expect.any(String),
      name,
      email: 'shop@example.com',
      role: 0,
      is_active: true,
      vendor_sid: vendor.sid,
      price_sid: null,
      vendor: vendor.name,
      order_status_hook: null,
      address: null,
      use_credit: false,
      credit_balance: 0,
      credit_unit: 'VND',
      date_created: expect.any(String),
    });
  });

  it('requires name, email and vendor (400 naming each)', async () => {
    const response = await t.call('POST', '/accounts', { token: admin, body: {} });
    expect(response.statusCode).toBe(400);
    const body = response.json();
    expect(body.code).toBe('VALIDATION_FAILED');
    expect(body.details.map((d: { path: string }) => d.path).sort()).toEqual(['email', 'name', 'vendor_sid']);

    const blank = await postAccount({ name: '  ' });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().details).toEqual([requiredDetail('name', 'Name', 'name')]);
  });

  it('refuses a malformed email', async () => {
    const response = await postAccount({ email: 'not-an-email' });
    expectFieldRefused(response, {
      path: 'email',
      message: 'Email is not valid',
      key: 'validation.notValid',
      params: { label: { key: 'field.email' } },
    });
  });

  it('refuses an unknown vendor with 400 on vendor_sid', async () => {
    const response = await postAccount({ vendor_sid: 'no-such-vendor' });
    expectFieldError(response, 'vendor_sid', 'Vendor not found.');
  });

  it('stores the address as a JSON object', async () => {
    const account = await t.createAccount(admin, { address: ACCOUNT_ADDRESS });
    expect(account.address).toEqual(ACCOUNT_ADDRESS);
    const [row] = await t.database.db
      .select({ address: accounts.address })
      .from(accounts)
      .where(eq(accounts.sid, account.sid));
    expect(row?.address).toEqual(ACCOUNT_ADDRESS);
  });

  it('refuses an incomplete address with 400 naming the missing parts', async () => {
    const { city: _city, postalCode: _postalCode, ...incomplete } = ACCOUNT_ADDRESS;
    const response = await postAccount({ address: incomplete });
    expect(response.statusCode).toBe(400);
    expect(
      response
        .json()
        .details.map((d: { path: string }) => d.path)
        .sort(),
    ).toEqual(['address.city', 'address.postalCode']);
  });

  it("refuses an unknown price_sid with 'Price table not found.'", async () => {
    const name = unique('S ');
    const response = await postAccount({ name, price_sid: 'some-price' });
    expectFieldError(response, 'price_sid', 'Price table not found.');
    const listed = (await t.call('GET', '/accounts', { token: admin })).json() as Account[];
    expect(listed.map((account) => account.name)).not.toContain(name);
  });

  it("takes a real price table's sid", async () => {
    const priceSid = await createPriceTable();
    const response = await postAccount({ price_sid: priceSid });
    expect(response.statusCode).toBe(201);
    expect(response.json().price_sid).toBe(priceSid);
    const read = await t.call('GET', `/accounts/${response.json().sid}`, { token: admin });
    expect(read.json().price_sid).toBe(priceSid);
  });

  it('refuses operators and account users', async () => {
    const body = { name: unique('S '), email: 'a@example.com', vendor_sid: accountA.vendor_sid };
    for (const token of [operator.token, sellerA.token]) {
      const response = await t.call('POST', '/accounts', { token, body });
      expect(response.statusCode).toBe(403);
      expect(response.json().code).toBe('FORBIDDEN');
    }
  });
});

describe('PUT /accounts/{id}', () => {
  it('lets the admin change every field', async () => {
    const account = await t.createAccount(admin);
    const vendor = await t.createVendor(admin);
    const name = unique('Renamed ');
    const response = await t.call('PUT', `/accounts/${account.sid}`, {
      token: admin,
      body: {
        name,
        email: 'new@example.com',
        vendor_sid: vendor.sid,
        order_status_hook: 'https://seller.example.com/hook',
        address: ACCOUNT_ADDRESS,
        use_credit: true,
        credit_unit: 'USD',
      },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      ...account,
      name,
      email: 'new@example.com',
      vendor_sid: vendor.sid,
      vendor: vendor.name,
      order_status_hook: 'https://seller.example.com/hook',
      address: ACCOUNT_ADDRESS,
      use_credit: true,
      credit_unit: 'USD',
    });
  });

  it('toggles is_active', async () => {
    const account = await t.createAccount(admin);
    const off = await t.call('PUT', `/accounts/${account.sid}`, { token: admin, body: { is_active: false } });
    expect(off.json().is_active).toBe(false);
    const on = await t.call('PUT', `/accounts/${account.sid}`, { token: admin, body: { is_active: true } });
    expect(on.json().is_active).toBe(true);
  });

  it('clears the hook and the address with null', async () => {
    const account = await t.createAccount(admin, {
      address: ACCOUNT_ADDRESS,
      order_status_hook: 'https://x.example.com/h',
    });
    const response = await t.call('PUT', `/accounts/${account.sid}`, {
      token: admin,
      body: { order_status_hook: '', address: null },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ order_status_hook: null, address: null });
  });

  it('lets an account user change the order status hook of their own account', async () => {
    const response = await t.call('PUT', `/accounts/${accountA.sid}`, {
      token: sellerA.token,
      body: { order_status_hook: 'https://shop.example.com/parcel-events' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      sid: accountA.sid,
      name: accountA.name,
      order_status_hook: 'https://shop.example.com/parcel-events',
    });
  });

  it('refuses an account user every other field with 403, changing nothing', async () => {
    for (const [field, value] of [
      ['name', 'Mine now'],
      ['email', 'me@example.com'],
      ['is_active', false],
      ['address', ACCOUNT_ADDRESS],
      ['topup', 1000],
      ['vendor_sid', accountB.vendor_sid],
      ['use_credit', true],
      ['credit_unit', 'USD'],
    ] as const) {
      const response = await t.call('PUT', `/accounts/${accountA.sid}`, {
        token: sellerA.token,
        body: { [field]: value, order_status_hook: 'https://shop.example.com/other' },
      });
      expect(response.statusCode, field).toBe(403);
      expect(response.json()).toEqual({
        msg: `You do not have permission to change ${field}.`,
        code: 'FORBIDDEN',
        key: 'accounts.noPermissionToChange',
        params: { fields: field },
      });
    }
    const after = await t.call('GET', `/accounts/${accountA.sid}`, { token: admin });
    expect(after.json()).toMatchObject({
      name: accountA.name,
      email: accountA.email,
      is_active: true,
      credit_balance: 0,
    });
    expect(after.json().order_status_hook).not.toBe('https://shop.example.com/other');
  });

  it("refuses an account user another account with 403 'You do not have access.'", async () => {
    const response = await t.call('PUT', `/accounts/${accountB.sid}`, {
      token: sellerA.token,
      body: { order_status_hook: 'https://shop.example.com/hook' },
    });
    expectNoAccess(response);
  });

  it('refuses operators and API keys', async () => {
    const key = await t.createApiKey(sellerA.token);
    for (const token of [operator.token, key.token]) {
      const response = await t.call('PUT', `/accounts/${accountA.sid}`, {
        token,
        body: { order_status_hook: 'https://shop.example.com/hook' },
      });
      expect(response.statusCode).toBe(403);
      expect(response.json().code).toBe('FORBIDDEN');
    }
  });

  it('refuses a hook that is not an http(s) URL', async () => {
    for (const hook of ['ftp://example.com/hook', 'not a url', 'javascript:alert(1)']) {
      const response = await t.call('PUT', `/accounts/${accountA.sid}`, {
        token: sellerA.token,
        body: { order_status_hook: hook },
      });
      expectFieldRefused(response, {
        path: 'order_status_hook',
        message: 'Order status hook must be an http(s) URL',
        key: 'accounts.hookNotUrl',
      });
    }
  });

  it('refuses a hook that points into a private or loopback network', async () => {
    for (const hook of [
      'http://localhost:8080/hook',
      'http://127.0.0.1/hook',
      'https://10.1.2.3/hook',
      'http://192.168.1.10/hook',
      'http://172.20.0.5/hook',
      'http://169.254.169.254/latest/meta-data',
      'http://[::1]/hook',
      'http://[::ffff:127.0.0.1]/hook',
    ]) {
      const response = await t.call('PUT', `/accounts/${accountA.sid}`, {
        token: sellerA.token,
        body: { order_status_hook: hook },
      });
      expect(response.statusCode, hook).toBe(400);
      expect(response.json().details).toEqual([
        {
          path: 'order_status_hook',
          message: 'Order status hook may not point to a private or local network address.',
          key: 'accounts.hookPrivate',
        },
      ]);
    }
    const publicHook = await t.call('PUT', `/accounts/${accountA.sid}`, {
      token: sellerA.token,
      body: { order_status_hook: 'https://hooks.shop.example/parcelops' },
    });
    expect(publicHook.statusCode).toBe(200);
  });

  it('refuses an unknown vendor, an unknown price_sid and a bad email', async () => {
    const vendor = await t.call('PUT', `/accounts/${accountB.sid}`, {
      token: admin,
      body: { vendor_sid: 'nope' },
    });
    expect(vendor.statusCode).toBe(400);
    expect(vendor.json().details).toEqual([
      { path: 'vendor_sid', message: 'Vendor not found.', key: 'vendors.notFound' },
    ]);
    const price = await t.call('PUT', `/accounts/${accountB.sid}`, {
      token: admin,
      body: { price_sid: 'nope' },
    });
    expectFieldError(price, 'price_sid', 'Price table not found.');
    const email = await t.call('PUT', `/accounts/${accountB.sid}`, { token: admin, body: { email: 'nope' } });
    expect(email.statusCode).toBe(400);
    expect(email.json().details[0].path).toBe('email');
  });

  it("assigns a real price table's sid, and clears it with null", async () => {
    const priceSid = await createPriceTable();
    const assigned = await t.call('PUT', `/accounts/${accountB.sid}`, {
      token: admin,
      body: { price_sid: priceSid },
    });
    expect(assigned.statusCode).toBe(200);
    expect(assigned.json().price_sid).toBe(priceSid);
    expect((await t.call('GET', `/accounts/${accountB.sid}`, { token: admin })).json().price_sid).toBe(
      priceSid,
    );

    const refused = await t.call('PUT', `/accounts/${accountB.sid}`, {
      token: admin,
      body: { price_sid: 'no-such-price' },
    });
    expect(refused.statusCode).toBe(400);
    expect((await t.call('GET', `/accounts/${accountB.sid}`, { token: admin })).json().price_sid).toBe(
      priceSid,
    );

    const cleared = await t.call('PUT', `/accounts/${accountB.sid}`, {
      token: admin,
      body: { price_sid: null },
    });
    expect(cleared.statusCode).toBe(200);
    expect(cleared.json().price_sid).toBeNull();
  });
});

describe('credit topups', () => {
  it('adds positive and negative topups to the balance, one ledger row each with the running balance', async () => {
    const account = await t.createAccount(admin, { use_credit: true, topup: 100000 });
    expect(account.credit_balance).toBe(100000);

    expect((await topup(account.sid, 50000)).json().credit_balance).toBe(150000);
    expect((await topup(account.sid, -30000)).json().credit_balance).toBe(120000);

    const rows = await ledgerOf(account.sid);
    expect(rows.map((row) => [row.kind, Number(row.amount), Number(row.balanceAfter), row.unit])).toEqual([
      ['topup', 100000, 100000, 'VND'],
      ['topup', 50000, 150000, 'VND'],
      ['topup', -30000, 120000, 'VND'],
    ]);
    expect(rows.reduce((sum, row) => sum + Number(row.amount), 0)).toBe(await balanceOf(account.sid));
    expect(rows.every((row) => row.createdBy !== null)).toBe(true);
  });

  it('refuses a topup that would take the balance below zero, naming the balance, and changes nothing', async () => {
    const account = await t.createAccount(admin, { topup: 120000 });
    const response = await topup(account.sid, -200000, { name: 'Should not be saved' });
    // The same status and code as an order the balance cannot cover.
    expectCreditShort(response, {
      msg: 'The topup would take the credit balance below zero: the balance is 120,000 VND and the topup takes 200,000 VND.',
      key: 'accounts.topupShortfall',
      params: { balance: '120,000 VND', amount: '200,000 VND' },
    });
    const after = (await t.call('GET', `/accounts/${account.sid}`, { token: admin })).json();
    expect(after).toMatchObject({ name: account.name, credit_balance: 120000 });
    expect(await ledgerOf(account.sid)).toHaveLength(1);
  });

  it('refuses a negative topup on a new account and creates no account', async () => {
    const name = unique('Overdrawn ');
    const response = await postAccount({ name, topup: -5 });
    expect(response.statusCode).toBe(422);
    expect(response.json().code).toBe('INSUFFICIENT_CREDIT');
    expect(response.json().msg).toContain('the balance is 0 VND');
    const listed = await t.call('GET', '/accounts', { token: admin, query: { filter: name } });
    expect(listed.json()).toEqual([]);
  });

  it('lets a topup take the balance exactly to zero', async () => {
    const account = await t.createAccount(admin, { topup: 500 });
    const response = await topup(account.sid, -500);
    expect(response.statusCode).toBe(200);
    expect(response.json().credit_balance).toBe(0);
  });

  it('rounds USD to cents and VND to whole units', async () => {
    const usd = await t.createAccount(admin, { credit_unit: 'USD', topup: 12.3456 });
    expect(usd.credit_balance).toBe(12.35);
    expect((await topup(usd.sid, 0.014)).json().credit_balance).toBe(12.36);
    expect((await topup(usd.sid, -0.356)).json().credit_balance).toBe(12);
    expect(
      (await ledgerOf(usd.sid)).map((row) => [Number(row.amount), Number(row.balanceAfter), row.unit]),
    ).toEqual([
      [12.35, 12.35, 'USD'],
      [0.01, 12.36, 'USD'],
      [-0.36, 12, 'USD'],
    ]);

    const vnd = await t.createAccount(admin, { credit_unit: 'VND', topup: 1000.6 });
    expect(vnd.credit_balance).toBe(1001);
    expect((await topup(vnd.sid, 1000.4)).json().credit_balance).toBe(2001);
  });

  it('names USD amounts with cents in the shortfall message', async () => {
    const account = await t.createAccount(admin, { credit_unit: 'USD', topup: 10.5 });
    const response = await topup(account.sid, -20);
    expect(response.statusCode).toBe(422);
    expect(response.json().msg).toBe(
      'The topup would take the credit balance below zero: the balance is 10.50 USD and the topup takes 20.00 USD.',
    );
  });

  it('refuses to change credit_unit while the balance is not zero, and allows it at zero', async () => {
    const account = await t.createAccount(admin, { topup: 1000 });
    const refused = await t.call('PUT', `/accounts/${account.sid}`, {
      token: admin,
      body: { credit_unit: 'USD' },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({
      msg: 'The credit unit cannot change while the credit balance is not zero.',
      code: 'VALIDATION_FAILED',
      key: 'accounts.unitLocked',
      details: [
        {
          path: 'credit_unit',
          message: 'The credit unit cannot change while the credit balance is not zero.',
          key: 'accounts.unitLocked',
        },
      ],
    });

    expect((await topup(account.sid, -1000)).statusCode).toBe(200);
    const allowed = await t.call('PUT', `/accounts/${account.sid}`, {
      token: admin,
      body: { credit_unit: 'USD' },
    });
    expect(allowed.statusCode).toBe(200);
    expect(allowed.json().credit_unit).toBe('USD');
  });

  it('refuses a topup that is not a number', async () => {
    const response = await topup(accountB.sid, '100' as unknown as number);
    expectFieldRefused(response, {
      path: 'topup',
      message: 'Topup must be a number',
      key: 'validation.mustBeNumber',
      params: { label: { key: 'field.topup' } },
    });
  });

  it('keeps balance and ledger in step under concurrent topups', async () => {
    const account = await t.createAccount(admin, { topup: 1000 });
    // No subset of these sums to zero, so no balance repeats and the ledger forms exactly one chain.
    const amounts = [1, 2, 4, 8, 16, 32, 64, 128, -256, 512];
    const responses = await Promise.all(amounts.map((amount) => topup(account.sid, amount)));
    expect(responses.map((response) => response.statusCode)).toEqual(amounts.map(() => 200));

    const expected = 1000 + amounts.reduce((sum, amount) => sum + amount, 0);
    expect(await balanceOf(account.sid)).toBe(expected);
    const rows = await ledgerOf(account.sid);
    expect(rows).toHaveLength(amounts.length + 1);
    expect(rows.reduce((sum, row) => sum + Number(row.amount), 0)).toBe(expected);

    // Each row starts from the balance the previous one left: follow the chain from zero to the final balance.
    let balance = 0;
    const remaining = [...rows];
    while (remaining.length > 0) {
      const next = remaining.findIndex((row) => Number(row.balanceAfter) - Number(row.amount) === balance);
      expect(next, `no ledger row starts from ${balance}`).toBeGreaterThanOrEqual(0);
      balance = Number(remaining.splice(next, 1)[0]?.balanceAfter);
    }
    expect(balance).toBe(expected);
  });
});

describe('DELETE /accounts/{id}', () => {
  it('deletes the account with its users and API keys, whose tokens then answer 401', async () => {
    const account = await t.createAccount(admin, { topup: 100 });
    const seller = await t.createUser(admin, { role: 0, account_sid: account.sid });
    const key = await t.createApiKey(seller.token);

    const response = await t.call('DELETE', `/accounts/${account.sid}`, { token: admin });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ sid: account.sid });

    expect((await t.call('GET', `/accounts/${account.sid}`, { token: admin })).statusCode).toBe(404);
    expect((await t.call('GET', `/users/${seller.user.sid}`, { token: admin })).statusCode).toBe(404);
    const asSeller = await t.call('GET', '/me', { token: seller.token });
    expect(asSeller.statusCode).toBe(401);
    const asKey = await t.call('GET', `/accounts/${account.sid}`, { token: key.token });
    expect(asKey.statusCode).toBe(401);
    expect(asKey.json()).toEqual({
      msg: 'The API key is not valid.',
      code: 'UNAUTHORIZED',
      key: 'auth.apiKeyInvalid',
    });
    expect(await ledgerOf(account.sid)).toEqual([]);
  });

  it("refuses account users and operators with 'you don't have permission to delete the Account.'", async () => {
    for (const [token, sid] of [
      [sellerA.token, accountA.sid],
      [sellerA.token, accountB.sid],
      [operator.token, accountA.sid],
    ] as const) {
      const response = await t.call('DELETE', `/accounts/${sid}`, { token });
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({
        msg: "you don't have permission to delete the Account.",
        code: 'FORBIDDEN',
        key: 'access.noPermissionDeleteAccount',
      });
    }
    expect((await t.call('GET', `/accounts/${accountA.sid}`, { token: admin })).statusCode).toBe(200);
  });
});

describe('an inactive account', () => {
  it('refuses its users at sign-in and on every call, and refuses its API keys, until reactivated', async () => {
    const account = await t.createAccount(admin);
    const seller = await t.createUser(admin, { role: 0, account_sid: account.sid });
    const key = await t.createApiKey(seller.token);
    const inactive = {
      msg: 'This account is inactive. Please contact support.',
      code: 'FORBIDDEN',
      key: 'auth.accountInactive',
    };

    expect(
      (await t.call('PUT', `/accounts/${account.sid}`, { token: admin, body: { is_active: false } }))
        .statusCode,
    ).toBe(200);

    const login = await t.call('POST', '/login', {
      body: { username: seller.user.username, password: USER_PASSWORD },
    });
    expect(login.statusCode).toBe(403);
    expect(login.json()).toEqual(inactive);
    const session = await t.call('GET', `/accounts/${account.sid}`, { token: seller.token });
    expect(session.statusCode).toBe(403);
    expect(session.json()).toEqual(inactive);
    const viaKey = await t.call('GET', `/accounts/${account.sid}`, { token: key.token });
    expect(viaKey.statusCode).toBe(403);
    expect(viaKey.json()).toEqual(inactive);

    expect(
      (await t.call('PUT', `/accounts/${account.sid}`, { token: admin, body: { is_active: true } }))
        .statusCode,
    ).toBe(200);
    expect((await t.call('GET', `/accounts/${account.sid}`, { token: seller.token })).statusCode).toBe(200);
    expect((await t.call('GET', `/accounts/${account.sid}`, { token: key.token })).statusCode).toBe(200);
  });
});

// On its own app: if an account with address2 cannot be read back, every later account list would fail too.
const { t: own, admin: ownAdmin } = await openTestApp();

describe('addresses with address2', () => {
  it('stores and returns the optional address2', async () => {
    const vendor = await own.createVendor(ownAdmin);
    const address = { ...ACCOUNT_ADDRESS, address2: 'Floor 3' };
    const response = await own.call('POST', '/accounts', {
      token: ownAdmin,
      body: { name: unique('Two lines '), email: 'two@example.com', vendor_sid: vendor.sid, address },
    });
    expect(response.statusCode).toBe(201);
    expect(response.json().address).toEqual(address);

    const list = await own.call('GET', '/accounts', { token: ownAdmin });
    expect(list.statusCode).toBe(200);
  });

  it('clears a blank address2', async () => {
    const vendor = await own.createVendor(ownAdmin);
    const response = await own.call('POST', '/accounts', {
      token: ownAdmin,
      body: {
        name: unique('Blank line '),
        email: 'blank@example.com',
        vendor_sid: vendor.sid,
        address: { ...ACCOUNT_ADDRESS, address2: '' },
      },
    });
    expect(response.statusCode).toBe(201);
    const { address2, ...rest } = response.json().address;
    expect(rest).toEqual(ACCOUNT_ADDRESS);
    expect(address2 ?? null).toBeNull();
  });
});

describe('deleting the account an admin belongs to', () => {
  it('never removes the last admin', async () => {
    const solo = await createTestApp();
    try {
      const token = await solo.adminToken();
      const me = (await solo.call('GET', '/me', { token })).json();
      const account = await solo.createAccount(token);
      expect(
        (await solo.call('PUT', `/users/${me.sid}`, { token, body: { account_sid: account.sid } }))
          .statusCode,
      ).toBe(200);

      await solo.call('DELETE', `/accounts/${account.sid}`, { token });
      const login = await solo.call('POST', '/login', {
        body: { username: ADMIN_USERNAME, password: ADMIN_PASSWORD },
      });
      expect(login.statusCode).toBe(200);
    } finally {
      await solo.close();
    }
  });
});
