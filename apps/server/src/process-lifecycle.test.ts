/**
 * Issue 30 (rolling restarts): on SIGTERM the API drains (drainHttp): /readyz answers 503 at once, no new
 * connection is accepted, idle keep-alive connections close, the requests in flight finish with
 * `connection: close`, and SHUTDOWN_GRACE_MS bounds the wait.
 */
import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { connect, type Socket } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { drainHttp, type ProcessLog } from './process-lifecycle.ts';

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

type LogCall = (object: unknown, message?: string) => void;
const quietLog = () =>
  ({ info: vi.fn<LogCall>(), warn: vi.fn<LogCall>(), error: vi.fn<LogCall>() }) satisfies ProcessLog;

/** The app listening on a free port of 127.0.0.1; its port. */
async function listening(): Promise<{ app: TestApp['app']; port: number }> {
  t = await createTestApp({ workers: false });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  return { app: t.app, port: (t.app.server.address() as AddressInfo).port };
}

/** A raw connection, and everything the server wrote on it until it closed. */
async function rawConnection(
  port: number,
): Promise<{ socket: Socket; received: () => string; closed: Promise<unknown> }> {
  const socket = connect(port, '127.0.0.1');
  await once(socket, 'connect');
  let text = '';
  socket.on('data', (chunk: Buffer) => {
    text += chunk.toString();
  });
  return { socket, received: () => text, closed: once(socket, 'close') };
}

const LOGIN_BODY = JSON.stringify({ username: 'nobody', password: 'wrong-password' });
const loginHead = (length: number) =>
  `POST /api/v1/login HTTP/1.1\r\nHost: localhost\r\nConnection: keep-alive\r\nContent-Type: application/json\r\nContent-Length: ${length}\r\n\r\n`;

describe('while draining', () => {
  it('answers /readyz 503 NOT_READY naming the shutdown, and every response says connection: close', async () => {
    t = await createTestApp({ workers: false });
    const before = await t.app.inject({ method: 'GET', url: '/readyz' });
    expect(before.statusCode, before.body).toBe(200);
    expect(before.headers.connection).not.toBe('close');

    t.app.startDraining();
    const ready = await t.app.inject({ method: 'GET', url: '/readyz' });
    expect(ready.statusCode).toBe(503);
    expect(ready.headers.connection).toBe('close');
    expect(ready.json()).toMatchObject({
      msg: 'Not ready: this process is shutting down.',
      code: 'NOT_READY',
      key: 'ops.notReady',
      checks: { database: 'ok', migrations: 'ok', workers: 'not run here' },
    });
    // Other routes still answer (a request on a busy connection is served, not refused), closing the connection.
    const health = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(health.statusCode).toBe(200);
    expect(health.headers.connection).toBe('close');
  });
});

describe('drainHttp', () => {
  it('refuses new connections, closes idle ones, and lets the request in flight finish', async () => {
    const { app, port } = await listening();
    // An idle keep-alive connection: one request answered, the connection kept.
    const idle = await rawConnection(port);
    idle.socket.write('GET /healthz HTTP/1.1\r\nHost: localhost\r\nConnection: keep-alive\r\n\r\n');
    await vi.waitFor(() => expect(idle.received()).toMatch(/"status":"ok"/));
    // A request in flight: its head sent, half its body still to come.
    const busy = await rawConnection(port);
    busy.socket.write(loginHead(Buffer.byteLength(LOGIN_BODY)) + LOGIN_BODY.slice(0, 10));
    await sleep(50);

    const log = quietLog();
    let drained = false;
    const draining = drainHttp(app, 10_000, log).then(() => {
      drained = true;
    });
    await idle.closed;
    const refused = connect(port, '127.0.0.1');
    const [error] = (await once(refused, 'error')) as [NodeJS.ErrnoException];
    expect(error.code).toBe('ECONNREFUSED');
    await sleep(200);
    expect(drained).toBe(false);

    busy.socket.write(LOGIN_BODY.slice(10));
    await busy.closed;
    await draining;
    expect(busy.received()).toMatch(/^HTTP\/1\.1 401 /);
    expect(busy.received().toLowerCase()).toContain('connection: close');
    expect(log.warn).not.toHaveBeenCalled();
  });

  it('cuts what is still open once the grace is over', async () => {
    const { app, port } = await listening();
    const stuck = await rawConnection(port);
    stuck.socket.write(loginHead(100));
    await sleep(50);

    const log = quietLog();
    const started = Date.now();
    await drainHttp(app, 300, log);
    expect(Date.now() - started).toBeGreaterThanOrEqual(290);
    expect(Date.now() - started).toBeLessThan(5_000);
    await stuck.closed;
    expect(log.warn).toHaveBeenCalledWith({ graceMs: 300 }, expect.stringMatching(/grace over/));
  });
});
