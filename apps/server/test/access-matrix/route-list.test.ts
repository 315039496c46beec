/**
 * The access matrix's route list: the rows of all modules together name exactly the /api routes the app
 * registers and the OpenAPI document lists, each in one module only, so a new route cannot ship without its
 * row. Only the rows are read here; each module's file runs them.
 */
import type { FastifyInstance, HTTPMethods } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../../src/app.ts';
import { registeredRoutes } from '../registered-routes.ts';
import { createTestApp, type TestApp, testConfig } from '../test-app.ts';
import { openTestDatabase } from '../test-database.ts';
import { ACCOUNTS } from './accounts.matrix.ts';
import { AMS } from './ams.matrix.ts';
import { BATCH_ORDERS } from './batch-orders.matrix.ts';
import { CATALOG } from './catalog.matrix.ts';
import { HUB } from './hub.matrix.ts';
import { key, type RouteCase } from './matrix.ts';
import { ORDERS } from './orders.matrix.ts';

// Every route the app registers, as Fastify announces it (registered-routes.ts).
vi.mock('fastify', async (importOriginal) =>
  (await import('../registered-routes.ts')).recordingRoutes(await importOriginal<typeof import('fastify')>()),
);

const MODULES: Record<string, RouteCase[]> = {
  accounts: ACCOUNTS,
  ams: AMS,
  'batch-orders': BATCH_ORDERS,
  catalog: CATALOG,
  hub: HUB,
  orders: ORDERS,
};
const MATRIX = Object.values(MODULES).flat();

/** Routes kept out of the OpenAPI document on purpose. */
const HIDDEN = ['GET /api/v1/openapi.json', 'GET /api/docs'];

let t: TestApp;
/** The routes of `t`'s app, taken before any other app is built in this file. */
let appRoutes: { method: string; url: string }[];

beforeAll(async () => {
  t = await createTestApp();
  appRoutes = [...registeredRoutes];
});
afterAll(() => t.close());

describe('the route list', () => {
  it('names every /api route the app registers, and nothing else', () => {
    const apiRoutes = appRoutes.filter((route) => route.url.startsWith('/api/') && route.method !== 'HEAD');
    const inApp = [...new Set(apiRoutes.map((route) => key(route.method, route.url)))].sort();
    expect(inApp.length).toBeGreaterThan(0);
    expect(MATRIX.map((route) => key(route.method, route.url)).sort()).toEqual(inApp);
  });

  it('lists each route in exactly one module', () => {
    const modulesOf = new Map<string, string[]>();
    for (const [module, rows] of Object.entries(MODULES)) {
      expect(rows.length, module).toBeGreaterThan(0);
      for (const route of rows) {
        const name = key(route.method, route.url);
        modulesOf.set(name, [...(modulesOf.get(name) ?? []), module]);
      }
    }
    const repeated = [...modulesOf].filter(([, modules]) => modules.length > 1);
    expect(repeated).toEqual([]);
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
