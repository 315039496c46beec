import type { ApiKey } from '@parcelops/shared';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { expectAccountNotFound, expectNoAccess } from '../../../test/expected-replies.ts';
import { expectFieldError } from '../../../test/test-app.ts';
import { openTestWorld } from '../../../test/test-world.ts';
import { apiKeys } from './api-keys.table.ts';

const { t, admin, accountA, accountB, sellerA, sellerB, operator } = await openTestWorld();

const listKeys = async (token: string, query?: Record<string, string>): Promise<ApiKey[]> => {
  const response = await t.call('GET', '/keys', { token, query });
  expect(response.statusCode).toBe(200);
  return response.json();
};

describe('admin', () => {
  it('creates and lists the keys of an account named with ?account_sid=', async () => {
    const created = await t.call('POST', '/keys', { token: admin, query: { account_sid: accountB.sid } });
    expect(created.statusCode).toBe(201);
    const key = created.json();
    expect(key).toEqual({
      sid: expect.any(String),
      account_sid: accountB.sid,
      token: expect.stringMatching(/^po_[\w-]{20,}$/),
      token_hint: expect.any(String),
      last_used: null,
      date_created: expect.any(String),
    });

    const listed = await listKeys(admin, { account_sid: accountB.sid });
    expect(listed).toContainEqual({
      sid: key.sid,
      account_sid: accountB.sid,
      token_hint: key.token_hint,
      last_used: null,
      date_created: key.date_created,
    });
  });

  it('must name the account (400 on account_sid), and an unknown one answers 404', async () => {
    for (const method of ['GET', 'POST'] as const) {
      const missing = await t.call(method, '/keys', { token: admin });
      expectFieldError(missing, 'account_sid', 'account_sid is required');
      const unknown = await t.call(method, '/keys', {
        token: admin,
        query: { account_sid: 'no-such-account' },
      });
      expectAccountNotFound(unknown);
    }
  });

  it("deletes any account's key", async () => {
    const key = await t.createApiKey(sellerB.token);
    const response = await t.call('DELETE', `/keys/${key.sid}`, { token: admin });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ sid: key.sid });
  });
});

describe('account user', () => {
  it('creates and lists keys of their own account, without naming it', async () => {
    const key = await t.createApiKey(sellerA.token);
    expect(key.account_sid).toBe(accountA.sid);
    const listed = await listKeys(sellerA.token);
    expect(listed.map((entry) => entry.sid)).toContain(key.sid);
    expect(listed.every((entry) => entry.account_sid === accountA.sid)).toBe(true);
    expect(
      (await listKeys(sellerA.token, { account_sid: accountA.sid })).map((entry) => entry.sid),
    ).toContain(key.sid);
  });

  it("is refused another account's keys with 403 'You do not have access.'", async () => {
    for (const method of ['GET', 'POST'] as const) {
      const response = await t.call(method, '/keys', {
        token: sellerA.token,
        query: { account_sid: accountB.sid },
      });
      expectNoAccess(response);
    }
    expect(
      (await listKeys(admin, { account_sid: accountB.sid })).every((key) => key.account_sid === accountB.sid),
    ).toBe(true);
  });

  it('creates a key from an empty body, also one sent as application/json', async () => {
    const bare = await t.app.inject({
      method: 'POST',
      url: '/api/v1/keys',
      headers: { authorization: `Bearer ${sellerA.token}` },
    });
    expect(bare.statusCode).toBe(201);
    expect(bare.json().token).toMatch(/^po_/);

    const json = await t.app.inject({
      method: 'POST',
      url: '/api/v1/keys',
      headers: { authorization: `Bearer ${sellerA.token}`, 'content-type': 'application/json' },
      payload: '',
    });
    expect(json.statusCode).toBe(201);
    expect(json.json().token).toMatch(/^po_/);
    expect(json.json().token).not.toBe(bare.json().token);
  });

  it("deletes their own key, and answers another account's key with 404", async () => {
    const own = await t.createApiKey(sellerA.token);
    const response = await t.call('DELETE', `/keys/${own.sid}`, { token: sellerA.token });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ sid: own.sid });
    expect((await listKeys(sellerA.token)).map((key) => key.sid)).not.toContain(own.sid);

    const others = await t.createApiKey(sellerB.token);
    const refused = await t.call('DELETE', `/keys/${others.sid}`, { token: sellerA.token });
    expect(refused.statusCode).toBe(404);
    expect(refused.json()).toEqual({ msg: 'API key not found.', code: 'NOT_FOUND', key: 'apiKeys.notFound' });
    expect((await t.call('GET', '/me', { token: sellerB.token })).statusCode).toBe(200);
    expect((await t.call('GET', `/accounts/${accountB.sid}`, { token: others.token })).statusCode).toBe(200);
  });

  it('answers an unknown key with 404', async () => {
    const response = await t.call('DELETE', '/keys/no-such-key', { token: sellerA.token });
    expect(response.statusCode).toBe(404);
  });
});

describe('operators', () => {
  it('cannot list, create or delete keys', async () => {
    const key = await t.createApiKey(sellerA.token);
    for (const [method, path] of [
      ['GET', '/keys'],
      ['POST', '/keys'],
      ['DELETE', `/keys/${key.sid}`],
    ] as const) {
      const response = await t.call(method, path, {
        token: operator.token,
        query: { account_sid: accountA.sid },
      });
      expect(response.statusCode).toBe(403);
      expect(response.json().code).toBe('FORBIDDEN');
    }
  });
});

describe('the token', () => {
  it('is shown once: the list holds only a hint of it', async () => {
    const key = await t.createApiKey(sellerA.token);
    const list = await t.call('GET', '/keys', { token: sellerA.token });
    expect(list.body).not.toContain(key.token);
    const listed = (list.json() as ApiKey[]).find((entry) => entry.sid === key.sid);
    expect(listed).not.toHaveProperty('token');
    expect(listed?.token_hint.startsWith(key.token.slice(0, 7))).toBe(true);
    expect(listed?.token_hint.endsWith(key.token.slice(-4))).toBe(true);
    expect(listed?.token_hint.length).toBeLessThan(key.token.length / 2);
  });

  it('acts as its account: its own account yes, anything else no', async () => {
    const key = await t.createApiKey(sellerA.token);
    const own = await t.call('GET', `/accounts/${accountA.sid}`, { token: key.token });
    expect(own.statusCode).toBe(200);
    expect(own.json().sid).toBe(accountA.sid);

    const other = await t.call('GET', `/accounts/${accountB.sid}`, { token: key.token });
    expectNoAccess(other);

    expect((await t.call('GET', '/vendors', { token: key.token })).statusCode).toBe(403);
  });

  it('cannot manage people or keys', async () => {
    const key = await t.createApiKey(sellerA.token);
    const refused = {
      msg: 'API keys cannot be used for this call.',
      code: 'FORBIDDEN',
      key: 'access.apiKeyNotAllowed',
    };
    for (const [method, path] of [
      ['GET', '/users'],
      ['GET', `/users/${sellerA.user.sid}`],
      ['GET', '/me'],
      ['GET', '/keys'],
      ['POST', '/keys'],
      ['DELETE', `/keys/${key.sid}`],
    ] as const) {
      const response = await t.call(method, path, { token: key.token });
      expect(response.statusCode, `${method} ${path}`).toBe(403);
      expect(response.json()).toEqual(refused);
    }
    const createUser = await t.call('POST', '/users', {
      token: key.token,
      body: { username: 'made-by-key', role: 0, account_sid: accountA.sid, initial_password: 'Start#1234' },
    });
    expect(createUser.statusCode).toBe(403);
    expect(createUser.json()).toEqual(refused);
  });

  it('records last_used once it is used', async () => {
    const key = await t.createApiKey(sellerA.token);
    expect(key.last_used).toBeNull();
    const before = Date.now();
    expect((await t.call('GET', `/accounts/${accountA.sid}`, { token: key.token })).statusCode).toBe(200);
    const listed = (await listKeys(sellerA.token)).find((entry) => entry.sid === key.sid);
    expect(listed?.last_used).toEqual(expect.any(String));
    expect(new Date(listed?.last_used ?? 0).getTime()).toBeGreaterThanOrEqual(before - 1000);
  });

  it('is stored only as a hash', async () => {
    const key = await t.createApiKey(sellerA.token);
    const [row] = await t.database.db.select().from(apiKeys).where(eq(apiKeys.sid, key.sid));
    expect(row?.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(row?.tokenHash).not.toBe(key.token);
    // Every column of the row, as the database holds it.
    const raw = JSON.stringify(
      await t.database.db.execute(sql`select * from api_keys where sid = ${key.sid}`),
    );
    expect(raw).toContain(key.sid);
    expect(raw).not.toContain(key.token);
    expect(raw).not.toContain(key.token.slice(3));
  });

  it("answers 401 'The API key is not valid.' once deleted, and for a made-up key", async () => {
    const key = await t.createApiKey(sellerA.token);
    expect((await t.call('DELETE', `/keys/${key.sid}`, { token: sellerA.token })).statusCode).toBe(200);
    for (const token of [key.token, 'po_made-up-token-that-was-never-issued']) {
      const response = await t.call('GET', `/accounts/${accountA.sid}`, { token });
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({
        msg: 'The API key is not valid.',
        code: 'UNAUTHORIZED',
        key: 'auth.apiKeyInvalid',
      });
    }
  });
});
