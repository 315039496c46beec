/**
 * Issue 30 part 1: a multipart body that is cut off or malformed is a 400 MALFORMED_UPLOAD on every upload
 * route (found from the OpenAPI document, so a new upload route is covered without being listed), logged at
 * info with no error line. A seller's API key is enough to send one, so the routes are tried as an admin, who
 * may call them all.
 */
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './test-app.ts';

interface LogLine {
  level: number;
  msg: string;
}

const lines: LogLine[] = [];
const stream = new Writable({
  write(chunk, _encoding, done) {
    for (const line of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(line) as LogLine);
    done();
  },
});

let t: TestApp;
let token: string;
let uploadRoutes: { method: string; url: string }[];

beforeAll(async () => {
  t = await createTestApp({}, { level: 'info', stream });
  token = await t.adminToken();
  const document = t.app.swagger() as {
    paths: Record<string, Record<string, { requestBody?: { content?: Record<string, unknown> } }>>;
  };
  uploadRoutes = Object.entries(document.paths).flatMap(([path, operations]) =>
    Object.entries(operations)
      .filter(([, operation]) => operation.requestBody?.content?.['multipart/form-data'])
      // Any id will do: the body is refused before the route looks anything up.
      .map(([method, _]) => ({ method: method.toUpperCase(), url: path.replace(/\{[^}]+\}/g, 'X1') })),
  );
});
afterAll(async () => {
  await t.close();
});

const BOUNDARY = '----parcelops-cut';
const head = (name: string, filename?: string) =>
  `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"${
    filename ? `; filename="${filename}"\r\nContent-Type: application/octet-stream` : ''
  }\r\n\r\n`;

/** Bodies a client that stops early, or never knew the format, sends. */
const BROKEN_BODIES: Record<string, string> = {
  'no closing boundary': `${head('file', 'a.xlsx')}PK\u0003\u0004 some bytes`,
  'a part cut short': `${head('name', undefined)}batch one\r\n${head('file', 'a.xlsx')}PK`,
  'headers that never end': `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="a.xlsx"\r\nX: ${'y'.repeat(100)}`,
  'only a boundary': `--${BOUNDARY}`,
};

function send(route: { method: string; url: string }, body: string, boundary = BOUNDARY) {
  return t.app.inject({
    method: route.method as 'POST',
    url: route.url,
    headers: {
      authorization: `Bearer ${token}`,
      'content-type': `multipart/form-data; boundary=${boundary}`,
    },
    payload: body,
  });
}

describe('a cut-off or malformed multipart body', () => {
  it('finds the upload routes in the document', () => {
    expect(uploadRoutes.length).toBeGreaterThanOrEqual(8);
  });

  it.each(Object.entries(BROKEN_BODIES))(
    'answers 400 MALFORMED_UPLOAD for %s on every upload route',
    async (_, body) => {
      lines.length = 0;
      for (const route of uploadRoutes) {
        const response = await send(route, body);
        expect(response.statusCode, `${route.method} ${route.url}: ${response.body}`).toBe(400);
        expect(response.json(), `${route.method} ${route.url}`).toMatchObject({
          code: 'MALFORMED_UPLOAD',
          msg: 'The upload was cut off or is not valid multipart/form-data. Send the file again.',
        });
      }
      expect(lines.filter((line) => line.level >= 50)).toEqual([]);
      expect(lines.filter((line) => line.msg === 'malformed upload').length).toBe(uploadRoutes.length);
    },
  );

  it('answers 400 MALFORMED_UPLOAD for a body whose boundary is not the announced one', async () => {
    for (const route of uploadRoutes) {
      const response = await send(route, `${head('file', 'a.xlsx')}x\r\n--${BOUNDARY}--\r\n`, 'other');
      expect(response.json(), `${route.method} ${route.url}`).toMatchObject({ code: 'MALFORMED_UPLOAD' });
    }
  });

  it('keeps the limits: a thousand parts and a file sent twice are refused, not errors', async () => {
    const [route] = uploadRoutes;
    if (!route) throw new Error('no upload route');
    const many = `${Array.from({ length: 1000 }, (_, index) => `${head(`f${index}`)}v\r\n`).join('')}--${BOUNDARY}--\r\n`;
    const crowded = await send(route, many);
    expect(crowded.statusCode).toBe(413);
    const twice = `${head('file', 'a.xlsx')}a\r\n${head('file', 'b.xlsx')}b\r\n--${BOUNDARY}--\r\n`;
    const doubled = await send(route, twice);
    expect([400, 413]).toContain(doubled.statusCode);
    expect(doubled.json().code).not.toBe('INTERNAL');
  });
});
