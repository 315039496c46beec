/**
 * Issue 21 item 5: everyone (admin, operator, account user) changes their own password, not only at the first
 * sign-in: PUT /users/{own sid}/password with the old one answers 204, ends every earlier session of theirs
 * (this one and another device's), and the new password signs in. Nobody changes another's this way.
 */
import { describe, expect, it } from 'vitest';
import { openTestApp, USER_PASSWORD } from '../../../test/test-app.ts';

const { t, admin } = await openTestApp();
const account = await t.createAccount(admin);

const ROLES = [
  { name: 'admin', role: 2, account_sid: null },
  { name: 'operator', role: 1, account_sid: null },
  { name: 'account user', role: 0, account_sid: account.sid },
] as const;

describe.each(ROLES)('an $name changing their own password', ({ role, account_sid }) => {
  it('answers 204, ends every earlier session, and the new password signs in', async () => {
    const { user, token } = await t.createUser(admin, { role, account_sid });
    const otherDevice = (await t.login(user.username, USER_PASSWORD)).token;
    const next = `New#${role}pass`;

    const changed = await t.call('PUT', `/users/${user.sid}/password`, {
      token,
      body: { old_password: USER_PASSWORD, new_password: next },
    });
    expect(changed.statusCode, changed.body).toBe(204);
    expect(changed.body).toBe('');

    for (const stale of [token, otherDevice]) {
      expect((await t.call('GET', '/me', { token: stale })).statusCode).toBe(401);
    }
    const oldLogin = await t.call('POST', '/login', {
      body: { username: user.username, password: USER_PASSWORD },
    });
    expect(oldLogin.statusCode).toBe(401);
    const session = await t.login(user.username, next);
    expect(session.force_change).toBe(false);
    const me = await t.call('GET', '/me', { token: session.token });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({ sid: user.sid, role, force_change: false });
  });

  it('refuses a wrong old password, a weak new one or the same one, and the session goes on', async () => {
    const { user, token } = await t.createUser(admin, { role, account_sid });
    const attempts = [
      { body: { old_password: 'Wrong#123', new_password: 'Other#456' }, path: 'old_password' },
      { body: { old_password: USER_PASSWORD, new_password: 'abcdef' }, path: 'new_password' },
      { body: { old_password: USER_PASSWORD, new_password: USER_PASSWORD }, path: 'new_password' },
    ];
    for (const { body, path } of attempts) {
      const refused = await t.call('PUT', `/users/${user.sid}/password`, { token, body });
      expect(refused.statusCode, refused.body).toBe(400);
      expect(refused.json().details.map((detail: { path: string }) => detail.path)).toContain(path);
    }
    expect((await t.call('GET', '/me', { token })).statusCode).toBe(200);
  });
});

describe('changing a password through the own-password call', () => {
  it("is refused for another user's, even to an admin, and to an API key", async () => {
    const seller = await t.createUser(admin, { role: 0, account_sid: account.sid });
    const operator = await t.createUser(admin, { role: 1 });
    for (const token of [admin, operator.token]) {
      const response = await t.call('PUT', `/users/${seller.user.sid}/password`, {
        token,
        body: { old_password: USER_PASSWORD, new_password: 'Other#4567' },
      });
      expect(response.statusCode, response.body).toBe(403);
    }
    const key = await t.createApiKey(seller.token);
    const byKey = await t.call('PUT', `/users/${seller.user.sid}/password`, {
      token: key.token,
      body: { old_password: USER_PASSWORD, new_password: 'Other#4567' },
    });
    expect(byKey.statusCode).toBe(403);
    // The seller's own password is still the old one.
    expect((await t.login(seller.user.username, USER_PASSWORD)).force_change).toBe(false);
  });
});
