/**
 * Who may call what: every /api route against every kind of caller, on objects of the caller's own account (A)
 * and of another account (B). Each module's rows are in `<module>.matrix.ts` and run by `<module>.test.ts`
 * (files run in parallel, each on an app and a world of its own); route-list.test.ts makes sure the rows of
 * all modules list exactly the routes the app registers, so a new route cannot ship without its row.
 *
 * This module holds what the files share: the callers, the world builder, the throwaway objects the rows
 * create, and `runMatrix`, which checks a module's rows.
 */
import { type Account, type Ams, mawbWithCheckDigit, type User } from '@parcelops/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, unique } from '../test-app.ts';
import { multipart, xlsx } from '../workbooks.ts';

/**
 * anonymous: no token; seller: a signed-in account user of A; apiKey: an API key of A; pending: an account user of A
 * who has not yet replaced the initial password (force_change); operator and admin.
 */
export type Caller = 'anonymous' | 'seller' | 'apiKey' | 'pending' | 'operator' | 'admin';
export const CALLERS: Caller[] = ['anonymous', 'apiKey', 'pending', 'operator', 'seller', 'admin'];
export type Owner = 'A' | 'B';
export type Outcome = number | Record<Owner, number>;

/**
 * What each caller gets: one status, or one per owner of the object (A: the seller's own account, B: another).
 * `pending` may be left out: a session that must change its password is refused (403) wherever the seller is.
 */
export type Expected = Record<Exclude<Caller, 'pending'>, Outcome> & { pending?: Outcome };

export interface World {
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

export interface Request {
  path: string;
  body?: unknown;
  query?: Record<string, string>;
  /** The path is the whole URL, not one under /api/v1 (the /api/docs page). */
  absolute?: boolean;
}

export interface RouteCase {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** The route as registered, e.g. /api/v1/accounts/:id. */
  url: string;
  /** Builds the call on the object of `owner`; may create a throwaway object when the call destroys it. */
  request(w: World, owner: Owner): Request | Promise<Request>;
  expected: Expected;
  /**
   * The call destroys the accounts it names: a cell never runs on a world a call has changed (each world serves
   * the cells until one of them succeeds, and the next cell gets a new one).
   */
  freshWorld?: boolean;
}

export const everyone = (status: number): Expected => ({
  anonymous: status,
  pending: status,
  seller: status,
  apiKey: status,
  operator: status,
  admin: status,
});
export const both = (status: number) => ({ A: status, B: status });

/** The file's app and its admin's session, set by `openMatrixApp` (read them only inside tests and hooks). */
export let t: TestApp;
export let admin: string;
let operator: { user: User; token: string };
let shared: World;

export async function buildWorld(): Promise<World> {
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

export async function addUser(accountSid: string): Promise<User> {
  const response = await t.call('POST', '/users', {
    token: admin,
    body: { username: unique('m'), role: 0, account_sid: accountSid, initial_password: INITIAL_PASSWORD },
  });
  if (response.statusCode !== 201) throw new Error(`add user: ${response.statusCode} ${response.body}`);
  return response.json();
}

const INITIAL_PASSWORD = 'Start#1234';
export const accountOf = (w: World, owner: Owner) => (owner === 'A' ? w.A : w.B);
export const mulVendor = () => ({
  vendor: 'mul',
  name: unique('Matrix vendor '),
  api_key: 'k',
  api_secret: 's',
});

/** Multipart bodies for the upload routes, built afresh for each call. */
export const priceForm = async (name: string) =>
  multipart(
    { name },
    {
      buffer: await xlsx([
        ['weight', 'vnd', 'usd'],
        [500, 180000, 7.5],
      ]),
    },
  );
export const declarationBody = () => ({
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
export const declarationForm = async (accountSid: string) => {
  const row = { ...declarationBody(), can_combine: 'no' };
  return multipart(
    { account_sid: accountSid },
    { buffer: await xlsx([Object.keys(row), Object.values(row)]) },
  );
};

/** Throwaway catalog objects, created by the admin for the calls that change or destroy them. */
export async function created<T>(path: string, body: unknown, what: string, status = 201): Promise<T> {
  const response = await t.call('POST', path, { token: admin, body });
  if (response.statusCode !== status) throw new Error(`${what}: ${response.statusCode} ${response.body}`);
  return response.json();
}
export const newPriceTable = async () =>
  created<{ sid: string; name: string }>('/pricese', await priceForm(unique('Matrix rates ')), 'price table');
export const newHsCode = () =>
  created<{ sid: string }>('/hs_codes', { hs_code: unique('HS'), description: 'Matrix goods' }, 'HS code');
export const newDeclaration = (accountSid: string) =>
  created<{ sid: string }>(
    '/item_declarations',
    { ...declarationBody(), account_sid: accountSid },
    'item declaration',
  );
/** Accounts given a price table, so they can order. */
const priced = new Set<string>();
export async function orderable(accountSid: string): Promise<string> {
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
export const orderBody = (accountSid: string) => ({
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
export const newOrder = async (w: World, owner: Owner) =>
  created<{ sid: string; barcode: string; items: { sid: string }[] }>(
    '/orders',
    orderBody(await orderable(accountOf(w, owner).sid)),
    'order',
  );
export const adminOnly: Expected = { anonymous: 401, apiKey: 403, operator: 403, seller: 403, admin: 200 };
/**
 * A seller and their API key reach their own account A (`own`) and are refused account B (`other`: 403, or 404
 * where existence is not revealed); admins reach both (`own`); operators answer `operator` for both.
 */
export const sellersOwnAccount = (own: number, other: number, operator: number): Expected => ({
  anonymous: 401,
  apiKey: { A: own, B: other },
  operator: both(operator),
  seller: { A: own, B: other },
  admin: both(own),
});
/** Air manifests for the AMS rows: one shared to read and scan into, throwaways for the calls that change them. */
let mawbSerial = 2_000_000 + Math.floor(Math.random() * 7_000_000);
export const amsBody = () => ({
  name: unique('Matrix AMS '),
  departureDate: new Date(Date.now() + 86_400_000).toISOString(),
  masterAirWaybill: mawbWithCheckDigit('157', String(mawbSerial++)),
  hawb: 'H1',
});
export const newAms = () => created<Ams>('/ams', amsBody(), 'AMS');
let sharedAmsPromise: Promise<Ams> | undefined;
export const sharedAms = () => {
  sharedAmsPromise ??= newAms();
  return sharedAmsPromise;
};
export const scanIntoBody = (manifest: Ams, barcode: string) => ({
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
export async function loadedAms(w: World, owner: Owner): Promise<{ manifest: Ams; orderSid: string }> {
  const manifest = await newAms();
  const order = await newOrder(w, owner);
  const response = await t.call('POST', '/ams/order', {
    token: admin,
    body: scanIntoBody(manifest, order.barcode),
  });
  if (response.statusCode !== 200) throw new Error(`scan into AMS: ${response.statusCode} ${response.body}`);
  return { manifest, orderSid: order.sid };
}
export const hubOnly = (ok: number): Expected => ({
  anonymous: 401,
  apiKey: both(403),
  operator: both(ok),
  seller: both(403),
  admin: both(ok),
});

/** The owner's account with an order status hook (a public name, never called: this file runs no workers). */
const withHook = new Set<string>();
export async function hooked(w: World, owner: Owner): Promise<string> {
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
export const hookOwners = (ok: number): Expected => ({
  anonymous: 401,
  apiKey: both(403),
  operator: both(403),
  seller: { A: ok, B: 403 },
  admin: both(ok),
});

/** One order per account to print labels of: printing changes nothing, so every caller may share it. */
const toPrint = new Map<string, Promise<string>>();
export const orderToPrint = (w: World, owner: Owner) => {
  const accountSid = accountOf(w, owner).sid;
  let order = toPrint.get(accountSid);
  if (!order) {
    order = newOrder(w, owner).then((created) => created.sid);
    toPrint.set(accountSid, order);
  }
  return order;
};

/** A batch order's form for the owner's account (its rows are checked later, by the job). */
/** An order sheet of one valid row, its order number starting with `prefix` (an import's or a batch's file). */
export const oneOrderSheet = async (prefix: string) => ({
  buffer: await xlsx([
    ['orderNumber', 'name', 'address1', 'city', 'state', 'country', 'postalCode', 'skuNumber', 'quantity'],
    [unique(prefix), 'Jane', '1 Main St', 'Seattle', 'WA', 'US', '98101', 'SKU-1', 1],
  ]),
});

export const batchForm = async (accountSid: string) =>
  multipart({ name: unique('Matrix batch '), account_sid: accountSid }, await oneOrderSheet('BAT-'));
/** One batch per account to read: reading changes nothing (no workers run here: it stays in progress). */
const toRead = new Map<string, Promise<string>>();
export const batchToRead = (w: World, owner: Owner) => {
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

export const key = (method: string, url: string) => `${method} ${url}`;

export function outcomeFor(expected: Expected, caller: Caller): Outcome {
  if (caller !== 'pending') return expected[caller];
  if (expected.pending !== undefined) return expected.pending;
  return typeof expected.seller === 'number' ? 403 : both(403);
}

/** Builds the file's app, its admin, operator and shared world before its tests, and closes the app after. */
export function openMatrixApp(): void {
  beforeAll(async () => {
    priced.clear();
    withHook.clear();
    toPrint.clear();
    toRead.clear();
    sharedAmsPromise = undefined;
    t = await createTestApp();
    admin = await t.adminToken();
    operator = await t.createUser(admin, { role: 1 });
    shared = await buildWorld();
  });
  afterAll(() => t?.close());
}

/** One test per row: every caller, on A and (where the outcome depends on the owner) on B, gets its status. */
export function runMatrix(rows: RouteCase[]): void {
  openMatrixApp();
  describe.each(rows.map((route) => [key(route.method, route.url), route] as const))('%s', (_name, route) => {
    it('answers each caller as the matrix says', async () => {
      const actual: Record<string, Outcome> = {};
      let fresh: World | undefined;
      for (const caller of CALLERS) {
        const expected = outcomeFor(route.expected, caller);
        const owners: Owner[] = typeof expected === 'number' ? ['A'] : ['A', 'B'];
        const statuses: Partial<Record<Owner, number>> = {};
        for (const owner of owners) {
          if (route.freshWorld) fresh ??= await buildWorld();
          const w = route.freshWorld && fresh ? fresh : shared;
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
          // A call that went through may have destroyed the world: the next cell builds another.
          if (response.statusCode < 400) fresh = undefined;
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
}
