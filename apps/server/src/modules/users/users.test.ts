import type { User } from '@parcelops/shared';
import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import { expectNoAccess } from '../../../test/expected-replies.ts';
import {
  ADMIN_PASSWORD,
  ADMIN_USERNAME,
  createTestApp,
  expectFieldError,
  USER_PASSWORD,
  unique,
} from '../../../test/test-app.ts';
import { openTestWorld } from '../../../test/test-world.ts';
import { users as usersTable } from './users.table.ts';

const INITIAL = 'Start#1234';

/** Account A's seller has a username of its own, for the search tests. */
const { t, admin, accountA, accountB, sellerA, sellerB, operator } = await openTestWorld({
  sellerAUsername: unique('Alpha.Seller'),
});

/** Creates a user through the API (no sign-in) and returns it. */
async function addUser(token: string, body: Record<string, unknown>): Promise<User> {
  const response = await t.call('POST', '/users', {
    token,
    body: { username: unique('u'), initial_password: INITIAL, ...body },
  });
  expect(response.statusCode).toBe(201);
  return response.json();
}

const sids = (users: User[]) => users.map((user) => user.sid);

/** 403 for a caller who may not manage users (an operator, or an account user by API key). */
function expectNotUserManager(response: LightMyRequestResponse): void {
  expect(response.statusCode).toBe(403);
  expect(response.json()).toEqual({
    msg: 'You do not have permissions to view users',
    code: 'FORBIDDEN',
    key: 'access.noPermissionViewUsers',
  });
}

describe('GET /users', () => {
  it('shows the admin every user, with the user fields and no password', async () => {
    const response = await t.call('GET', '/users', { token: admin });
    expect(response.statusCode).toBe(200);
    const users: User[] = response.json();
    expect(sids(users)).toEqual(
      expect.arrayContaining([sellerA.user.sid, sellerB.user.sid, operator.user.sid]),
    );
    const mine = users.find((user) => user.sid === sellerA.user.sid);
    expect(mine).toEqual({
      sid: sellerA.user.sid,
      username: sellerA.user.username,
      role: 0,
      access: 'account',
      account_sid: accountA.sid,
      account_name: accountA.name,
      force_change: false,
      date_created: expect.any(String),
    });
    expect(response.body).not.toMatch(/password|scrypt\$/i);
  });

  it('filters by role, by account and by a part of the username (any letter case)', async () => {
    const byRole: User[] = (await t.call('GET', '/users', { token: admin, query: { role: '1' } })).json();
    expect(byRole.length).toBeGreaterThan(0);
    expect(byRole.every((user) => user.role === 1)).toBe(true);
    expect(sids(byRole)).toContain(operator.user.sid);

    const byAccount: User[] = (
      await t.call('GET', '/users', { token: admin, query: { account_sid: accountB.sid } })
    ).json();
    expect(sids(byAccount)).toEqual([sellerB.user.sid]);

    const byText: User[] = (
      await t.call('GET', '/users', { token: admin, query: { filter: 'PHA.SELL' } })
    ).json();
    expect(sids(byText)).toEqual([sellerA.user.sid]);
  });

  it('treats % and _ in the filter literally', async () => {
    const response = await t.call('GET', '/users', { token: admin, query: { filter: '%' } });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual([]);
  });

  it('refuses an unknown role filter with 400', async () => {
    const response = await t.call('GET', '/users', { token: admin, query: { role: '7' } });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'VALIDATION_FAILED', details: [{ path: 'role' }] });
  });

  it("shows an account user only their own account's users", async () => {
    const colleague = await addUser(admin, { role: 0, account_sid: accountA.sid });
    const response = await t.call('GET', '/users', { token: sellerA.token });
    expect(response.statusCode).toBe(200);
    const users: User[] = response.json();
    expect(sids(users)).toEqual(expect.arrayContaining([sellerA.user.sid, colleague.sid]));
    expect(users.every((user) => user.account_sid === accountA.sid)).toBe(true);

    const own = await t.call('GET', '/users', { token: sellerA.token, query: { account_sid: accountA.sid } });
    expect(own.statusCode).toBe(200);
  });

  it("keeps staff attached to the account out of an account user's sight", async () => {
    const staff = await addUser(admin, { role: 1, account_sid: accountA.sid });
    const list = await t.call('GET', '/users', { token: sellerA.token });
    expect(sids(list.json())).not.toContain(staff.sid);
    expect((await t.call('GET', `/users/${staff.sid}`, { token: sellerA.token })).statusCode).toBe(404);
    const asOperators = await t.call('GET', '/users', { token: sellerA.token, query: { role: '1' } });
    expect(asOperators.json()).toEqual([]);
  });

  it("answers an account user asking for another account's users with 403", async () => {
    const response = await t.call('GET', '/users', {
      token: sellerA.token,
      query: { account_sid: accountB.sid },
    });
    expectNoAccess(response);
  });

  it('refuses operators, API keys and anonymous callers', async () => {
    const asOperator = await t.call('GET', '/users', { token: operator.token });
    expectNotUserManager(asOperator);

    const key = await t.createApiKey(sellerA.token);
    const asKey = await t.call('GET', '/users', { token: key.token });
    expect(asKey.statusCode).toBe(403);
    expect(asKey.json().code).toBe('FORBIDDEN');

    const anonymous = await t.call('GET', '/users');
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toEqual({
      msg: 'You must log in to view that page',
      code: 'UNAUTHORIZED',
      key: 'access.mustLogIn',
    });
  });
});

describe('GET /users/{id}', () => {
  it('always shows a user themselves, whatever the role', async () => {
    for (const { user, token } of [sellerA, operator]) {
      const response = await t.call('GET', `/users/${user.sid}`, { token });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({ sid: user.sid, username: user.username, role: user.role });
    }
  });

  it("shows an account user a colleague, and answers another account's user with 404", async () => {
    const colleague = await addUser(admin, { role: 0, account_sid: accountA.sid });
    expect((await t.call('GET', `/users/${colleague.sid}`, { token: sellerA.token })).statusCode).toBe(200);

    const response = await t.call('GET', `/users/${sellerB.user.sid}`, { token: sellerA.token });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ msg: 'User not found.', code: 'NOT_FOUND', key: 'users.notFound' });
  });

  it('answers an operator asking for someone else with 404, and an admin with the user', async () => {
    expect((await t.call('GET', `/users/${sellerA.user.sid}`, { token: operator.token })).statusCode).toBe(
      404,
    );
    const response = await t.call('GET', `/users/${sellerA.user.sid}`, { token: admin });
    expect(response.statusCode).toBe(200);
    expect(response.json().sid).toBe(sellerA.user.sid);
  });

  it('answers an unknown sid with 404', async () => {
    const response = await t.call('GET', '/users/no-such-user', { token: admin });
    expect(response.statusCode).toBe(404);
    expect(response.json().code).toBe('NOT_FOUND');
  });
});

describe('POST /users', () => {
  it('lets an admin create a user of any role, with force_change set and no password in the reply', async () => {
    for (const [role, accountSid] of [
      [0, accountA.sid],
      [1, null],
      [2, null],
    ] as const) {
      const username = unique('new');
      const response = await t.call('POST', '/users', {
        token: admin,
        body: { username, role, account_sid: accountSid, initial_password: INITIAL },
      });
      expect(response.statusCode).toBe(201);
      expect(response.json()).toEqual({
        sid: expect.any(String),
        username,
        role,
        access: ['account', 'operator', 'admin'][role],
        account_sid: accountSid,
        account_name: accountSid ? accountA.name : null,
        force_change: true,
        date_created: expect.any(String),
      });
      expect(response.body).not.toContain(INITIAL);
      expect(response.body).not.toMatch(/password|hash|scrypt/i);
      const login = await t.login(username, INITIAL);
      expect(login.force_change).toBe(true);
    }
  });

  it('lets an account user add account users to their own account only', async () => {
    const created = await addUser(sellerA.token, { role: 0, account_sid: accountA.sid });
    expect(created).toMatchObject({ role: 0, account_sid: accountA.sid, force_change: true });

    const otherAccount = await t.call('POST', '/users', {
      token: sellerA.token,
      body: { username: unique('u'), role: 0, account_sid: accountB.sid, initial_password: INITIAL },
    });
    expectNoAccess(otherAccount);

    for (const role of [1, 2]) {
      const response = await t.call('POST', '/users', {
        token: sellerA.token,
        body: { username: unique('u'), role, account_sid: accountA.sid, initial_password: INITIAL },
      });
      expect(response.statusCode).toBe(403);
      expect(response.json().code).toBe('FORBIDDEN');
    }
  });

  it('refuses operators', async () => {
    const response = await t.call('POST', '/users', {
      token: operator.token,
      body: { username: unique('u'), role: 0, account_sid: accountA.sid, initial_password: INITIAL },
    });
    expectNotUserManager(response);
  });

  it('requires an account for an account user (400 on account_sid)', async () => {
    for (const accountSid of [undefined, null, '']) {
      const response = await t.call('POST', '/users', {
        token: admin,
        body: { username: unique('u'), role: 0, account_sid: accountSid, initial_password: INITIAL },
      });
      expectFieldError(response, 'account_sid', 'Account is required for account users');
    }
  });

  it('refuses an account that does not exist', async () => {
    const response = await t.call('POST', '/users', {
      token: admin,
      body: { username: unique('u'), role: 0, account_sid: 'no-such-account', initial_password: INITIAL },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().details).toEqual([
      { path: 'account_sid', message: 'Account not found.', key: 'accounts.notFound' },
    ]);
  });

  it('refuses a username already taken, in any letter case, with 409', async () => {
    const username = unique('Dupe');
    await addUser(admin, { username, role: 1 });
    for (const again of [username, username.toLowerCase(), username.toUpperCase()]) {
      const response = await t.call('POST', '/users', {
        token: admin,
        body: { username: again, role: 1, initial_password: INITIAL },
      });
      expect(response.statusCode).toBe(409);
      expect(response.json()).toEqual({
        msg: `The username ${again} is already taken.`,
        code: 'CONFLICT',
        key: 'users.usernameTaken',
        params: { username: again },
      });
    }
  });

  it('refuses weak initial passwords with 400 on initial_password', async () => {
    for (const [password, message, words] of [
      [
        'Ab#1',
        'Password must be at least 6 characters',
        { key: 'validation.minChars', params: { label: { key: 'field.password' }, min: 6 } },
      ],
      ['abcdef#', 'Password must contain a digit', { key: 'auth.passwordNeedsDigit' }],
      ['123456#', 'Password must contain a letter', { key: 'auth.passwordNeedsLetter' }],
      ['abc1234', 'Password must contain a special character', { key: 'auth.passwordNeedsSpecial' }],
    ] as const) {
      const response = await t.call('POST', '/users', {
        token: admin,
        body: { username: unique('u'), role: 1, initial_password: password },
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().details).toEqual([{ path: 'initial_password', message, ...words }]);
    }
  });

  it('refuses an unknown role, a bad username and a missing body with 400 naming the fields', async () => {
    const badRole = await t.call('POST', '/users', {
      token: admin,
      body: { username: unique('u'), role: 7, initial_password: INITIAL },
    });
    expect(badRole.statusCode).toBe(400);
    expect(badRole.json().details).toEqual([
      {
        path: 'role',
        message: 'Role must be 0 (account), 1 (operator) or 2 (admin)',
        key: 'users.roleInvalid',
      },
    ]);

    const badName = await t.call('POST', '/users', {
      token: admin,
      body: { username: 'has space', role: 1, initial_password: INITIAL },
    });
    expect(badName.statusCode).toBe(400);
    expect(badName.json().details).toEqual([
      {
        path: 'username',
        message: 'Username may contain letters, digits and . _ @ - only',
        key: 'users.usernameCharacters',
      },
    ]);

    const empty = await t.call('POST', '/users', { token: admin, body: {} });
    expect(empty.statusCode).toBe(400);
    expect(
      empty
        .json()
        .details.map((d: { path: string }) => d.path)
        .sort(),
    ).toEqual(expect.arrayContaining(['initial_password', 'role', 'username']));
  });
});

describe('PUT /users/{id}', () => {
  it('lets an admin change username, role and account', async () => {
    const user = await addUser(admin, { role: 0, account_sid: accountA.sid });
    const username = unique('renamed');
    const response = await t.call('PUT', `/users/${user.sid}`, {
      token: admin,
      body: { username, account_sid: accountB.sid },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      sid: user.sid,
      username,
      account_sid: accountB.sid,
      account_name: accountB.name,
    });

    const promoted = await t.call('PUT', `/users/${user.sid}`, {
      token: admin,
      body: { role: 1, account_sid: null },
    });
    expect(promoted.statusCode).toBe(200);
    expect(promoted.json()).toMatchObject({ role: 1, access: 'operator', account_sid: null });
  });

  it('refuses to make an account user without an account', async () => {
    const user = await addUser(admin, { role: 1 });
    const response = await t.call('PUT', `/users/${user.sid}`, { token: admin, body: { role: 0 } });
    expect(response.statusCode).toBe(400);
    expect(response.json().details).toEqual([
      { path: 'account_sid', message: 'Account is required for account users', key: 'users.accountRequired' },
    ]);
  });

  it('refuses a username taken by someone else, in another letter case, with 409', async () => {
    const user = await addUser(admin, { role: 1 });
    const response = await t.call('PUT', `/users/${user.sid}`, {
      token: admin,
      body: { username: sellerB.user.username.toUpperCase() },
    });
    expect(response.statusCode).toBe(409);
    expect(response.json().code).toBe('CONFLICT');
  });

  it('sets force_change when a new password is given, and retires the old sessions', async () => {
    const target = await t.createUser(admin, { role: 0, account_sid: accountA.sid });
    expect((await t.call('GET', '/me', { token: target.token })).statusCode).toBe(200);

    const response = await t.call('PUT', `/users/${target.user.sid}`, {
      token: admin,
      body: { password: 'Reset#999' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().force_change).toBe(true);
    expect(response.body).not.toContain('Reset#999');

    const stale = await t.call('GET', '/me', { token: target.token });
    expect(stale.statusCode).toBe(401);
    expect(stale.json().code).toBe('UNAUTHORIZED');
    const login = await t.login(target.user.username, 'Reset#999');
    expect(login.force_change).toBe(true);
    expect(
      (await t.call('POST', '/login', { body: { username: target.user.username, password: USER_PASSWORD } }))
        .statusCode,
    ).toBe(401);
  });

  it("applies a changed role to the user's existing session at once", async () => {
    const demoted = await t.createUser(admin, { role: 2 });
    expect((await t.call('GET', '/vendors', { token: demoted.token })).statusCode).toBe(200);
    const response = await t.call('PUT', `/users/${demoted.user.sid}`, {
      token: admin,
      body: { role: 0, account_sid: accountB.sid },
    });
    expect(response.statusCode).toBe(200);
    const after = await t.call('GET', '/vendors', { token: demoted.token });
    expect(after.statusCode).toBe(403);
    expect(after.json()).toEqual({
      msg: 'You do not have permissions to view vendors',
      code: 'FORBIDDEN',
      key: 'access.noPermissionViewVendors',
    });
    expect((await t.call('GET', `/accounts/${accountA.sid}`, { token: demoted.token })).statusCode).toBe(403);
  });

  it('refuses a weak new password', async () => {
    const user = await addUser(admin, { role: 1 });
    const response = await t.call('PUT', `/users/${user.sid}`, {
      token: admin,
      body: { password: 'abcdef' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().details[0].path).toBe('password');
  });

  it('lets an account user edit users of their own account, only as account users', async () => {
    const colleague = await addUser(admin, { role: 0, account_sid: accountA.sid });
    const username = unique('mate');
    const renamed = await t.call('PUT', `/users/${colleague.sid}`, {
      token: sellerA.token,
      body: { username },
    });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json().username).toBe(username);

    const promote = await t.call('PUT', `/users/${colleague.sid}`, {
      token: sellerA.token,
      body: { role: 2 },
    });
    expect(promote.statusCode).toBe(403);
    expect(promote.json().code).toBe('FORBIDDEN');

    const move = await t.call('PUT', `/users/${colleague.sid}`, {
      token: sellerA.token,
      body: { account_sid: accountB.sid },
    });
    expectNoAccess(move);

    const other = await t.call('PUT', `/users/${sellerB.user.sid}`, {
      token: sellerA.token,
      body: { username: unique('x') },
    });
    expect(other.statusCode).toBe(404);
  });

  it('refuses operators', async () => {
    const response = await t.call('PUT', `/users/${operator.user.sid}`, {
      token: operator.token,
      body: { username: unique('op') },
    });
    expectNotUserManager(response);
  });
});

describe('DELETE /users/{id}', () => {
  it('lets an account user delete a colleague, but not a user of another account (404)', async () => {
    const colleague = await addUser(admin, { role: 0, account_sid: accountA.sid });
    const response = await t.call('DELETE', `/users/${colleague.sid}`, { token: sellerA.token });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ sid: colleague.sid });
    expect((await t.call('GET', `/users/${colleague.sid}`, { token: admin })).statusCode).toBe(404);

    const other = await t.call('DELETE', `/users/${sellerB.user.sid}`, { token: sellerA.token });
    expect(other.statusCode).toBe(404);
    expect(other.json()).toEqual({ msg: 'User not found.', code: 'NOT_FOUND', key: 'users.notFound' });
    expect((await t.call('GET', `/users/${sellerB.user.sid}`, { token: admin })).statusCode).toBe(200);
  });

  it('lets an admin delete any user, and answers an unknown sid with 404', async () => {
    const user = await addUser(admin, { role: 0, account_sid: accountB.sid });
    expect((await t.call('DELETE', `/users/${user.sid}`, { token: admin })).statusCode).toBe(200);
    const again = await t.call('DELETE', `/users/${user.sid}`, { token: admin });
    expect(again.statusCode).toBe(404);
    expect(again.json().code).toBe('NOT_FOUND');
  });

  it('refuses operators', async () => {
    const user = await addUser(admin, { role: 0, account_sid: accountA.sid });
    const response = await t.call('DELETE', `/users/${user.sid}`, { token: operator.token });
    expect(response.statusCode).toBe(403);
    expect((await t.call('GET', `/users/${user.sid}`, { token: admin })).statusCode).toBe(200);
  });

  it('lets users delete themselves; their token then answers 401', async () => {
    const seller = await t.createUser(admin, { role: 0, account_sid: accountA.sid });
    const response = await t.call('DELETE', `/users/${seller.user.sid}`, { token: seller.token });
    expect(response.statusCode).toBe(200);
    const after = await t.call('GET', `/accounts/${accountA.sid}`, { token: seller.token });
    expect(after.statusCode).toBe(401);
    expect(after.json().code).toBe('UNAUTHORIZED');

    const secondAdmin = await t.createUser(admin, { role: 2 });
    expect(
      (await t.call('DELETE', `/users/${secondAdmin.user.sid}`, { token: secondAdmin.token })).statusCode,
    ).toBe(200);
    expect((await t.call('GET', '/vendors', { token: secondAdmin.token })).statusCode).toBe(401);
  });
});

describe('the last admin', () => {
  it('can be neither deleted nor demoted (409), while another admin exists it can', async () => {
    const solo = await createTestApp();
    try {
      const token = await solo.adminToken();
      const me = (await solo.call('GET', '/me', { token })).json();
      const account = await solo.createAccount(token);

      const deleted = await solo.call('DELETE', `/users/${me.sid}`, { token });
      expect(deleted.statusCode).toBe(409);
      expect(deleted.json()).toEqual({
        msg: 'There must always be at least one admin.',
        code: 'CONFLICT',
        key: 'users.lastAdmin',
      });

      const demoted = await solo.call('PUT', `/users/${me.sid}`, {
        token,
        body: { role: 0, account_sid: account.sid },
      });
      expect(demoted.statusCode).toBe(409);
      expect(demoted.json().code).toBe('CONFLICT');
      expect((await solo.login(ADMIN_USERNAME, ADMIN_PASSWORD)).token).toEqual(expect.any(String));
      expect((await solo.call('GET', '/me', { token })).json()).toMatchObject({ role: 2 });

      await solo.createUser(token, { role: 2 });
      expect((await solo.call('DELETE', `/users/${me.sid}`, { token })).statusCode).toBe(200);
    } finally {
      await solo.close();
    }
  });

  it('survives two admins deleting themselves at the same moment', async () => {
    // Only real PostgreSQL runs the two requests in parallel transactions; a few rounds make a race show.
    const solo = await createTestApp();
    try {
      const token = await solo.adminToken();
      let current = { sid: (await solo.call('GET', '/me', { token })).json().sid as string, token };
      for (let round = 0; round < 8; round++) {
        const other = await solo.createUser(current.token, { role: 2 });
        const pair = [current, { sid: other.user.sid, token: other.token }];
        const statuses = await Promise.all(
          pair.map(
            async (admin) =>
              (await solo.call('DELETE', `/users/${admin.sid}`, { token: admin.token })).statusCode,
          ),
        );
        const left = await solo.database.db
          .select({ sid: usersTable.sid })
          .from(usersTable)
          .where(eq(usersTable.role, 2));
        expect(left, `round ${round}, statuses ${statuses.join(' and ')}`).toHaveLength(1);
        expect(statuses.sort()).toEqual([200, 409]);
        current = pair.find((admin) => admin.sid === left[0]?.sid) ?? current;
      }
    } finally {
      await solo.close();
    }
  });
});
