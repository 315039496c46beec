/**
 * One app on its own fresh database per test file, with helpers that sign in and seed data through the
 * API itself, so tests exercise the same paths users do.
 */
import type { Account, CreatedApiKey, LoginResponse, User, Vendor } from '@parcelops/shared';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { buildApp } from '../src/app.ts';
import { type AppConfig, loadConfig } from '../src/config.ts';
import type { DatabaseHandle } from '../src/db/database.ts';
import { bootstrapAdmin } from '../src/modules/users/bootstrap-admin.ts';
import { openTestDatabase } from './test-database.ts';

export const ADMIN_USERNAME = 'admin';
export const ADMIN_PASSWORD = 'Admin#2026';
export const USER_PASSWORD = 'Seller#123';

export function testConfig(overrides: Partial<AppConfig> = {}): AppConfig {
  return loadConfig(
    {},
    {
      dataDir: '/nonexistent-test-data-dir',
      jwtSecret: 'test-jwt-secret-that-is-long-enough-0123456789',
      appSecret: 'test-app-secret-that-is-long-enough-0123456789',
      adminUsername: ADMIN_USERNAME,
      adminPassword: ADMIN_PASSWORD,
      webDistDir: null,
      loginMaxAttempts: 1000,
      logLevel: 'silent',
      ...overrides,
    },
  );
}

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

export interface TestApp {
  app: FastifyInstance;
  database: DatabaseHandle;
  close(): Promise<void>;
  /** Calls /api/v1{path} with the given bearer token. */
  call(
    method: Method,
    path: string,
    options?: { token?: string | null; body?: unknown; query?: Record<string, string> },
  ): Promise<LightMyRequestResponse>;
  login(username: string, password: string): Promise<LoginResponse>;
  adminToken(): Promise<string>;
  createVendor(token: string, overrides?: Record<string, unknown>): Promise<Vendor>;
  createAccount(token: string, overrides?: Record<string, unknown>): Promise<Account>;
  /** Creates a user and completes their forced password change; returns the user and a usable token. */
  createUser(
    token: string,
    input: { role: 0 | 1 | 2; account_sid?: string | null; username?: string },
  ): Promise<{ user: User; token: string }>;
  /** Creates an API key: for the caller's own account, or (admin) for `accountSid`. The reply holds the token. */
  createApiKey(token: string, accountSid?: string): Promise<CreatedApiKey>;
}

let counter = 0;
export const unique = (prefix: string) => `${prefix}${Date.now().toString(36)}${(counter++).toString(36)}`;

export async function createTestApp(overrides: Partial<AppConfig> = {}): Promise<TestApp> {
  const database = await openTestDatabase();
  const config = testConfig(overrides);
  const app = await buildApp({ config, db: database.db, logger: false });
  await bootstrapAdmin(database.db, config, app.log);
  await app.ready();

  const call: TestApp['call'] = (method, path, options = {}) => {
    const request: InjectOptions = { method, url: `/api/v1${path}`, query: options.query, headers: {} };
    if (options.token) request.headers = { authorization: `Bearer ${options.token}` };
    if (options.body !== undefined) request.payload = options.body as InjectOptions['payload'];
    return app.inject(request);
  };

  const expectOk = (response: LightMyRequestResponse, what: string) => {
    if (response.statusCode >= 300)
      throw new Error(`${what} failed: ${response.statusCode} ${response.body}`);
    return response.body ? response.json() : undefined;
  };

  let adminToken: string | null = null;
  const helpers: TestApp = {
    app,
    database,
    call,
    async close() {
      await app.close();
      await database.close();
    },
    async login(username, password) {
      return expectOk(await call('POST', '/login', { body: { username, password } }), 'login');
    },
    async adminToken() {
      adminToken ??= (await helpers.login(ADMIN_USERNAME, ADMIN_PASSWORD)).token;
      return adminToken;
    },
    async createVendor(token, overrides = {}) {
      const body = {
        vendor: 'mul',
        name: unique('Vendor '),
        api_key: 'key-123',
        api_secret: 'secret-456',
        ...overrides,
      };
      return expectOk(await call('POST', '/vendors', { token, body }), 'create vendor');
    },
    async createAccount(token, overrides = {}) {
      const vendorSid = overrides.vendor_sid ?? (await helpers.createVendor(token)).sid;
      const body = {
        name: unique('Seller '),
        email: `${unique('s')}@example.com`,
        vendor_sid: vendorSid,
        ...overrides,
      };
      return expectOk(await call('POST', '/accounts', { token, body }), 'create account');
    },
    async createUser(token, input) {
      const username = input.username ?? unique('user');
      const initial = 'Start#1234';
      const user: User = expectOk(
        await call('POST', '/users', {
          token,
          body: {
            username,
            role: input.role,
            account_sid: input.account_sid ?? null,
            initial_password: initial,
          },
        }),
        'create user',
      );
      const first = await helpers.login(username, initial);
      expectOk(
        await call('PUT', `/users/${user.sid}/password`, {
          token: first.token,
          body: { old_password: initial, new_password: USER_PASSWORD },
        }),
        'change password',
      );
      const session = await helpers.login(username, USER_PASSWORD);
      return { user: { ...user, force_change: false }, token: session.token };
    },
    async createApiKey(token, accountSid) {
      const query = accountSid ? { account_sid: accountSid } : undefined;
      return expectOk(await call('POST', '/keys', { token, query }), 'create API key');
    },
  };
  return helpers;
}
