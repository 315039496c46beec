/**
 * One app on its own fresh database per test file, with helpers that sign in and seed data through the
 * API itself, so tests exercise the same paths users do.
 */
import {
  type Account,
  type CreatedApiKey,
  englishOf,
  type LoginResponse,
  type Text,
  type TextParams,
  type User,
  type Vendor,
} from '@parcelops/shared';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, expect } from 'vitest';
import type { Adapters } from '../src/adapters.ts';
import { type BuildAppOptions, buildApp } from '../src/app.ts';
import { type AppConfig, loadConfig } from '../src/config.ts';
import type { DatabaseHandle } from '../src/db/database.ts';
import { startWorkers } from '../src/job-handlers.ts';
import { JobQueue } from '../src/jobs/job-queue.ts';
import { bootstrapAdmin } from '../src/modules/users/bootstrap-admin.ts';
import { fakeResolver } from './fake-dns.ts';
import { type Exchange, FILE_PART, OpenApiConformance, type OpenApiDocument } from './openapi-conformance.ts';
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
  /** The app's job queue; its workers run only when the test asked for them (`{ workers: true }`). */
  jobs: JobQueue;
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

/**
 * Every request a test file sends through an app of createTestApp is checked against the OpenAPI document;
 * what departs from it fails the file once all its tests have run, listed in full (a test asserting an error
 * reply should still see that reply, not an exception from the recorder).
 */
const violations = new Map<string, number>();
afterAll(() => {
  if (violations.size === 0) return;
  const lines = [...violations].map(([problem, times]) => (times > 1 ? `${problem} (×${times})` : problem));
  violations.clear();
  throw new Error(`The traffic of this file breaks the OpenAPI document:\n  ${lines.join('\n  ')}`);
});

function headerOf(headers: InjectOptions['headers'], name: string): string | undefined {
  const value = Object.entries(headers ?? {}).find(([key]) => key.toLowerCase() === name)?.[1];
  return value === undefined ? undefined : String(value);
}

/** The request's body as the document describes it: JSON parsed, a form's fields by name. */
function requestOf(options: InjectOptions): Pick<Exchange, 'requestBody' | 'requestContentType'> {
  const payload = options.payload ?? options.body;
  const given = headerOf(options.headers, 'content-type');
  if (payload === undefined || payload === null) return { requestContentType: given };
  if (payload instanceof FormData) {
    const fields: Record<string, string> = {};
    for (const [key, value] of payload.entries()) fields[key] = typeof value === 'string' ? value : FILE_PART;
    return { requestBody: fields, requestContentType: 'multipart/form-data' };
  }
  if (typeof payload === 'string' || Buffer.isBuffer(payload)) {
    const text = payload.toString();
    const contentType = given ?? 'text/plain';
    // The app reads an empty JSON body as none at all.
    if (text.trim() === '') return { requestContentType: contentType };
    try {
      return {
        requestBody: contentType.includes('json') ? JSON.parse(text) : text,
        requestContentType: contentType,
      };
    } catch {
      return { requestBody: text, requestContentType: contentType };
    }
  }
  return { requestBody: payload, requestContentType: given ?? 'application/json' };
}

/** The query as the server receives it: the URL's own parameters and the `query` option, all text. */
function queryOf(search: string, query: InjectOptions['query']): Record<string, string | string[]> {
  const params = new URLSearchParams(search);
  if (typeof query === 'string') {
    for (const [key, value] of new URLSearchParams(query)) params.append(key, value);
  } else {
    for (const [key, value] of Object.entries(query ?? {})) {
      for (const each of Array.isArray(value) ? value : [value]) params.append(key, String(each));
    }
  }
  const result: Record<string, string | string[]> = {};
  for (const key of new Set(params.keys())) {
    const all = params.getAll(key);
    result[key] = all.length === 1 ? (all[0] ?? '') : all;
  }
  return result;
}

/**
 * Wraps `app.inject`, so calls through `call()` and the tests' own `t.app.inject` are all checked. Apps that a
 * test builds itself (a silent logger swapped for one that records, a route added for the test) can opt in.
 */
export function recordTraffic(app: FastifyInstance): void {
  let conformance: OpenApiConformance | undefined;
  const inject = app.inject.bind(app);
  const recording = (options: InjectOptions) =>
    inject(options).then((response) => {
      conformance ??= new OpenApiConformance(app.swagger() as unknown as OpenApiDocument);
      const url = typeof options.url === 'string' ? options.url : (options.url?.pathname ?? '/');
      const [path = url, search = ''] = url.split('?');
      const exchange: Exchange = {
        method: options.method ?? 'GET',
        path,
        query: queryOf(search, options.query),
        ...requestOf(options),
        status: response.statusCode,
        replyContentType: response.headers['content-type']?.toString(),
        replyBody: response.body,
      };
      for (const problem of conformance.check(exchange))
        violations.set(problem, (violations.get(problem) ?? 0) + 1);
      return response;
    });
  // Only the promise form is recorded; the callback and chain forms pass through untouched.
  app.inject = ((...args: unknown[]) =>
    args.length === 1 && typeof args[0] === 'object'
      ? recording(args[0] as InjectOptions)
      : (inject as (...all: unknown[]) => unknown)(...args)) as FastifyInstance['inject'];
}

/** The contract's 400 for one bad field: its message is both the reply's msg and the field's detail. */
/**
 * A 400 naming one field: its English msg, and the same words as a catalogue text (`words` when the test names
 * it; otherwise any key whose English is the message, so a key never says other than the msg).
 */
export function expectFieldError(
  response: LightMyRequestResponse,
  path: string,
  message: string,
  words?: Text,
): void {
  expect(response.statusCode, response.body).toBe(400);
  const body = response.json();
  const text = words ?? { key: body.key, ...(body.params ? { params: body.params } : {}) };
  expect(englishOf(text)).toBe(message);
  expect(body).toEqual({
    msg: message,
    code: 'VALIDATION_FAILED',
    ...text,
    details: [{ path, message, ...text }],
  });
}

/**
 * A failure's body without its catalogue texts, once they are checked to say exactly its English (the msg,
 * and each detail's message): for tests about the words of texts keyed elsewhere (the sheets' refusals).
 */
export function englishBody(body: {
  msg: string;
  key?: string;
  params?: TextParams;
  details?: { message: string; key?: string; params?: TextParams }[];
}): { msg: string; details?: Record<string, unknown>[]; [field: string]: unknown } {
  const { key, params, details, ...rest } = body;
  expect(key, body.msg).toBeDefined();
  expect(englishOf({ key: key ?? '', params })).toBe(body.msg);
  if (!details) return rest;
  return {
    ...rest,
    details: details.map(({ key: detailKey, params: detailParams, ...detail }) => {
      if (detailKey) expect(englishOf({ key: detailKey, params: detailParams })).toBe(detail.message);
      return detail;
    }),
  };
}

/** A "{label} is required" detail as a 400 gives it: the English, and its text with the field's label nested. */
export const requiredDetail = (path: string, label: string, field: string) => ({
  path,
  message: `${label} is required`,
  key: 'validation.required',
  params: { label: { key: `field.${field}` } },
});

let counter = 0;
export const unique = (prefix: string) => `${prefix}${Date.now().toString(36)}${(counter++).toString(36)}`;

export interface TestAppOptions {
  /** Run the job workers in the test's process (batch orders), polling every half second. */
  workers?: boolean;
  /** How long a webhook receiver gets (15 s unless given). */
  hookTimeoutMs?: number;
  /** Adapters at the edges in place of the defaults (a rejecting broker, a fake outbound client). */
  adapters?: Partial<Adapters>;
}

export async function createTestApp(
  overrides: Partial<AppConfig> = {},
  /** Pino options for a test that reads the log (e.g. `{ stream }`); silent by default. */
  logger: BuildAppOptions['logger'] = false,
  options: TestAppOptions = {},
): Promise<TestApp> {
  const database = await openTestDatabase();
  const config = testConfig(overrides);
  const jobs = await JobQueue.open(database, {
    workers: options.workers ?? false,
    pollingIntervalSeconds: 0.5,
  });
  const app = await buildApp({
    config,
    db: database.db,
    logger,
    hookUrlCheck: { resolve: fakeResolver },
    jobs,
    workers: jobs,
    hookTimeoutMs: options.hookTimeoutMs,
    notifications: database.notifications,
    adapters: options.adapters,
  });
  await bootstrapAdmin(database.db, config, app.log);
  await app.ready();
  if (options.workers) await startWorkers(jobs, app.services);
  recordTraffic(app);

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
    jobs,
    call,
    async close() {
      // Webhook deliveries take no further slice and the slices in flight commit before the queue stops, so no
      // paced batch outlives the database it writes to (the rest of its jobs go back to the queue).
      await app.services.webhooks.stopDeliveries(5_000);
      await jobs.stop(1_000);
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

/**
 * Call at the top level of a test file: `const { t, admin } = await openTestApp();`. The app is closed when
 * the file's tests are done.
 */
export async function openTestApp(
  overrides: Partial<AppConfig> = {},
  options: TestAppOptions = {},
): Promise<{ t: TestApp; admin: string }> {
  const t = await createTestApp(overrides, false, options);
  afterAll(() => t.close());
  return { t, admin: await t.adminToken() };
}
