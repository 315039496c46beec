/** The composition root builds every service without HTTP, as a worker process or a script will. */
import { Role } from '@parcelops/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, ADMIN_USERNAME, testConfig } from '../test/test-app.ts';
import { openTestDatabase } from '../test/test-database.ts';
import type { DatabaseHandle } from './db/database.ts';
import { bootstrapAdmin } from './modules/users/bootstrap-admin.ts';
import { buildServices } from './services.ts';

let database: DatabaseHandle;
beforeAll(async () => {
  database = await openTestDatabase();
  const silent = { warn() {}, info() {}, level: 'silent' } as never;
  await bootstrapAdmin(database.db, testConfig(), silent);
});
afterAll(() => database.close());

describe('buildServices', () => {
  it('signs in and reads users with no Fastify instance anywhere', async () => {
    const services = buildServices(testConfig(), database.db);
    const login = await services.auth.login(
      { username: ADMIN_USERNAME, password: ADMIN_PASSWORD },
      '127.0.0.1',
    );
    const claims = services.sessionTokens.verify(login.token);
    expect(claims).toMatchObject({ sub: login.user_sid, role: Role.admin, username: ADMIN_USERNAME });

    const actor = {
      userSid: login.user_sid,
      apiKeySid: null,
      username: ADMIN_USERNAME,
      role: Role.admin,
      accountSid: null,
      via: 'session' as const,
    };
    const users = await services.users.list(actor, {});
    expect(users.map((user) => user.username)).toContain(ADMIN_USERNAME);
  });

  it('tokens signed under another secret are not believed', () => {
    const ours = buildServices(testConfig(), database.db);
    const theirs = buildServices(
      testConfig({ jwtSecret: 'another-secret-that-is-long-enough-0123456789' }),
      database.db,
    );
    const token = theirs.sessionTokens.sign({
      sub: 'x',
      role: Role.admin,
      account_sid: null,
      username: 'x',
      ver: 1,
    });
    expect(ours.sessionTokens.verify(token)).toBeNull();
    expect(ours.sessionTokens.verify('not.a.token')).toBeNull();
  });
});
