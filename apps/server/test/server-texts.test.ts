/**
 * Issue 21 item 2: every refusal answers its English msg for API clients and, beside it, the same words as a
 * catalogue key with params, which the web renders in the chosen language; validation details too.
 */
import { englishOf, renderText, type Text } from '@parcelops/shared';
import { describe, expect, it } from 'vitest';
import { openTestApp, unique } from './test-app.ts';

const { t, admin } = await openTestApp();

describe('a refusal answers key and params beside the English msg', () => {
  it('vendors: a vendor in use names the accounts, with the English plural', async () => {
    const vendor = await t.createVendor(admin);
    await t.createAccount(admin, { vendor_sid: vendor.sid });
    const one = await t.call('DELETE', `/vendors/${vendor.sid}`, { token: admin });
    expect(one.statusCode).toBe(409);
    expect(one.json()).toEqual({
      msg: `The vendor ${vendor.name} is used by 1 account and cannot be deleted.`,
      code: 'IN_USE',
      key: 'vendors.inUse',
      params: { name: vendor.name, count: 1 },
    });
    await t.createAccount(admin, { vendor_sid: vendor.sid });
    const two = (await t.call('DELETE', `/vendors/${vendor.sid}`, { token: admin })).json();
    expect(two.msg).toBe(`The vendor ${vendor.name} is used by 2 accounts and cannot be deleted.`);
    expect(renderText(two, 'vi')).toBe(
      `Nhà cung cấp ${vendor.name} đang được 2 tài khoản sử dụng nên không thể xóa.`,
    );
  });

  it('users: a username taken', async () => {
    const username = unique('taken');
    const body = { username, role: 1, initial_password: 'Staff#2026' };
    expect((await t.call('POST', '/users', { token: admin, body })).statusCode).toBe(201);
    const again = await t.call('POST', '/users', { token: admin, body });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({
      msg: `The username ${username} is already taken.`,
      code: 'CONFLICT',
      key: 'users.usernameTaken',
      params: { username },
    });
  });

  it('accounts: nothing to change, and the spec words of a refused role', async () => {
    const account = await t.createAccount(admin);
    const nothing = await t.call('PUT', `/accounts/${account.sid}`, { token: admin, body: {} });
    expect(nothing.statusCode).toBe(400);
    const body = nothing.json();
    expect(body).toMatchObject({ code: 'VALIDATION_FAILED', key: 'accounts.nothingToChange' });
    expect(body.msg).toBe(englishOf(body));
    expect(body.msg).toMatch(/^Nothing to change: give at least one of name, email, .* or a topup\.$/);

    const seller = await t.createUser(admin, { role: 0, account_sid: account.sid });
    const list = await t.call('GET', '/vendors', { token: seller.token });
    expect(list.json()).toEqual({
      msg: 'You do not have permissions to view vendors',
      code: 'FORBIDDEN',
      key: 'access.noPermissionViewVendors',
    });
    expect(renderText(list.json(), 'vi')).toBe('Bạn không có quyền xem nhà cung cấp');
  });

  it('auth: wrong credentials, and a call without a session', async () => {
    const login = await t.call('POST', '/login', {
      token: null,
      body: { username: 'admin', password: 'not-the-password' },
    });
    expect(login.json()).toEqual({
      msg: 'Login credentials are incorrect',
      code: 'INVALID_CREDENTIALS',
      key: 'auth.loginIncorrect',
    });
    const anonymous = await t.call('GET', '/users', { token: null });
    expect(anonymous.json()).toEqual({
      msg: 'You must log in to view that page',
      code: 'UNAUTHORIZED',
      key: 'access.mustLogIn',
    });
  });

  it('routing: an address no route serves', async () => {
    const response = await t.call('GET', '/no-such-thing', { token: admin });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({
      msg: 'No route GET /api/v1/no-such-thing',
      code: 'NOT_FOUND',
      key: 'requests.noRoute',
      params: { method: 'GET', path: '/api/v1/no-such-thing' },
    });
  });
});

describe('a validation 400', () => {
  it("names one field's problem with its key, the field's label a nested text", async () => {
    const response = await t.call('POST', '/hs_codes', {
      token: admin,
      body: { hs_code: '  ', description: 'x' },
    });
    expect(response.statusCode).toBe(400);
    const label = { key: 'field.hsCode' };
    expect(response.json()).toEqual({
      msg: 'HS code is required',
      code: 'VALIDATION_FAILED',
      key: 'validation.required',
      params: { label },
      details: [
        { path: 'hs_code', message: 'HS code is required', key: 'validation.required', params: { label } },
      ],
    });
    expect(renderText(response.json(), 'vi')).toBe('Mã HS không được để trống');
  });

  it('lists several, each detail with its key; the msg joins them in either language', async () => {
    const response = await t.call('POST', '/accounts', {
      token: admin,
      body: { name: '', email: 'not-an-email', vendor_sid: 'v', topup: 'lots', surprise: true },
    });
    expect(response.statusCode).toBe(400);
    const body = response.json() as {
      msg: string;
      key: string;
      params: Record<string, unknown>;
      details: { path: string; message: string; key: string; params?: Record<string, unknown> }[];
    };
    expect(body.details.map(({ path, key }) => ({ path, key }))).toEqual(
      expect.arrayContaining([
        { path: 'name', key: 'validation.required' },
        { path: 'email', key: 'validation.notValid' },
        { path: 'topup', key: 'validation.mustBeNumber' },
      ]),
    );
    for (const detail of body.details) {
      expect(detail.key).not.toBe('common.plain');
      expect(englishOf(detail as Text)).toBe(detail.message);
    }
    expect(body.key).toBe('common.invalidFields');
    expect(body.msg).toBe(
      `${body.details.length} fields are not valid: ${body.details.map((detail) => detail.message).join('; ')}`,
    );
    expect(englishOf(body as Text)).toBe(body.msg);
    expect(renderText(body as Text, 'vi')).toContain(
      `${body.details.length} trường không hợp lệ: Tên không được để trống; Email không hợp lệ`,
    );
  });

  it("maps zod's own messages to generic keys with their limits", async () => {
    const response = await t.call('GET', '/dashboard', { token: admin, query: { days: '1000' } });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      msg: 'days must be at most 90',
      key: 'validation.atMost',
      params: { label: 'days', max: 90 },
    });
    const filter = await t.call('GET', '/accounts', { token: admin, query: { filter: 'x'.repeat(201) } });
    expect(filter.statusCode).toBe(400);
    expect(filter.json()).toMatchObject({
      msg: 'Too big: expected string to have <=200 characters',
      key: 'validation.tooBigSize',
      params: { limit: '200', relation: '<=' },
    });
    expect(renderText(filter.json(), 'vi')).toBe('Quá dài: chuỗi cần có <=200 ký tự');
  });
});
