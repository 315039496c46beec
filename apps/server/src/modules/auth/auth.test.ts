import { createSigner } from 'fast-jwt';
import { describe, expect, it } from 'vitest';
import {
  ADMIN_PASSWORD,
  ADMIN_USERNAME,
  createTestApp,
  openTestApp,
  testConfig,
  USER_PASSWORD,
} from '../../../test/test-app.ts';

const { t } = await openTestApp();

describe('POST /login', () => {
  it('signs the bootstrap admin in with a token that carries role and account_sid', async () => {
    const response = await t.call('POST', '/login', {
      body: { username: ADMIN_USERNAME, password: ADMIN_PASSWORD },
    });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({
      force_change: false,
      user_sid: expect.any(String),
      token: expect.any(String),
    });
    const payload = JSON.parse(Buffer.from(body.token.split('.')[1], 'base64url').toString('utf8'));
    expect(payload).toMatchObject({
      sub: body.user_sid,
      role: 2,
      account_sid: null,
      username: ADMIN_USERNAME,
    });
  });

  it('refuses a wrong password and an unknown user with the same message', async () => {
    for (const body of [
      { username: ADMIN_USERNAME, password: 'wrong-password1!' },
      { username: 'nobody-here', password: ADMIN_PASSWORD },
    ]) {
      const response = await t.call('POST', '/login', { body });
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({
        msg: 'Login credentials are incorrect',
        code: 'INVALID_CREDENTIALS',
        key: 'auth.loginIncorrect',
      });
    }
  });

  it('answers missing fields with a 400 naming them', async () => {
    const response = await t.call('POST', '/login', { body: { username: '' } });
    expect(response.statusCode).toBe(400);
    const body = response.json();
    expect(body.code).toBe('VALIDATION_FAILED');
    expect(body.details.map((d: { path: string }) => d.path).sort()).toEqual(['password', 'username']);
  });

  it('accepts the username in any letter case', async () => {
    const response = await t.call('POST', '/login', {
      body: { username: ADMIN_USERNAME.toUpperCase(), password: ADMIN_PASSWORD },
    });
    expect(response.statusCode).toBe(200);
  });
});

describe('forced password change', () => {
  it('lets a new user do nothing but change the password, then retires the old session', async () => {
    const admin = await t.adminToken();
    const account = await t.createAccount(admin);
    const created = await t.call('POST', '/users', {
      token: admin,
      body: { username: 'first-timer', role: 0, account_sid: account.sid, initial_password: 'Start#1234' },
    });
    expect(created.statusCode).toBe(201);
    const user = created.json();

    const first = await t.login('first-timer', 'Start#1234');
    expect(first.force_change).toBe(true);
    const blocked = await t.call('GET', `/accounts/${account.sid}`, { token: first.token });
    expect(blocked.statusCode).toBe(403);
    expect(blocked.json().code).toBe('PASSWORD_CHANGE_REQUIRED');

    const wrongOld = await t.call('PUT', `/users/${user.sid}/password`, {
      token: first.token,
      body: { old_password: 'Nope#1234', new_password: USER_PASSWORD },
    });
    expect(wrongOld.statusCode).toBe(400);
    expect(wrongOld.json().details[0].path).toBe('old_password');

    const weak = await t.call('PUT', `/users/${user.sid}/password`, {
      token: first.token,
      body: { old_password: 'Start#1234', new_password: 'abcdef' },
    });
    expect(weak.statusCode).toBe(400);

    const changed = await t.call('PUT', `/users/${user.sid}/password`, {
      token: first.token,
      body: { old_password: 'Start#1234', new_password: USER_PASSWORD },
    });
    expect(changed.statusCode).toBe(204);

    const stale = await t.call('GET', `/accounts/${account.sid}`, { token: first.token });
    expect(stale.statusCode).toBe(401);

    const again = await t.login('first-timer', USER_PASSWORD);
    expect(again.force_change).toBe(false);
    const own = await t.call('GET', `/accounts/${account.sid}`, { token: again.token });
    expect(own.statusCode).toBe(200);
  });

  it("refuses to change another user's password", async () => {
    const admin = await t.adminToken();
    const account = await t.createAccount(admin);
    const a = await t.createUser(admin, { role: 0, account_sid: account.sid });
    const b = await t.createUser(admin, { role: 0, account_sid: account.sid });
    const response = await t.call('PUT', `/users/${b.user.sid}/password`, {
      token: a.token,
      body: { old_password: USER_PASSWORD, new_password: 'Other#4567' },
    });
    expect(response.statusCode).toBe(403);
  });
});

describe('tokens', () => {
  it('rejects a missing, forged, expired or deleted-user token with 401', async () => {
    const admin = await t.adminToken();
    expect((await t.call('GET', '/vendors')).statusCode).toBe(401);
    expect((await t.call('GET', '/vendors', { token: `${admin.slice(0, -3)}abc` })).statusCode).toBe(401);
    // Signed with the app's secret an hour ago, for ten minutes.
    const expired = createSigner({
      key: testConfig().jwtSecret,
      expiresIn: 600_000,
      clockTimestamp: Date.now() - 3_600_000,
    })({ sub: 'x', role: 2, account_sid: null, username: 'x', ver: 1 });
    expect((await t.call('GET', '/vendors', { token: expired })).statusCode).toBe(401);

    const account = await t.createAccount(admin);
    const doomed = await t.createUser(admin, { role: 0, account_sid: account.sid });
    expect((await t.call('DELETE', `/users/${doomed.user.sid}`, { token: admin })).statusCode).toBe(200);
    const after = await t.call('GET', `/accounts/${account.sid}`, { token: doomed.token });
    expect(after.statusCode).toBe(401);
    expect(after.json().code).toBe('UNAUTHORIZED');
  });
});

describe('sign-in rate limit', () => {
  it('answers 429 with a msg after too many attempts for one username and address', async () => {
    const limited = await createTestApp({ loginMaxAttempts: 3 });
    try {
      const attempt = (username: string) =>
        limited.call('POST', '/login', { body: { username, password: 'Wrong#123' } });
      for (let i = 0; i < 3; i++) expect((await attempt('victim')).statusCode).toBe(401);
      const blocked = await attempt('victim');
      expect(blocked.statusCode).toBe(429);
      expect(blocked.json()).toMatchObject({
        code: 'RATE_LIMITED',
        msg: expect.stringContaining('Too many sign-in attempts'),
      });
      // The seconds left of the minute's window, in the header as in the message.
      const wait = Number(blocked.headers['retry-after']);
      expect(wait).toBeGreaterThanOrEqual(1);
      expect(wait).toBeLessThanOrEqual(60);
      expect(blocked.json().msg).toContain(String(wait));
      // Another username from the same address is counted on its own.
      expect((await attempt('someone-else')).statusCode).toBe(401);
    } finally {
      await limited.close();
    }
  });
});
