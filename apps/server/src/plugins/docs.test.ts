import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
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
