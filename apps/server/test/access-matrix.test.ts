/**
 * Who may call what: every /api route against every kind of caller, on objects of the caller's own account (A)
 * and of another account (B). The matrix below is the reference; the first tests make sure it lists exactly the
 * routes the app registers, so a new route cannot ship without its row here.
 */
import { type Account, type Ams, mawbWithCheckDigit, type User } from '@parcelops/shared';
import type { FastifyInstance, HTTPMethods } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../src/app.ts';
import { registeredRoutes } from './registered-routes.ts';
import {
  ADMIN_PASSWORD,
  ADMIN_USERNAME,
  createTestApp,
  type TestApp,
  testConfig,
  unique,
} from './test-app.ts';
import { openTestDatabase } from './test-database.ts';
import { multipart, xlsx } from './workbooks.ts';

// Every route the app registers, as Fastify announces it (registered-routes.ts).
vi.mock('fastify', async (importOriginal) =>
  (await import('./registered-routes.ts')).recordingRoutes(await importOriginal<typeof import('fastify')>()),
);

/**
 * anonymous: no token; seller: a signed-in account user of A; apiKey: an API key of A; pending: an account user of A
 * who has not yet replaced the initial password (force_change); operator and admin.
 */
type Caller = 'anonymous' | 'seller' | 'apiKey' | 'pending' | 'operator' | 'admin';
const CALLERS: Caller[] = ['anonymous', 'apiKey', 'pending', 'operator', 'seller', 'admin'];
type Owner = 'A' | 'B';
type Outcome = number | Record<Owner, number>;

/**
 * What each caller gets: one status, or one per owner of the object (A: the seller's own account, B: another).
 * `pending` may be left out: a session that must change its password is refused (403) wherever the seller is.
 */
type Expected = Record<Exclude<Caller, 'pending'>, Outcome> & { pending?: Outcome };

interface World {
  A: Account;
  B: Account;
  /** An account user of A, signed in. */
  seller: { user: User; token: string };
  /** An API key of A. */
  apiKey: string;
  /** The session of an account user of A who still has the initial password. */
  pending: string;
  /** A colleague of the seller in A, and a user of B. */
  userOf: Record<Owner, User>;
}

interface Request {
  path: string;
  body?: unknown;
  query?: Record<string, string>;
  /** The path is the whole URL, not one under /api/v1 (the /api/docs page). */
  absolute?: boolean;
}

interface RouteCase {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** The route as registered, e.g. /api/v1/accounts/:id. */
  url: string;
  /** Builds the call on the object of `owner`; may create a throwaway object when the call destroys it. */
  request(w: World, owner: Owner): Request | Promise<Request>;
  expected: Expected;
  /** The call destroys the accounts it names: each cell gets a world of its own. */
  freshWorld?: boolean;
}

const everyone = (status: number): Expected => ({
  anonymous: status,
  pending: status,
  seller: status,
  apiKey: status,
  operator: status,
  admin: status,
});
const both = (status: number) => ({ A: status, B: status });

let t: TestApp;
let admin: string;
let operator: { user: User; token: string };
let shared: World;
/** The routes of `t`'s app, taken before any other app is built in this file. */
let appRoutes: { method: string; url: string }[];

async function buildWorld(): Promise<World> {
  const A = await t.createAccount(admin);
  const B = await t.createAccount(admin);
  const seller = await t.createUser(admin, { role: 0, account_sid: A.sid });
  const apiKey = (await t.createApiKey(seller.token)).token;
  return {
    A,
    B,
    seller,
    apiKey,
    pending: (await t.login((await addUser(A.sid)).username, INITIAL_PASSWORD)).token,
    userOf: { A: await addUser(A.sid), B: await addUser(B.sid) },
  };
}

async function addUser(accountSid: string): Promise<User> {
  const response = await t.call('POST', '/users', {
    token: admin,
    body: { username: unique('m'), role: 0, account_sid: accountSid, initial_password: INITIAL_PASSWORD },
  });
  if (response.statusCode !== 201) throw new Error(`add user: ${response.statusCode} ${response.body}`);
  return response.json();
}

const INITIAL_PASSWORD = 'Start#1234';
const accountOf = (w: World, owner: Owner) => (owner === 'A' ? w.A : w.B);
const mulVendor = () => ({ vendor: 'mul', name: unique('Matrix vendor '), api_key: 'k', api_secret: 's' });

/** Multipart bodies for the upload routes, built afresh for each call. */
const priceForm = async (name: string) =>
  multipart(
    { name },
    {
      buffer: await xlsx([
        ['weight', 'vnd', 'usd'],
        [500, 180000, 7.5],
      ]),
    },
  );
const declarationBody = () => ({
  skuNumber: unique('MSKU-'),
  name: 'Tee',
  refName: 'Ao',
  itemDescription: 'T-shirt',
  hs_code: '',
  itemWeight: 1,
  itemWidth: 1,
  itemHeight: 1,
  itemLength: 1,
  can_combine: false,
});
const declarationForm = async (accountSid: string) => {
  const row = { ...declarationBody(), can_combine: 'no' };
  return multipart(
    { account_sid: accountSid },
    { buffer: await xlsx([Object.keys(row), Object.values(row)]) },
  );
};

/** Throwaway catalog objects, created by the admin for the calls that change or destroy them. */
async function created<T>(path: string, body: unknown, what: string, status = 201): Promise<T> {
  const response = await t.call('POST', path, { token: admin, body });
  if (response.statusCode !== status) throw new Error(`${what}: ${response.statusCode} ${response.body}`);
  return response.json();
}
const newPriceTable = async () =>
  created<{ sid: string; name: string }>('/pricese', await priceForm(unique('Matrix rates ')), 'price table');
const newHsCode = () =>
  created<{ sid: string }>('/hs_codes', { hs_code: unique('HS'), description: 'Matrix goods' }, 'HS code');
const newDeclaration = (accountSid: string) =>
  created<{ sid: string }>(
    '/item_declarations',
    { ...declarationBody(), account_sid: accountSid },
    'item declaration',
  );
/** Accounts given a price table, so they can order. */
const priced = new Set<string>();
async function orderable(accountSid: string): Promise<string> {
  if (!priced.has(accountSid)) {
    const response = await t.call('PUT', `/accounts/${accountSid}`, {
      token: admin,
      body: { price_sid: (await newPriceTable()).sid },
    });
    if (response.statusCode !== 200)
      throw new Error(`price the account: ${response.statusCode} ${response.body}`);
    priced.add(accountSid);
  }
  return accountSid;
}
const orderBody = (accountSid: string) => ({
  orderNumber: unique('MORD-'),
  account_sid: accountSid,
  name: 'Matrix Customer',
  address1: '1 Road',
  city: 'Seattle',
  state: 'WA',
  country: 'US',
  postalCode: '98101',
  items: [{ skuNumber: 'M1', quantity: 1, itemWeight: 100, itemWidth: 1, itemHeight: 1, itemLength: 1 }],
});
/** A throwaway order of the owner's account, created by the admin. */
const newOrder = async (w: World, owner: Owner) =>
  created<{ sid: string; barcode: string; items: { sid: string }[] }>(
    '/orders',
    orderBody(await orderable(accountOf(w, owner).sid)),
    'order',
  );
const adminOnly: Expected = { anonymous: 401, apiKey: 403, operator: 403, seller: 403, admin: 200 };
/**
 * A seller and their API key reach their own account A (`own`) and are refused account B (`other`: 403, or 404
 * where existence is not revealed); admins reach both (`own`); operators answer `operator` for both.
 */
const sellersOwnAccount = (own: number, other: number, operator: number): Expected => ({
  anonymous: 401,
  apiKey: { A: own, B: other },
  operator: both(operator),
  seller: { A: own, B: other },
  admin: both(own),
});
/** Air manifests for the AMS rows: one shared to read and scan into, throwaways for the calls that change them. */
let mawbSerial = 2_000_000 + Math.floor(Math.random() * 7_000_000);
const amsBody = () => ({
  name: unique('Matrix AMS '),
  departureDate: new Date(Date.now() + 86_400_000).toISOString(),
  masterAirWaybill: mawbWithCheckDigit('157', String(mawbSerial++)),
  hawb: 'H1',
});
const newAms = () => created<Ams>('/ams', amsBody(), 'AMS');
let sharedAmsPromise: Promise<Ams> | undefined;
const sharedAms = () => {
  sharedAmsPromise ??= newAms();
  return sharedAmsPromise;
};
const scanIntoBody = (manifest: Ams, barcode: string) => ({
  ams_sid: manifest.sid,
  barcode,
  ams_carton_label: 'C1',
  masterAirWaybill: manifest.masterAirWaybill,
  airportCode: manifest.airportCode,
  hawb: manifest.hawb,
  carrier: manifest.carrier,
  serviceType: manifest.serviceType,
});
/** A fresh AMS with one parcel of the owner's account in carton C1. */
async function loadedAms(w: World, owner: Owner): Promise<{ manifest: Ams; orderSid: string }> {
  const manifest = await newAms();
  const order = await newOrder(w, owner);
  const response = await t.call('POST', '/ams/order', {
    token: admin,
    body: scanIntoBody(manifest, order.barcode),
  });
  if (response.statusCode !== 200) throw new Error(`scan into AMS: ${response.statusCode} ${response.body}`);
  return { manifest, orderSid: order.sid };
}
const hubOnly = (ok: number): Expected => ({
  anonymous: 401,
  apiKey: both(403),
  operator: both(ok),
  seller: both(403),
  admin: both(ok),
});

/** The owner's account with an order status hook (a public name, never called: this file runs no workers). */
const withHook = new Set<string>();
async function hooked(w: World, owner: Owner): Promise<string> {
  const accountSid = accountOf(w, owner).sid;
  if (!withHook.has(accountSid)) {
    const response = await t.call('PUT', `/accounts/${accountSid}`, {
      token: admin,
      body: { order_status_hook: 'https://seller.example.com/hook' },
    });
    if (response.statusCode !== 200) throw new Error(`set the hook: ${response.statusCode} ${response.body}`);
    withHook.add(accountSid);
  }
  return accountSid;
}
const hookOwners = (ok: number): Expected => ({
  anonymous: 401,
  apiKey: both(403),
  operator: both(403),
  seller: { A: ok, B: 403 },
  admin: both(ok),
});

/** One order per account to print labels of: printing changes nothing, so every caller may share it. */
const toPrint = new Map<string, Promise<string>>();
const orderToPrint = (w: World, owner: Owner) => {
  const accountSid = accountOf(w, owner).sid;
  let order = toPrint.get(accountSid);
  if (!order) {
    order = newOrder(w, owner).then((created) => created.sid);
    toPrint.set(accountSid, order);
  }
  return order;
};

/** A batch order's form for the owner's account (its rows are checked later, by the job). */
const batchForm = async (accountSid: string) =>
  multipart(
    { name: unique('Matrix batch '), account_sid: accountSid },
    {
      buffer: await xlsx([
        [
          'orderNumber',
          'name',
          'address1',
          'city',
          'state',
          'country',
          'postalCode',
          'skuNumber',
          'quantity',
        ],
        [unique('BAT-'), 'Jane', '1 Main St', 'Seattle', 'WA', 'US', '98101', 'SKU-1', 1],
      ]),
    },
  );
/** One batch per account to read: reading changes nothing (no workers run here: it stays in progress). */
const toRead = new Map<string, Promise<string>>();
const batchToRead = (w: World, owner: Owner) => {
  const accountSid = accountOf(w, owner).sid;
  let batch = toRead.get(accountSid);
  if (!batch) {
    batch = batchForm(accountSid).then((body) =>
      created<{ sid: string }>('/batch_orders', body, 'batch order').then((made) => made.sid),
    );
    toRead.set(accountSid, batch);
  }
  return batch;
};

const MATRIX: RouteCase[] = [
  // Public
  {
    method: 'POST',
    url: '/api/v1/login',
    request: () => ({ path: '/login', body: { username: ADMIN_USERNAME, password: ADMIN_PASSWORD } }),
    expected: everyone(200),
  },
  {
    method: 'GET',
    url: '/api/v1/settings/public',
    request: () => ({ path: '/settings/public' }),
    expected: everyone(200),
  },
  { method: 'GET', url: '/api/v1/health', request: () => ({ path: '/health' }), expected: everyone(200) },
  {
    method: 'GET',
    url: '/api/v1/openapi.json',
    request: () => ({ path: '/openapi.json' }),
    expected: everyone(200),
  },
  {
    method: 'GET',
    url: '/api/docs',
    request: () => ({ path: '/api/docs', absolute: true }),
    expected: everyone(200),
  },

  // The signed-in person
  {
    method: 'GET',
    url: '/api/v1/me',
    request: () => ({ path: '/me' }),
    expected: { anonymous: 401, apiKey: 403, pending: 200, operator: 200, seller: 200, admin: 200 },
  },
  {
    // Only ever your own password. A wrong old password keeps sessions alive: 400 means the call was let through.
    method: 'PUT',
    url: '/api/v1/users/:id/password',
    request: (w, owner) => ({
      path: `/users/${owner === 'A' ? w.seller.user.sid : w.userOf.B.sid}/password`,
      body: { old_password: 'Wrong#0000', new_password: 'Fresh#5678' },
    }),
    expected: {
      anonymous: 401,
      apiKey: 403,
      operator: both(403),
      seller: { A: 400, B: 403 },
      admin: both(403),
    },
  },

  // Users
  {
    method: 'GET',
    url: '/api/v1/users',
    request: (w, owner) => ({ path: '/users', query: { account_sid: accountOf(w, owner).sid } }),
    expected: {
      anonymous: 401,
      apiKey: 403,
      operator: both(403),
      seller: { A: 200, B: 403 },
      admin: both(200),
    },
  },
  {
    method: 'GET',
    url: '/api/v1/users/:id',
    request: (w, owner) => ({ path: `/users/${w.userOf[owner].sid}` }),
    expected: {
      anonymous: 401,
      apiKey: 403,
      operator: both(404),
      seller: { A: 200, B: 404 },
      admin: both(200),
    },
  },
  {
    method: 'POST',
    url: '/api/v1/users',
    request: (w, owner) => ({
      path: '/users',
      body: {
        username: unique('n'),
        role: 0,
        account_sid: accountOf(w, owner).sid,
        initial_password: 'Start#1234',
      },
    }),
    expected: {
      anonymous: 401,
      apiKey: 403,
      operator: both(403),
      seller: { A: 201, B: 403 },
      admin: both(201),
    },
  },
  {
    method: 'PUT',
    url: '/api/v1/users/:id',
    request: (w, owner) => ({ path: `/users/${w.userOf[owner].sid}`, body: { username: unique('r') } }),
    expected: {
      anonymous: 401,
      apiKey: 403,
      operator: both(403),
      seller: { A: 200, B: 404 },
      admin: both(200),
    },
  },
  {
    method: 'DELETE',
    url: '/api/v1/users/:id',
    request: async (w, owner) => ({ path: `/users/${(await addUser(accountOf(w, owner).sid)).sid}` }),
    expected: {
      anonymous: 401,
      apiKey: 403,
      operator: both(403),
      seller: { A: 200, B: 404 },
      admin: both(200),
    },
  },

  // Accounts
  {
    method: 'GET',
    url: '/api/v1/accounts',
    request: () => ({ path: '/accounts' }),
    expected: { anonymous: 401, apiKey: 403, operator: 200, seller: 403, admin: 200 },
  },
  {
    method: 'GET',
    url: '/api/v1/accounts/:id',
    request: (w, owner) => ({ path: `/accounts/${accountOf(w, owner).sid}` }),
    expected: sellersOwnAccount(200, 403, 403),
  },
  {
    method: 'POST',
    url: '/api/v1/accounts',
    request: (w) => ({
      path: '/accounts',
      body: { name: unique('New '), email: 'n@example.com', vendor_sid: w.A.vendor_sid },
    }),
    expected: { anonymous: 401, apiKey: 403, operator: 403, seller: 403, admin: 201 },
  },
  {
    method: 'PUT',
    url: '/api/v1/accounts/:id',
    request: (w, owner) => ({
      path: `/accounts/${accountOf(w, owner).sid}`,
      body: { order_status_hook: 'https://seller.example.com/hook' },
    }),
    expected: {
      anonymous: 401,
      apiKey: both(403),
      operator: both(403),
      seller: { A: 200, B: 403 },
      admin: both(200),
    },
  },
  // Air manifests: the AMS screens are the admins'; the scanning page's calls the hub's (spec §6).
  {
    method: 'GET',
    url: '/api/v1/ams',
    request: () => ({ path: '/ams' }),
    expected: hubOnly(200),
  },
  {
    method: 'GET',
    url: '/api/v1/ams/:id',
    request: async () => ({ path: `/ams/${(await sharedAms()).sid}` }),
    expected: hubOnly(200),
  },
  {
    method: 'POST',
    url: '/api/v1/ams',
    request: () => ({ path: '/ams', body: amsBody() }),
    expected: { ...adminOnly, admin: 201 },
  },
  {
    method: 'PUT',
    url: '/api/v1/ams/:id',
    request: async () => ({ path: `/ams/${(await sharedAms()).sid}`, body: { serviceType: 'First Class' } }),
    expected: adminOnly,
  },
  {
    method: 'DELETE',
    url: '/api/v1/ams/:id',
    request: async () => ({ path: `/ams/${(await newAms()).sid}` }),
    expected: adminOnly,
  },
  {
    method: 'PUT',
    url: '/api/v1/ams/:id/update-carton-label',
    request: async (w, owner) => {
      const { manifest } = await loadedAms(w, owner);
      return {
        path: `/ams/${manifest.sid}/update-carton-label`,
        body: { old_ams_carton_label: 'C1', new_ams_carton_label: 'C2' },
      };
    },
    expected: adminOnly,
  },
  {
    method: 'POST',
    url: '/api/v1/ams/order',
    request: async (w, owner) => ({
      path: '/ams/order',
      body: scanIntoBody(await sharedAms(), (await newOrder(w, owner)).barcode),
    }),
    expected: hubOnly(200),
  },
  {
    method: 'PUT',
    url: '/api/v1/ams/order/:id',
    request: async (w, owner) => ({
      path: `/ams/order/${(await loadedAms(w, owner)).orderSid}`,
      body: { weight: 400 },
    }),
    expected: hubOnly(200),
  },
  {
    method: 'DELETE',
    url: '/api/v1/ams/order/:id',
    request: async (w, owner) => ({ path: `/ams/order/${(await loadedAms(w, owner)).orderSid}` }),
    expected: adminOnly,
  },
  {
    method: 'DELETE',
    url: '/api/v1/ams/orders',
    request: async (w, owner) => ({
      path: '/ams/orders',
      query: { ams_sid: (await loadedAms(w, owner)).manifest.sid, ams_carton_label: 'C1' },
    }),
    expected: adminOnly,
  },
  {
    method: 'GET',
    url: '/api/v1/ams/:id/waiting',
    request: async () => ({ path: `/ams/${(await sharedAms()).sid}/waiting` }),
    expected: hubOnly(200),
  },
  {
    method: 'GET',
    url: '/api/v1/ams/:id/reconciliation',
    request: async () => ({ path: `/ams/${(await sharedAms()).sid}/reconciliation` }),
    expected: adminOnly,
  },
  {
    // An AMS without parcels is not filed (409) for the admin; everyone else is refused first.
    method: 'POST',
    url: '/api/v1/ams/submitAms',
    request: async () => ({ path: '/ams/submitAms', body: { ams_sid: (await newAms()).sid } }),
    expected: { ...adminOnly, admin: 409 },
  },
  {
    // Before a filing there is no manifest file: the admin reaches it (404), everyone else is refused first.
    method: 'GET',
    url: '/api/v1/ams/:id/manifest',
    request: async () => ({ path: `/ams/${(await sharedAms()).sid}/manifest` }),
    expected: { ...adminOnly, admin: 404 },
  },
  {
    method: 'POST',
    url: '/api/v1/ams/batch',
    request: async (w, owner) => ({
      path: '/ams/batch',
      body: await multipart(
        { ams_sid: (await sharedAms()).sid },
        {
          buffer: await xlsx([
            ['barcode', 'ams_carton_label'],
            [(await newOrder(w, owner)).barcode, 'C1'],
          ]),
        },
      ),
    }),
    expected: adminOnly,
  },
  {
    method: 'GET',
    url: '/api/v1/orders/amsreport',
    request: async () => ({ path: '/orders/amsreport', query: { ams_sid: (await sharedAms()).sid } }),
    expected: adminOnly,
  },
  {
    method: 'GET',
    url: '/api/v1/orders/statisticForAms',
    request: async () => ({ path: '/orders/statisticForAms', query: { ams_sid: (await sharedAms()).sid } }),
    expected: hubOnly(200),
  },
  // The account's webhook: its admins and its own signed-in users; never by API key (the secret is there).
  {
    method: 'GET',
    url: '/api/v1/accounts/:id/hook',
    request: async (w, owner) => ({ path: `/accounts/${await hooked(w, owner)}/hook` }),
    expected: hookOwners(200),
  },
  {
    method: 'POST',
    url: '/api/v1/accounts/:id/hook/rotate',
    request: async (w, owner) => ({ path: `/accounts/${await hooked(w, owner)}/hook/rotate` }),
    expected: hookOwners(200),
  },
  {
    method: 'POST',
    url: '/api/v1/accounts/:id/hook/enable',
    request: async (w, owner) => ({ path: `/accounts/${await hooked(w, owner)}/hook/enable` }),
    expected: hookOwners(200),
  },
  {
    method: 'POST',
    url: '/api/v1/accounts/:id/hook/test',
    request: async (w, owner) => ({ path: `/accounts/${await hooked(w, owner)}/hook/test` }),
    expected: hookOwners(202),
  },
  {
    method: 'GET',
    url: '/api/v1/accounts/:id/hook/deliveries',
    request: async (w, owner) => ({ path: `/accounts/${await hooked(w, owner)}/hook/deliveries` }),
    expected: hookOwners(200),
  },
  {
    method: 'POST',
    url: '/api/v1/accounts/:id/hook/deliveries/:deliveryId/resend',
    request: async (w, owner) => {
      const accountSid = await hooked(w, owner);
      const delivery = await created<{ id: string }>(
        `/accounts/${accountSid}/hook/test`,
        undefined,
        'test event',
        202,
      );
      return { path: `/accounts/${accountSid}/hook/deliveries/${delivery.id}/resend` };
    },
    expected: hookOwners(202),
  },
  {
    method: 'DELETE',
    url: '/api/v1/accounts/:id',
    request: (w, owner) => ({ path: `/accounts/${accountOf(w, owner).sid}` }),
    expected: { anonymous: 401, apiKey: both(403), operator: both(403), seller: both(403), admin: both(200) },
    freshWorld: true,
  },
  {
    method: 'GET',
    url: '/api/v1/accounts/:id/credit_usages_report',
    request: (w, owner) => ({
      path: `/accounts/${accountOf(w, owner).sid}/credit_usages_report`,
      query: { from_date: '2026-01-01', to_date: '2026-01-31' },
    }),
    expected: sellersOwnAccount(200, 403, 403),
  },

  // API keys
  {
    method: 'GET',
    url: '/api/v1/keys',
    request: (w, owner) => ({ path: '/keys', query: { account_sid: accountOf(w, owner).sid } }),
    expected: {
      anonymous: 401,
      apiKey: both(403),
      operator: both(403),
      seller: { A: 200, B: 403 },
      admin: both(200),
    },
  },
  {
    method: 'POST',
    url: '/api/v1/keys',
    request: (w, owner) => ({ path: '/keys', query: { account_sid: accountOf(w, owner).sid } }),
    expected: {
      anonymous: 401,
      apiKey: both(403),
      operator: both(403),
      seller: { A: 201, B: 403 },
      admin: both(201),
    },
  },
  {
    method: 'DELETE',
    url: '/api/v1/keys/:id',
    request: async (w, owner) => ({
      path: `/keys/${(await t.createApiKey(admin, accountOf(w, owner).sid)).sid}`,
    }),
    expected: {
      anonymous: 401,
      apiKey: both(403),
      operator: both(403),
      seller: { A: 200, B: 404 },
      admin: both(200),
    },
  },

  // Labels: account users and their keys print their own account's orders; staff any
  {
    method: 'GET',
    url: '/api/v1/orders/:id/label',
    request: async (w, owner) => ({ path: `/orders/${await orderToPrint(w, owner)}/label` }),
    expected: sellersOwnAccount(200, 404, 200),
  },

  // Vendors: admins only
  {
    method: 'GET',
    url: '/api/v1/vendors',
    request: () => ({ path: '/vendors' }),
    expected: { anonymous: 401, apiKey: 403, operator: 403, seller: 403, admin: 200 },
  },
  {
    method: 'GET',
    url: '/api/v1/vendors/:id',
    request: (w, owner) => ({ path: `/vendors/${accountOf(w, owner).vendor_sid}` }),
    expected: { anonymous: 401, apiKey: both(403), operator: both(403), seller: both(403), admin: both(200) },
  },
  {
    method: 'POST',
    url: '/api/v1/vendors',
    request: () => ({ path: '/vendors', body: mulVendor() }),
    expected: { anonymous: 401, apiKey: 403, operator: 403, seller: 403, admin: 201 },
  },
  {
    method: 'PUT',
    url: '/api/v1/vendors/:id',
    request: (w, owner) => ({ path: `/vendors/${accountOf(w, owner).vendor_sid}`, body: mulVendor() }),
    expected: { anonymous: 401, apiKey: both(403), operator: both(403), seller: both(403), admin: both(200) },
  },
  {
    method: 'DELETE',
    url: '/api/v1/vendors/:id',
    request: async () => ({ path: `/vendors/${(await t.createVendor(admin)).sid}` }),
    expected: { anonymous: 401, apiKey: 403, operator: 403, seller: 403, admin: 200 },
  },

  // Price tables: admins only
  { method: 'GET', url: '/api/v1/pricese', request: () => ({ path: '/pricese' }), expected: adminOnly },
  {
    method: 'GET',
    url: '/api/v1/pricese/template',
    request: () => ({ path: '/pricese/template' }),
    expected: adminOnly,
  },
  {
    method: 'GET',
    url: '/api/v1/pricese/:id',
    request: async () => ({ path: `/pricese/${(await newPriceTable()).sid}` }),
    expected: adminOnly,
  },
  {
    method: 'GET',
    url: '/api/v1/pricese/:id/export',
    request: async () => ({ path: `/pricese/${(await newPriceTable()).sid}/export` }),
    expected: adminOnly,
  },
  {
    method: 'POST',
    url: '/api/v1/pricese',
    request: async () => ({ path: '/pricese', body: await priceForm(unique('Matrix rates ')) }),
    expected: { ...adminOnly, admin: 201 },
  },
  {
    method: 'PUT',
    url: '/api/v1/pricese/:id',
    request: async () => {
      const table = await newPriceTable();
      return { path: `/pricese/${table.sid}`, body: await priceForm(table.name) };
    },
    expected: adminOnly,
  },
  {
    method: 'DELETE',
    url: '/api/v1/pricese/:id',
    request: async () => ({ path: `/pricese/${(await newPriceTable()).sid}` }),
    expected: adminOnly,
  },

  // HS codes: everyone signed in reads them, admins maintain them
  {
    method: 'GET',
    url: '/api/v1/hs_codes',
    request: () => ({ path: '/hs_codes' }),
    expected: { anonymous: 401, apiKey: 200, operator: 200, seller: 200, admin: 200 },
  },
  {
    method: 'POST',
    url: '/api/v1/hs_codes',
    request: () => ({ path: '/hs_codes', body: { hs_code: unique('HS'), description: 'Matrix goods' } }),
    expected: { ...adminOnly, admin: 201 },
  },
  {
    method: 'PUT',
    url: '/api/v1/hs_codes/:id',
    request: async () => ({
      path: `/hs_codes/${(await newHsCode()).sid}`,
      body: { hs_code: unique('HS'), description: 'Matrix goods, changed' },
    }),
    expected: adminOnly,
  },
  {
    method: 'DELETE',
    url: '/api/v1/hs_codes/:id',
    request: async () => ({ path: `/hs_codes/${(await newHsCode()).sid}` }),
    expected: adminOnly,
  },

  // Item declarations: account users on their own account; operators and admins on any
  {
    method: 'GET',
    url: '/api/v1/item_declarations/all',
    request: (w, owner) => ({
      path: '/item_declarations/all',
      query: { account_sid: accountOf(w, owner).sid },
    }),
    expected: sellersOwnAccount(200, 403, 200),
  },
  {
    method: 'GET',
    url: '/api/v1/item_declarations/template',
    request: () => ({ path: '/item_declarations/template' }),
    expected: { anonymous: 401, apiKey: 200, operator: 200, seller: 200, admin: 200 },
  },
  {
    method: 'POST',
    url: '/api/v1/item_declarations',
    request: (w, owner) => ({
      path: '/item_declarations',
      body: { ...declarationBody(), account_sid: accountOf(w, owner).sid },
    }),
    expected: sellersOwnAccount(201, 403, 201),
  },
  {
    method: 'POST',
    url: '/api/v1/item_declarations/batch',
    request: async (w, owner) => ({
      path: '/item_declarations/batch',
      body: await declarationForm(accountOf(w, owner).sid),
    }),
    expected: sellersOwnAccount(200, 403, 200),
  },
  {
    method: 'PUT',
    url: '/api/v1/item_declarations/:id',
    request: async (w, owner) => ({
      path: `/item_declarations/${(await newDeclaration(accountOf(w, owner).sid)).sid}`,
      body: declarationBody(),
    }),
    expected: { anonymous: 401, apiKey: both(403), operator: both(403), seller: both(403), admin: both(200) },
  },
  {
    method: 'DELETE',
    url: '/api/v1/item_declarations/:id',
    request: async (w, owner) => ({
      path: `/item_declarations/${(await newDeclaration(accountOf(w, owner).sid)).sid}`,
    }),
    expected: { anonymous: 401, apiKey: both(403), operator: both(403), seller: both(403), admin: both(200) },
  },

  // Orders: account users and their keys on their own account; operators read all; admins everything
  {
    method: 'GET',
    url: '/api/v1/orders',
    request: (w, owner) => ({ path: '/orders', query: { account_sid: accountOf(w, owner).sid } }),
    expected: sellersOwnAccount(200, 403, 200),
  },
  {
    method: 'GET',
    url: '/api/v1/orders/report',
    request: (w, owner) => ({ path: '/orders/report', query: { account_sid: accountOf(w, owner).sid } }),
    expected: sellersOwnAccount(200, 403, 200),
  },
  {
    method: 'GET',
    url: '/api/v1/orders/deliveryTimeReport',
    request: (w, owner) => ({
      path: '/orders/deliveryTimeReport',
      query: { account_sid: accountOf(w, owner).sid },
    }),
    expected: sellersOwnAccount(200, 403, 200),
  },
  {
    method: 'GET',
    url: '/api/v1/orders/statistic',
    request: (w, owner) => ({ path: '/orders/statistic', query: { account_sid: accountOf(w, owner).sid } }),
    expected: sellersOwnAccount(200, 403, 200),
  },
  {
    method: 'GET',
    url: '/api/v1/dashboard',
    request: (w, owner) => ({ path: '/dashboard', query: { account_sid: accountOf(w, owner).sid } }),
    expected: sellersOwnAccount(200, 403, 200),
  },
  {
    method: 'GET',
    url: '/api/v1/orders/:id',
    request: async (w, owner) => ({ path: `/orders/${(await newOrder(w, owner)).sid}` }),
    expected: sellersOwnAccount(200, 404, 200),
  },
  {
    // The order's history is the staff's: sellers and their keys are refused even their own orders.
    method: 'GET',
    url: '/api/v1/orders/:id/history',
    request: async (w, owner) => ({ path: `/orders/${(await newOrder(w, owner)).sid}/history` }),
    expected: { anonymous: 401, apiKey: both(403), operator: both(200), seller: both(403), admin: both(200) },
  },
  {
    method: 'GET',
    url: '/api/v1/orders/:id/credit_entries',
    request: async (w, owner) => ({ path: `/orders/${(await newOrder(w, owner)).sid}/credit_entries` }),
    expected: sellersOwnAccount(200, 404, 200),
  },
  {
    method: 'POST',
    url: '/api/v1/orders/quote',
    request: async (w, owner) => {
      const { account_sid, items } = orderBody(await orderable(accountOf(w, owner).sid));
      return { path: '/orders/quote', body: { account_sid, items } };
    },
    expected: sellersOwnAccount(200, 403, 403),
  },
  {
    method: 'POST',
    url: '/api/v1/orders',
    request: async (w, owner) => ({
      path: '/orders',
      body: orderBody(await orderable(accountOf(w, owner).sid)),
    }),
    expected: sellersOwnAccount(201, 403, 403),
  },
  {
    // A re-weigh: admins and operators (at the hub); the customer's details stay the admins' (orders tests).
    method: 'PUT',
    url: '/api/v1/orders/:id',
    request: async (w, owner) => ({
      path: `/orders/${(await newOrder(w, owner)).sid}`,
      body: { weight: 300 },
    }),
    expected: { anonymous: 401, apiKey: both(403), operator: both(200), seller: both(403), admin: both(200) },
  },
  {
    // Staff correct an item until its manifest is submitted; the HS code alone stays the admins' (orders tests).
    method: 'PUT',
    url: '/api/v1/orders/items/:id',
    request: async (w, owner) => ({
      path: `/orders/items/${(await newOrder(w, owner)).items[0]?.sid}`,
      body: { itemDescription: unique('Matrix mugs ') },
    }),
    expected: { anonymous: 401, apiKey: both(403), operator: both(200), seller: both(403), admin: both(200) },
  },
  {
    method: 'DELETE',
    url: '/api/v1/orders/:id',
    request: async (w, owner) => ({ path: `/orders/${(await newOrder(w, owner)).sid}` }),
    expected: sellersOwnAccount(200, 404, 403),
  },
  // Bulk actions name orders by sid: another account's are left out, and with none left, not found.
  {
    method: 'POST',
    url: '/api/v1/orders/labels',
    request: async (w, owner) => ({ path: '/orders/labels', body: { sids: [await orderToPrint(w, owner)] } }),
    expected: sellersOwnAccount(200, 404, 200),
  },
  {
    method: 'POST',
    url: '/api/v1/orders/export',
    request: async (w, owner) => ({ path: '/orders/export', body: { sids: [await orderToPrint(w, owner)] } }),
    expected: sellersOwnAccount(200, 404, 200),
  },
  {
    method: 'GET',
    url: '/api/v1/orders/import/template',
    request: () => ({ path: '/orders/import/template' }),
    expected: { anonymous: 401, apiKey: 200, operator: 200, seller: 200, admin: 200 },
  },
  {
    // Admins and operators import for any account, account users and keys for their own (403 for another).
    method: 'POST',
    url: '/api/v1/orders/import',
    request: async (w, owner) => ({
      path: '/orders/import',
      body: multipart(
        { account_sid: accountOf(w, owner).sid },
        {
          buffer: await xlsx([
            [
              'orderNumber',
              'name',
              'address1',
              'city',
              'state',
              'country',
              'postalCode',
              'skuNumber',
              'quantity',
            ],
            [unique('IMP-'), 'Jane', '1 Main St', 'Seattle', 'WA', 'US', '98101', 'SKU-1', 1],
          ]),
        },
      ),
    }),
    expected: sellersOwnAccount(200, 403, 200),
  },
  // Batch orders: everyone signed in, each account user and key on their own account's batches.
  {
    method: 'GET',
    url: '/api/v1/batch_orders',
    request: () => ({ path: '/batch_orders' }),
    expected: { anonymous: 401, apiKey: 200, operator: 200, seller: 200, admin: 200 },
  },
  {
    method: 'GET',
    url: '/api/v1/batch_orders/template',
    request: () => ({ path: '/batch_orders/template' }),
    expected: { anonymous: 401, apiKey: 200, operator: 200, seller: 200, admin: 200 },
  },
  {
    method: 'GET',
    url: '/api/v1/batch_orders/:id',
    request: async (w, owner) => ({ path: `/batch_orders/${await batchToRead(w, owner)}` }),
    expected: sellersOwnAccount(200, 404, 200),
  },
  {
    // An unfinished batch has no sheet of errors: the owner's callers reach it (409), another's is not found.
    method: 'GET',
    url: '/api/v1/batch_orders/:id/errors',
    request: async (w, owner) => ({ path: `/batch_orders/${await batchToRead(w, owner)}/errors` }),
    expected: sellersOwnAccount(409, 404, 409),
  },
  {
    // Labels and the report are a succeeded batch's: the owner's callers reach this one (409), another's is not found.
    method: 'GET',
    url: '/api/v1/labels/:id',
    request: async (w, owner) => ({ path: `/labels/${await batchToRead(w, owner)}` }),
    expected: sellersOwnAccount(409, 404, 409),
  },
  {
    method: 'GET',
    url: '/api/v1/report/:id',
    request: async (w, owner) => ({ path: `/report/${await batchToRead(w, owner)}` }),
    expected: sellersOwnAccount(409, 404, 409),
  },
  {
    method: 'POST',
    url: '/api/v1/batch_orders',
    request: async (w, owner) => ({ path: '/batch_orders', body: await batchForm(accountOf(w, owner).sid) }),
    expected: sellersOwnAccount(201, 403, 201),
  },
  {
    // "Run again" (issue 28): the batch read here stays in progress, so the owner's callers are refused (409).
    method: 'POST',
    url: '/api/v1/batch_orders/:id/run',
    request: async (w, owner) => ({ path: `/batch_orders/${await batchToRead(w, owner)}/run` }),
    expected: sellersOwnAccount(409, 404, 409),
  },
  // Hub uploads: admins and operators only, any account's barcodes.
  {
    method: 'POST',
    url: '/api/v1/orders/getDetails',
    request: async (w, owner) => ({
      path: '/orders/getDetails',
      body: multipart({}, { buffer: await xlsx([['barcode'], [(await newOrder(w, owner)).barcode]]) }),
    }),
    expected: { anonymous: 401, apiKey: 403, operator: 200, seller: 403, admin: 200 },
  },
  // The barcode uploads' template (issue 21): hub work like the uploads.
  {
    method: 'GET',
    url: '/api/v1/orders/getDetails/template',
    request: () => ({ path: '/orders/getDetails/template' }),
    expected: { anonymous: 401, apiKey: 403, operator: 200, seller: 403, admin: 200 },
  },
  {
    method: 'GET',
    url: '/api/v1/orders/status/template',
    request: () => ({ path: '/orders/status/template' }),
    expected: { anonymous: 401, apiKey: 403, operator: 200, seller: 403, admin: 200 },
  },
  {
    method: 'POST',
    url: '/api/v1/orders/status',
    request: async (w, owner) => ({
      path: '/orders/status',
      body: multipart(
        { status: '1' },
        { buffer: await xlsx([['barcode'], [(await newOrder(w, owner)).barcode]]) },
      ),
    }),
    expected: { anonymous: 401, apiKey: 403, operator: 200, seller: 403, admin: 200 },
  },
  {
    method: 'POST',
    url: '/api/v1/orders/status/preview',
    request: async (w, owner) => ({
      path: '/orders/status/preview',
      body: multipart(
        { status: '1' },
        { buffer: await xlsx([['barcode'], [(await newOrder(w, owner)).barcode]]) },
      ),
    }),
    expected: { anonymous: 401, apiKey: 403, operator: 200, seller: 403, admin: 200 },
  },
  {
    method: 'POST',
    url: '/api/v1/orders/delete',
    request: async (w, owner) => ({
      path: '/orders/delete',
      body: { sids: [(await newOrder(w, owner)).sid] },
    }),
    expected: sellersOwnAccount(200, 404, 403),
  },

  // Hub work (scanning): admins and operators on every account; account users and API keys refused
  {
    method: 'GET',
    url: '/api/v1/orders/scan/barcode/:code',
    request: async (w) => ({ path: `/orders/scan/barcode/${(await newOrder(w, 'A')).barcode}` }),
    expected: { anonymous: 401, apiKey: 403, seller: 403, operator: 200, admin: 200 },
  },
  {
    method: 'POST',
    url: '/api/v1/orders/scan/report',
    request: async (w) => ({
      path: '/orders/scan/report',
      body: { barcodes: [(await newOrder(w, 'A')).barcode] },
    }),
    expected: { anonymous: 401, apiKey: 403, seller: 403, operator: 200, admin: 200 },
  },
  // Tracking: public, only a parcel's events
  {
    method: 'GET',
    url: '/api/v1/tracking',
    request: async (w) => ({ path: '/tracking', query: { filter: (await newOrder(w, 'A')).barcode } }),
    expected: everyone(200),
  },
];

/** Routes kept out of the OpenAPI document on purpose. */
const HIDDEN = ['GET /api/v1/openapi.json', 'GET /api/docs'];

const key = (method: string, url: string) => `${method} ${url}`;

function outcomeFor(expected: Expected, caller: Caller): Outcome {
  if (caller !== 'pending') return expected[caller];
  if (expected.pending !== undefined) return expected.pending;
  return typeof expected.seller === 'number' ? 403 : both(403);
}

beforeAll(async () => {
  t = await createTestApp();
  appRoutes = [...registeredRoutes];
  admin = await t.adminToken();
  operator = await t.createUser(admin, { role: 1 });
  shared = await buildWorld();
});
afterAll(() => t.close());

describe('the route list', () => {
  it('names every /api route the app registers, and nothing else', () => {
    const apiRoutes = appRoutes.filter((route) => route.url.startsWith('/api/') && route.method !== 'HEAD');
    const inApp = [...new Set(apiRoutes.map((route) => key(route.method, route.url)))].sort();
    expect(inApp.length).toBeGreaterThan(0);
    expect(MATRIX.map((route) => key(route.method, route.url)).sort()).toEqual(inApp);
  });

  it('has each of its routes registered on the running app', () => {
    for (const route of MATRIX) {
      expect(
        t.app.hasRoute({ method: route.method as HTTPMethods, url: route.url }),
        key(route.method, route.url),
      ).toBe(true);
    }
  });

  it('matches the OpenAPI document, which lists every route that is not hidden', async () => {
    const document = (await t.call('GET', '/openapi.json')).json() as {
      paths: Record<string, Record<string, unknown>>;
    };
    const documented = Object.entries(document.paths).flatMap(([path, methods]) =>
      Object.keys(methods).map((method) => key(method.toUpperCase(), path.replace(/\{(\w+)\}/g, ':$1'))),
    );
    const listed = MATRIX.map((route) => key(route.method, route.url)).filter(
      (route) => !HIDDEN.includes(route),
    );
    expect(documented.sort()).toEqual(listed.sort());
    expect(documented.length + HIDDEN.length).toBe(MATRIX.length);
  });
});

describe('a route without an access policy', () => {
  it('stops the app from starting', async () => {
    const database = await openTestDatabase();
    let app: FastifyInstance | undefined;
    try {
      const starting = (async () => {
        app = await buildApp({ config: testConfig(), db: database.db, logger: false });
        app.get('/api/v1/forgotten', async () => ({ secret: true }));
        await app.ready();
      })();
      await expect(starting).rejects.toThrow('Route GET /api/v1/forgotten declares no access policy');
    } finally {
      await app?.close().catch(() => {});
      await database.close();
    }
  });
});

describe.each(MATRIX.map((route) => [key(route.method, route.url), route] as const))('%s', (_name, route) => {
  it('answers each caller as the matrix says', async () => {
    const actual: Record<string, Outcome> = {};
    for (const caller of CALLERS) {
      const expected = outcomeFor(route.expected, caller);
      const owners: Owner[] = typeof expected === 'number' ? ['A'] : ['A', 'B'];
      const statuses: Partial<Record<Owner, number>> = {};
      for (const owner of owners) {
        const w = route.freshWorld ? await buildWorld() : shared;
        const token = {
          anonymous: null,
          seller: w.seller.token,
          apiKey: w.apiKey,
          pending: w.pending,
          operator: operator.token,
          admin,
        }[caller];
        const { path, body, query, absolute } = await route.request(w, owner);
        const response = absolute
          ? await t.app.inject({
              method: route.method,
              url: path,
              query,
              headers: token ? { authorization: `Bearer ${token}` } : {},
            })
          : await t.call(route.method, path, { token, body, query });
        statuses[owner] = response.statusCode;
        if (response.statusCode >= 400) {
          // Every refusal keeps the error contract.
          expect(response.json(), `${caller} on ${owner}`).toEqual(
            expect.objectContaining({ msg: expect.any(String), code: expect.any(String) }),
          );
        }
      }
      actual[caller] =
        typeof expected === 'number' ? (statuses.A as number) : (statuses as Record<Owner, number>);
    }
    expect(actual).toEqual(
      Object.fromEntries(CALLERS.map((caller) => [caller, outcomeFor(route.expected, caller)])),
    );
  });
});
