/**
 * The safe outbound client on its own: a private address is refused before any connection, a redirect is
 * reported and not followed, an endless answer is read only up to the cap, and a silent server times out.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { safeOutboundHttp } from './outbound-http.ts';

let server: Server;
let base = '';
beforeAll(async () => {
  server = createServer((request, response) => {
    if (request.url === '/redirect') response.writeHead(302, { location: 'http://169.254.169.254/' }).end();
    else if (request.url === '/endless') {
      response.writeHead(200);
      const chunk = Buffer.alloc(4096, 'x');
      const more = () => {
        if (!response.destroyed) response.write(chunk, () => setImmediate(more));
      };
      more();
    } else if (request.url === '/silent') {
      // Never answers.
    } else response.writeHead(204).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => {
  server.closeAllConnections();
  server.close();
});

const request = (path: string, timeoutMs = 2_000) => ({
  method: 'GET' as const,
  url: `${base}${path}`,
  timeoutMs,
  maxAnswerBytes: 1024,
});

describe('safeOutboundHttp', () => {
  it('refuses a private address unless the deployment allows it', async () => {
    const answer = await safeOutboundHttp({}).send(request('/'));
    expect(answer.statusCode).toBeNull();
    expect(answer.error).toMatch(/^Not sent: /);
    expect((await safeOutboundHttp({ allowPrivate: true }).send(request('/'))).statusCode).toBe(204);
  });

  it('does not follow a redirect, reads at most the cap, and gives up after the timeout', async () => {
    const client = safeOutboundHttp({ allowPrivate: true });
    const redirect = await client.send(request('/redirect'));
    expect(redirect).toMatchObject({
      statusCode: 302,
      error: 'Redirect to http://169.254.169.254/ not followed',
    });
    const endless = await client.send(request('/endless'));
    expect(endless.statusCode).toBe(200);
    expect(endless.body?.length).toBe(1024);
    const silent = await client.send(request('/silent', 300));
    expect(silent).toMatchObject({ statusCode: null, error: 'No answer within 0.3 s' });
  });
});
