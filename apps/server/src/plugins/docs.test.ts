import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FILE_PART, OpenApiConformance, type OpenApiDocument } from '../../test/openapi-conformance.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { XLSX_TYPE } from '../lib/downloads.ts';
import { renderDocsPage } from './docs-page.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

interface Operation {
  summary?: string;
  tags?: string[];
  security?: unknown[];
  'x-access'?: { public: boolean; roles: string[]; apiKey: boolean };
}
const operations = async () => {
  const document = (await t.call('GET', '/openapi.json')).json() as {
    paths: Record<string, Record<string, Operation>>;
  };
  return Object.entries(document.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, operation]) => ({
      route: `${method.toUpperCase()} ${path}`,
      operation,
    })),
  );
};

describe('the OpenAPI document', () => {
  it('gives every operation a tag, a summary and who may call it', async () => {
    const all = await operations();
    expect(all.length).toBeGreaterThan(40);
    const lacking = all
      .filter(
        ({ operation }) => !operation.tags?.length || !operation.summary?.trim() || !operation['x-access'],
      )
      .map(({ route }) => route);
    expect(lacking).toEqual([]);
  });

  it('needs no token for public operations', async () => {
    const login = (await operations()).find(({ route }) => route === 'POST /api/v1/login')?.operation;
    expect(login?.security).toEqual([]);
    expect(login?.['x-access']).toEqual({ public: true, roles: [], apiKey: false });
  });
});

interface Media {
  schema?: { type?: string; format?: string; properties?: Record<string, unknown>; required?: string[] };
}
interface FullOperation {
  requestBody?: { content?: Record<string, Media> };
  responses: Record<string, { content?: Record<string, Media> }>;
}
const documentOf = async () =>
  (await t.call('GET', '/openapi.json')).json() as { paths: Record<string, Record<string, FullOperation>> };
const operation = async (method: string, path: string) => {
  const found = (await documentOf()).paths[`/api/v1${path}`]?.[method];
  if (!found) throw new Error(`${method} ${path} is not documented`);
  return found;
};

describe('what the document says the wire carries', () => {
  it.each([
    ['post', '/pricese', ['file', 'name']],
    ['put', '/pricese/{id}', ['file', 'name']],
    ['post', '/item_declarations/batch', ['file']],
  ])(
    'gives the multipart form of %s %s: the file as binary and the text fields the route reads',
    async (method, path, required) => {
      const form = (await operation(method, path)).requestBody?.content?.['multipart/form-data']?.schema;
      expect(form?.properties?.file).toMatchObject({ type: 'string', format: 'binary' });
      expect(form?.required?.sort()).toEqual(required);
      if (path.includes('batch')) expect(Object.keys(form?.properties ?? {})).toContain('account_sid');
    },
  );

  it.each([
    ['/pricese/template', XLSX_TYPE],
    ['/pricese/{id}/export', XLSX_TYPE],
    ['/item_declarations/template', XLSX_TYPE],
    ['/accounts/{id}/credit_usages_report', XLSX_TYPE],
    ['/orders/{id}/label', 'application/pdf', 'application/zpl'],
    ['/labels/{id}', 'application/pdf', 'application/zpl'],
  ])('gives the download GET %s as %s with a binary body', async (path, ...types) => {
    const content = (await operation('get', path)).responses['200']?.content;
    expect(Object.keys(content ?? {})).toEqual(types);
    for (const type of types)
      expect(content?.[type]?.schema).toMatchObject({ type: 'string', format: 'binary' });
  });

  it('answers every operation with the error body by default', async () => {
    const lacking = Object.entries((await documentOf()).paths).flatMap(([path, methods]) =>
      Object.entries(methods)
        .filter(
          ([, op]) =>
            !op.responses.default?.content?.['application/json']?.schema?.required?.includes('code'),
        )
        .map(([method]) => `${method} ${path}`),
    );
    expect(lacking).toEqual([]);
  });
});

describe('the conformance check of the recorded traffic', () => {
  let check: OpenApiConformance;
  beforeAll(async () => {
    check = new OpenApiConformance((await documentOf()) as OpenApiDocument);
  });
  const vendor = {
    vendor: 'mul',
    name: 'Carrier',
    api_key: 'k',
    api_secret: 's',
    sid: '0190',
    date_created: '2026-01-01T00:00:00.000Z',
    accounts_count: 0,
  };
  const reply = (status: number, body: unknown, replyContentType = 'application/json; charset=utf-8') => ({
    status,
    replyContentType,
    replyBody: typeof body === 'string' ? body : JSON.stringify(body),
  });

  it('accepts a vendor reply as the server sends it: credentials with sid, date_created, accounts_count', () => {
    expect(check.check({ method: 'GET', path: '/api/v1/vendors/0190', ...reply(200, vendor) })).toEqual([]);
  });

  it('names the route, the status and the place of a reply that breaks the document', () => {
    const { accounts_count: _, ...lacking } = vendor;
    expect(check.check({ method: 'GET', path: '/api/v1/vendors/0190', ...reply(200, lacking) })).toEqual([
      "GET /api/v1/vendors/{id} → 200: reply / must have required property 'accounts_count'",
    ]);
    expect(
      check.check({ method: 'GET', path: '/api/v1/vendors', ...reply(200, [{ ...vendor, vendor: 'ups' }]) }),
    ).toContainEqual(
      expect.stringMatching(/^GET \/api\/v1\/vendors → 200: reply \/0\/vendor must be equal to one of/),
    );
  });

  it('refuses a status or a content type the document does not give', () => {
    expect(
      check.check({ method: 'GET', path: '/api/v1/health', ...reply(418, { msg: 'x', code: 'INTERNAL' }) }),
    ).toEqual(['GET /api/v1/health → 418: reply status 418 is not documented']);
    expect(
      check.check({ method: 'GET', path: '/api/v1/pricese/template', ...reply(200, 'PK', 'text/csv') }),
    ).toEqual([
      `GET /api/v1/pricese/template → 200: reply content type text/csv is not documented (${XLSX_TYPE})`,
    ]);
    expect(
      check.check({ method: 'GET', path: '/api/v1/pricese/template', ...reply(200, 'PK', XLSX_TYPE) }),
    ).toEqual([]);
  });

  it('holds an accepted request to the document, and lets a refused one break it', () => {
    const sent = { method: 'POST', path: '/api/v1/pricese', requestContentType: 'multipart/form-data' };
    const table = {
      sid: 's',
      name: 'T',
      rows_count: 0,
      accounts_count: 0,
      date_created: 'd',
      pricese: 'T',
      rows: [],
    };
    expect(
      check.check({ ...sent, requestBody: { file: FILE_PART, name: 'T' }, ...reply(201, table) }),
    ).toEqual([]);
    expect(check.check({ ...sent, requestBody: { file: FILE_PART }, ...reply(201, table) })).toEqual([
      "POST /api/v1/pricese → 201: request / must have required property 'name'",
    ]);
    const refusal = { msg: 'Name is required', code: 'VALIDATION_FAILED' };
    expect(check.check({ ...sent, requestBody: { file: FILE_PART }, ...reply(400, refusal) })).toEqual([]);
    expect(
      check.check({
        method: 'GET',
        path: '/api/v1/orders',
        query: { page: 'x' },
        ...reply(200, { data: [], total: 0 }),
      }),
    ).toEqual(['GET /api/v1/orders → 200: request query /page must be integer']);
  });
});

describe('GET /api/docs', () => {
  it('answers a self-contained HTML reference of the API, without a token', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/docs' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    const html = response.body;
    expect(html).toMatch(/^<!doctype html>/);
    expect(html).toContain('Authorization: Bearer &lt;token&gt;');
    for (const route of [
      'POST</span> <code class="path">/api/v1/login',
      'POST</span> <code class="path">/api/v1/orders',
      'GET</span> <code class="path">/api/v1/orders/{id}/label',
      'GET</span> <code class="path">/api/v1/accounts/{id}/credit_usages_report',
    ]) {
      expect(html).toContain(route);
    }
    expect(html).toContain('Sign in with username and password');
    // Nothing is loaded from elsewhere: no scripts, no external styles or fonts.
    expect(html).not.toMatch(/<script|<link|https?:\/\/(?!&lt;)/);
  });

  it('is not caught by the JSON 404 of unknown /api paths', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/docs' })).headers['content-type']).toContain(
      'text/html',
    );
    const unknown = await t.app.inject({ method: 'GET', url: '/api/nothing-here' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().code).toBe('NOT_FOUND');
  });
});

describe('renderDocsPage', () => {
  it('sketches schemas readably and escapes what it shows', () => {
    const html = renderDocsPage({
      info: { title: 'Test <API>', version: '1', description: 'Send `Authorization`.' },
      paths: {
        '/api/v1/things/{id}': {
          put: {
            tags: ['things'],
            summary: 'Change a <thing>',
            parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string' } }],
            requestBody: {
              content: {
                'application/json': {
                  schema: {
                    type: 'object',
                    properties: {
                      name: { type: 'string', minLength: 1, maxLength: 20 },
                      kind: { enum: ['a', 'b'] },
                      tags: { type: 'array', items: { type: 'string' } },
                      note: { anyOf: [{ type: 'string' }, { type: 'null' }], description: 'Free text' },
                    },
                    required: ['name', 'kind'],
                  },
                },
              },
            },
            responses: { 200: { description: 'Default Response' }, 404: { description: 'Default Response' } },
            'x-access': { public: false, roles: ['admin'], apiKey: false },
          },
        },
      },
    });
    expect(html).toContain('<title>Test &lt;API&gt; reference</title>');
    expect(html).toContain('Change a &lt;thing&gt;');
    expect(html).toContain('Send <code>Authorization</code>.');
    expect(html).toContain('name: string  // not empty, at most 20 chars');
    expect(html).toContain('kind: &quot;a&quot; | &quot;b&quot;');
    expect(html).toContain('tags?: string[]');
    expect(html).toContain('note?: string | null  // Free text');
    expect(html).toContain('<span class="badge role">Admins</span>');
    expect(html).toContain('Not with an API key');
    expect(html).toContain('<span class="status err">404</span>');
  });
});
