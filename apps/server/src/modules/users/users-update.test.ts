/**
 * PUT /users/{id}: one's own password changes only with the old one (a stolen session must not be enough to
 * take the account), and an update that would change nothing is the caller's mistake (400), not a 500.
 */
import type { User } from '@parcelops/shared';
import { describe, expect, it } from 'vitest';
import { openTestApp, USER_PASSWORD } from '../../../test/test-app.ts';

const NEW_PASSWORD = 'Taken#2026';

const { t, admin } = await openTestApp();
const account = await t.createAccount(admin);

const put = (sid: string, token: string, body: unknown) => t.call('PUT', `/users/${sid}`, { token, body });

async function expectPasswordUnchanged(user: User) {
  const session = await t.login(user.username, USER_PASSWORD);
  expect(session.force_change).toBe(false);
  const refused = await t.call('POST', '/login', {
    body: { username: user.username, password: NEW_PASSWORD },
  });
  expect(refused.statusCode).toBe(401);
}

describe('PUT /users/{own sid} with a password', () => {
  it('is refused for admins and account users alike, pointing to the password change', async () => {
    const staff = await t.createUser(admin, { role: 2 });
    const seller = await t.createUser(admin, { role: 0, account_sid: account.sid });
    for (const { user, token } of [staff, seller]) {
      const response = await put(user.sid, token, { password: NEW_PASSWORD });
      expect(response.statusCode, response.body).toBe(400);
      const message = `Your own password can only be changed with your old password, through the password change (PUT /users/${user.sid}/password).`;
      const words = { key: 'users.ownPasswordThroughChange', params: { sid: user.sid } };
      expect(response.json()).toEqual({
        msg: message,
        code: 'VALIDATION_FAILED',
        ...words,
        details: [{ path: 'password', message, ...words }],
      });
      await expectPasswordUnchanged(user);
      // The session that asked is still good: nothing was changed.
      expect((await t.call('GET', '/me', { token })).statusCode).toBe(200);
    }
  });

  it('changes nothing else given with it', async () => {
    const staff = await t.createUser(admin, { role: 2 });
    const response = await put(staff.user.sid, staff.token, {
      username: 'renamed.admin',
      password: NEW_PASSWORD,
    });
    expect(response.statusCode).toBe(400);
    const after = await t.call('GET', `/users/${staff.user.sid}`, { token: admin });
    expect(after.json().username).toBe(staff.user.username);
  });

  it("still lets an admin set another user's password, which they must replace at the next sign-in", async () => {
    const seller = await t.createUser(admin, { role: 0, account_sid: account.sid });
    const response = await put(seller.user.sid, admin, { password: NEW_PASSWORD });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().force_change).toBe(true);
    expect((await t.login(seller.user.username, NEW_PASSWORD)).force_change).toBe(true);
  });

  it('leaves the password change with the old password working', async () => {
    const staff = await t.createUser(admin, { role: 2 });
    const response = await t.call('PUT', `/users/${staff.user.sid}/password`, {
      token: staff.token,
      body: { old_password: USER_PASSWORD, new_password: NEW_PASSWORD },
    });
    expect(response.statusCode, response.body).toBe(204);
    expect((await t.login(staff.user.username, NEW_PASSWORD)).force_change).toBe(false);
  });

  it('lets users still rename themselves', async () => {
    const seller = await t.createUser(admin, { role: 0, account_sid: account.sid });
    const username = `${seller.user.username}.x`;
    const response = await put(seller.user.sid, seller.token, { username });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().username).toBe(username);
  });
});

describe('PUT /users/{id} with nothing to change', () => {
  it('answers 400 for an empty or effectively empty body, for oneself and for others', async () => {
    const seller = await t.createUser(admin, { role: 0, account_sid: account.sid });
    const calls: [string, string, unknown][] = [
      [seller.user.sid, seller.token, {}],
      [seller.user.sid, admin, {}],
      // Unknown keys are dropped by validation, which leaves nothing.
      [seller.user.sid, admin, { nickname: 'x' }],
    ];
    for (const [sid, token, body] of calls) {
      const response = await put(sid, token, body);
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json()).toEqual({
        msg: 'Nothing to change: give at least one of username, role, account_sid, password.',
        code: 'VALIDATION_FAILED',
        key: 'users.nothingToChange',
        params: { fields: 'username, role, account_sid, password' },
      });
    }
    const after = await t.call('GET', `/users/${seller.user.sid}`, { token: admin });
    expect(after.json()).toMatchObject({ username: seller.user.username, force_change: false });
  });
});
