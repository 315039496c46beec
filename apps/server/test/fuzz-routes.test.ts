/**
 * Property-based fuzzing of every /api route the app registers: generated bodies, query strings and path ids,
 * sent as an admin, an account user, an API key and nobody. No request may answer 5xx, and every refusal keeps
 * the `{ msg, code }` contract. Bodies and queries follow the OpenAPI document's schemas (so many pass
 * validation and reach services and queries), or have one node made hostile, or are hostile outright.
 *
 * The routes come from an onRoute hook, as in the access matrix (test/access-matrix/), so a new route is fuzzed by existing.
 * Bounded: FUZZ_RUNS runs per route (default 40); FUZZ_SEED replays a reported run. Fuzz traffic goes through
 * a second app on the same database, outside test-app.ts's OpenAPI recorder: random requests earn statuses
 * (414, 415, 429...) that no route documents, which is not what this file checks.
 */
import fc from 'fast-check';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../src/app.ts';
import {
  encodeComponent,
  fromSchema,
  type Hints,
  hostileString,
  type JsonSchema,
  jsonBody,
  queryValue,
  rawEscape,
} from './fuzz-inputs.ts';
import { createOrder, createOrderAccount, orderItem } from './order-fixtures.ts';
import { registeredRoutes } from './registered-routes.ts';
import { createTestApp, type TestApp, testConfig, unique } from './test-app.ts';
import { multipart, xlsx } from './workbooks.ts';

// Every route the app registers, as Fastify announces it (registered-routes.ts).
vi.mock('fastify', async (importOriginal) =>
  (await import('./registered-routes.ts')).recordingRoutes(await importOriginal<typeof import('fastify')>()),
);

const RUNS = Number(process.env.FUZZ_RUNS ?? 40);
const SEED = process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : undefined;

type Caller = 'admin' | 'seller' | 'apiKey' | 'anonymous';
type Part = 'body' | 'query' | 'path';

interface Operation {
  parameters?: { name: string; in: string; schema?: JsonSchema }[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
}
interface FuzzRequest {
  part: Part;
  caller: Caller;
  id: string;
  query: string;
  body: string | FormData | undefined;
}
interface FuzzRoute {
  method: string;
  url: string;
  operation: Operation;
}

let t: TestApp;
/** The fuzzed app: same database and secrets as `t`, its errors captured rather than printed. */
let fuzzed: FastifyInstance;
const serverErrors: string[] = [];
let routes: FuzzRoute[];
const tokens: Record<Exclude<Caller, 'anonymous'>, string> = { admin: '', seller: '', apiKey: '' };
let sellerLost = false;
let ids: string[] = [];
const hintsByKey = new Map<string, string[]>();
// Any `…sid` or `…sids` field gets the real objects (one sid each for array items).
const hints: Hints = (key) => hintsByKey.get(key) ?? (/sids?$/.test(key) ? ids : []);
let workbook: Buffer;

/** An account user (and an API key) of a fresh account that can order; again whenever fuzzing ended them. */
async function newSeller() {
  const account = await createOrderAccount(t, tokens.admin);
  const seller = await t.createUser(tokens.admin, { role: 0, account_sid: account.sid });
  tokens.seller = seller.token;
  tokens.apiKey = (await t.createApiKey(seller.token)).token;
  sellerLost = false;
  return { account, seller };
}

beforeAll(async () => {
  t = await createTestApp();
  const appRoutes = [...registeredRoutes];
  tokens.admin = await t.adminToken();
  const { account: A, seller } = await newSeller();
  const B = await createOrderAccount(t, tokens.admin);
  const userOfB = await t.createUser(tokens.admin, { role: 0, account_sid: B.sid });
  const hsCode = unique('HS').toUpperCase();
  const hs = await t.call('POST', '/hs_codes', {
    token: tokens.admin,
    body: { hs_code: hsCode, description: 'Fuzz goods' },
  });
  const sku = unique('FSKU-');
  const declaration = await t.call('POST', '/item_declarations', {
    token: seller.token,
    body: {
      skuNumber: sku,
      name: 'Tee',
      refName: 'Ao',
      itemDescription: 'T-shirt',
      hs_code: hsCode,
      itemWeight: 100,
      itemWidth: 1,
      itemHeight: 1,
      itemLength: 1,
      can_combine: false,
    },
  });
  const orderOfA = await createOrder(t, seller.token, { items: [orderItem({ skuNumber: sku })] });
  const orderOfB = await createOrder(t, tokens.admin, { account_sid: B.sid });
  const key = await t.createApiKey(tokens.admin, B.sid);
  // Real objects of the seller's account and of another, so generated calls reach rows and not only 404s.
  ids = [
    A.sid,
    B.sid,
    seller.user.sid,
    userOfB.user.sid,
    A.vendor_sid ?? '',
    A.price_sid ?? '',
    hs.json().sid,
    declaration.json().sid,
    orderOfA.sid,
    orderOfA.items[0]?.sid ?? '',
    orderOfB.sid,
    key.sid,
  ].filter(Boolean);
  const dates = [
    '2026-01-01',
    new Date().toISOString().slice(0, 10),
    '2026-02-30',
    '1970-01-01',
    '9999-12-31',
  ];
  for (const [key, values] of Object.entries({
    filter: [orderOfA.barcode, orderOfA.orderNumber, orderOfB.barcode, 'Nguyen'],
    from_date: dates,
    to_date: dates,
    hs_code: [hsCode, ''],
    account_sid: [A.sid, B.sid],
    vendor_sid: [A.vendor_sid ?? ''],
    price_sid: [A.price_sid ?? '', B.price_sid ?? ''],
    skuNumber: [sku],
    username: ['admin', seller.user.username, 'fuzz.user'],
    email: ['seller@example.com', 'a.b@shop.example.vn'],
    password: ['Admin#2026', 'Start#1234'],
    initial_password: ['Start#1234'],
    old_password: ['Seller#123'],
    new_password: ['Fresh#5678'],
    order_status_hook: ['https://seller.example.com/hook', ''],
  })) {
    hintsByKey.set(key, values);
  }
  workbook = await xlsx([
    ['weight', 'vnd', 'usd'],
    [500, 180000, 7.5],
  ]);

  const document = t.app.swagger() as { paths: Record<string, Record<string, Operation>> };
  routes = [
    ...new Map(
      appRoutes
        .filter((route) => route.url.startsWith('/api/') && route.method !== 'HEAD')
        .map((route) => [`${route.method} ${route.url}`, route]),
    ).values(),
  ].map((route) => ({
    ...route,
    operation: document.paths[route.url.replace(/:(\w+)/g, '{$1}')]?.[route.method.toLowerCase()] ?? {},
  }));

  fuzzed = await buildApp({
    config: testConfig(),
    db: t.database.db,
    logger: { level: 'error', stream: { write: (line: string) => void serverErrors.push(line) } },
  });
  await fuzzed.ready();
}, 120_000);
afterAll(async () => {
  await fuzzed?.close();
  await t?.close();
});

const callers = fc.constantFrom<Caller>('admin', 'seller', 'apiKey', 'anonymous');

/** A path id: a real object, generated text, something hostile, or a malformed escape. */
const pathId = (hostile: boolean) =>
  hostile
    ? fc.oneof(
        { weight: 2, arbitrary: fc.constantFrom(...ids).map(encodeComponent) },
        { weight: 3, arbitrary: hostileString.map(encodeComponent) },
        { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 20 }).map(encodeComponent) },
        { weight: 1, arbitrary: fc.tuple(fc.constantFrom(...ids), rawEscape).map(([id, raw]) => id + raw) },
      )
    : fc.constantFrom(...ids);

function queryString(route: FuzzRoute, hostile: boolean): fc.Arbitrary<string> {
  const declared = (route.operation.parameters ?? []).filter((parameter) => parameter.in === 'query');
  // Each parameter mostly left out: every one given is another chance for the whole query to be refused.
  const pairs = declared.map((parameter) =>
    fc.oneof(
      { weight: 2, arbitrary: fc.constant(null) },
      {
        weight: 1,
        arbitrary: queryValue(parameter.schema, parameter.name, hints, hostile).map(
          (value) => `${parameter.name}=${value}`,
        ),
      },
    ),
  );
  // Undeclared and repeated keys: only a hostile query has them.
  const extra = hostile
    ? fc.array(
        fc
          .tuple(fc.oneof(hostileString, fc.constantFrom(...declared.map((p) => p.name), 'x')), hostileString)
          .map(([key, value]) => `${encodeComponent(key)}=${encodeComponent(value)}`),
        { maxLength: 2 },
      )
    : fc.constant([]);
  return fc
    .tuple(fc.tuple(...pairs), extra)
    .map(([given, more]) => [...given.filter((pair) => pair !== null), ...more].join('&'));
}

function multipartBody(route: FuzzRoute, hostile: boolean): fc.Arbitrary<FormData> {
  const schema = route.operation.requestBody?.content?.['multipart/form-data']?.schema;
  const fields = Object.entries(schema?.properties ?? {}).filter(([name]) => name !== 'file');
  const text = (name: string, field: JsonSchema) =>
    fc.option(
      hostile
        ? fc.oneof(hostileString, fromSchema(field, hints, name).map(String))
        : fromSchema(field, hints, name, true).map(String),
    );
  return fc
    .tuple(
      fc.tuple(...fields.map(([name, field]) => text(name, field).map((value) => [name, value] as const))),
      fc.constantFrom<'xlsx' | 'garbage' | 'none'>('xlsx', 'garbage', 'none'),
    )
    .map(([values, file]) => {
      const given = Object.fromEntries(values.filter(([, value]) => value !== null)) as Record<
        string,
        string
      >;
      if (given.name !== undefined) given.name = `${given.name} ${unique('')}`;
      if (file === 'none') return multipart(given);
      return multipart(given, { buffer: file === 'xlsx' ? workbook : Buffer.from('not a workbook') });
    });
}

/** One generated request for `route`, with one part hostile and the others ordinary. */
function requests(route: FuzzRoute): fc.Arbitrary<FuzzRequest> {
  const hasPath = route.url.includes(':');
  const content = route.operation.requestBody?.content ?? {};
  const jsonSchema = content['application/json']?.schema;
  const takesBody = route.method === 'POST' || route.method === 'PUT';
  const parts: Part[] = ['query'];
  if (hasPath) parts.push('path');
  if (takesBody) parts.push('body');
  return fc.constantFrom(...parts).chain((part) => {
    const hostile = part === 'body';
    const body: fc.Arbitrary<string | FormData | undefined> = !takesBody
      ? fc.constant(undefined)
      : content['multipart/form-data']
        ? multipartBody(route, hostile)
        : hostile
          ? jsonBody(jsonSchema, hints)
          : jsonSchema
            ? fromSchema(jsonSchema, hints, '', true).map((value) => JSON.stringify(value))
            : fc.constant(undefined);
    return fc.record({
      part: fc.constant(part),
      caller: callers,
      id: hasPath ? pathId(part === 'path') : fc.constant(''),
      query: queryString(route, part === 'query'),
      body,
    });
  });
}

let addressCounter = 0;
/** Statuses per route, printed with FUZZ_STATS=1: shows which routes the generated requests get through to. */
const statuses: Record<string, Record<number, number>> = {};
afterAll(() => {
  if (process.env.FUZZ_STATS) console.log(JSON.stringify(statuses).replaceAll('},', '},\n'));
});

async function send(route: FuzzRoute, { caller, id, query, body }: FuzzRequest) {
  if (sellerLost && (caller === 'seller' || caller === 'apiKey')) await newSeller();
  const headers: Record<string, string> = {};
  if (caller !== 'anonymous') headers.authorization = `Bearer ${tokens[caller]}`;
  if (typeof body === 'string') headers['content-type'] = 'application/json';
  const path = route.url.replace(/:\w+/, id);
  const options: InjectOptions = {
    method: route.method as InjectOptions['method'],
    url: query ? `${path}?${query}` : path,
    headers,
    payload: body,
    // A new address per request keeps the public routes' rate limits (per address) out of the way.
    remoteAddress: `10.${(addressCounter >> 16) & 255}.${(addressCounter >> 8) & 255}.${addressCounter++ & 255}`,
  };
  const errorsBefore = serverErrors.length;
  const response = await fuzzed.inject(options);
  const counts = statuses[`${route.method} ${route.url}`] ?? {};
  counts[response.statusCode] = (counts[response.statusCode] ?? 0) + 1;
  statuses[`${route.method} ${route.url}`] = counts;
  // Fuzzing may delete, deactivate or re-role the seller: start a new one for the next run rather than stop.
  if (response.statusCode === 401 && (caller === 'seller' || caller === 'apiKey')) sellerLost = true;
  return { response, errors: serverErrors.slice(errorsBefore), url: options.url as string };
}

/** Why a reply breaks the rules, or null. */
function problemOf(status: number, contentType: string | undefined, body: string): string | null {
  if (status >= 500) return `answered ${status}`;
  if (status < 400) return null;
  if (!contentType?.startsWith('application/json')) return `answered ${status} as ${contentType}`;
  try {
    const parsed = JSON.parse(body) as { msg?: unknown; code?: unknown };
    if (typeof parsed.msg === 'string' && typeof parsed.code === 'string') return null;
  } catch {}
  return `answered ${status} outside the error contract`;
}

describe('fuzzing every /api route', () => {
  it('enumerates the registered routes, public ones included', () => {
    const names = routes.map((route) => `${route.method} ${route.url}`);
    expect(names.length).toBeGreaterThan(40);
    expect(names).toEqual(expect.arrayContaining(['POST /api/v1/login', 'GET /api/v1/tracking']));
  });

  it('never answers 5xx, and every refusal keeps the { msg, code } contract', async () => {
    const failures: string[] = [];
    for (const route of routes) {
      const result = await fc.check(
        fc.asyncProperty(requests(route), async (request) => {
          const { response, errors, url } = await send(route, request);
          const problem = problemOf(
            response.statusCode,
            response.headers['content-type']?.toString(),
            response.body,
          );
          if (!problem) return true;
          const server = errors.map((line) =>
            JSON.stringify((JSON.parse(line) as { err?: unknown }).err ?? line).slice(0, 600),
          );
          throw new Error(
            `${problem}: ${response.body.slice(0, 200)}\n    ${request.caller} ${route.method} ${url.slice(0, 300)}${server.length ? `\n    server: ${server.join('; ')}` : ''}`,
          );
        }),
        { numRuns: RUNS, seed: SEED, endOnFailure: true },
      );
      if (result.failed) {
        const error =
          result.errorInstance instanceof Error ? result.errorInstance.message : String(result.errorInstance);
        failures.push(
          `${route.method} ${route.url} (seed ${result.seed}, path ${result.counterexamplePath}): ${error}`,
        );
      }
    }
    expect(failures, failures.join('\n\n')).toEqual([]);
  }, 600_000);
});
