/**
 * A webhook receiver for tests, on 127.0.0.1: it keeps every request, verifies each with the `standardwebhooks`
 * package against the secrets it is told (as a seller's shop would), and answers what the test scripts, one
 * answer per request in turn (then 200).
 *
 * `route(path)` gives a test a receiving address of its own: its own requests, secrets and scripted answers. A
 * delivery that arrives late from an earlier test (a retry, a slow drain) then lands on that test's address and
 * can neither take this test's scripted answer nor count as one of its requests.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';

export interface ReceivedHook {
  path: string;
  headers: Record<string, string>;
  body: string;
  /** Which of the receiver's secrets verified it (their index), or null when none did. */
  verifiedBy: number[];
}

/** What to answer: a status (with headers and body), or a behaviour no good receiver has. */
export type ScriptedAnswer =
  | { status: number; headers?: Record<string, string>; body?: string }
  | 'silent'
  | 'endless';

/** One receiving address (a path) of the receiver, with its own requests, secrets and answers. */
export interface HookRoute {
  url: string;
  /** The requests to this path only, verified against this route's secrets. */
  received: ReceivedHook[];
  /** Secrets to verify this path's requests with (`whsec_…`). */
  secrets: string[];
  script(...answers: ScriptedAnswer[]): void;
  /** Resolves once `count` requests have arrived at this path. */
  waitFor(count: number, timeoutMs?: number): Promise<ReceivedHook[]>;
}

export interface HookReceiver {
  url: string;
  received: ReceivedHook[];
  /** Secrets to verify with (`whsec_…`). */
  secrets: string[];
  script(...answers: ScriptedAnswer[]): void;
  /** Resolves once `count` requests have arrived. */
  waitFor(count: number, timeoutMs?: number): Promise<ReceivedHook[]>;
  /** An address of its own at `/hook/<name>`: its requests are answered from its own script, not the shared one. */
  route(name: string): HookRoute;
  close(): Promise<void>;
}

interface RouteState {
  received: ReceivedHook[];
  secrets: string[];
  answers: ScriptedAnswer[];
}

function verifiedBy(secrets: string[], body: string, headers: Record<string, string>): number[] {
  return secrets.flatMap((secret, index) => {
    try {
      new Webhook(secret).verify(body, headers);
      return [index];
    } catch {
      return [];
    }
  });
}

export async function startHookReceiver(): Promise<HookReceiver> {
  const received: ReceivedHook[] = [];
  const answers: ScriptedAnswer[] = [];
  const secrets: string[] = [];
  const waiters: (() => void)[] = [];
  const open = new Set<ServerResponse>();
  const routes = new Map<string, RouteState>();

  /** Resolves once `list` holds `count` requests (woken by each arrival, and every 200 ms). */
  async function waitUntil(list: ReceivedHook[], count: number, timeoutMs: number): Promise<ReceivedHook[]> {
    const deadline = Date.now() + timeoutMs;
    while (list.length < count) {
      if (Date.now() > deadline)
        throw new Error(`The receiver got ${list.length} of ${count} deliveries in ${timeoutMs} ms`);
      await new Promise<void>((resolve) => {
        waiters.push(resolve);
        setTimeout(resolve, 200);
      });
    }
    return list.slice(0, count);
  }

  const handle = (request: IncomingMessage, response: ServerResponse, body: string) => {
    const headers = Object.fromEntries(
      Object.entries(request.headers).map(([key, value]) => [key, String(value)]),
    );
    const path = request.url ?? '/';
    received.push({ path, headers, body, verifiedBy: verifiedBy(secrets, body, headers) });
    const route = routes.get(path);
    route?.received.push({ path, headers, body, verifiedBy: verifiedBy(route.secrets, body, headers) });
    for (const wake of waiters.splice(0)) wake();
    const answer = (route ? route.answers : answers).shift() ?? { status: 200, body: 'ok' };
    if (answer === 'silent') {
      open.add(response);
      return;
    }
    if (answer === 'endless') {
      response.writeHead(200, { 'content-type': 'text/plain' });
      const chunk = 'x'.repeat(16 * 1024);
      const pump = () => {
        while (!response.destroyed && response.write(chunk));
        if (!response.destroyed) response.once('drain', pump);
      };
      pump();
      return;
    }
    response.writeHead(answer.status, answer.headers ?? {});
    response.end(answer.body ?? '');
  };

  const server = createServer((request, response) => {
    const parts: Buffer[] = [];
    request.on('data', (chunk: Buffer) => parts.push(chunk));
    request.on('end', () => handle(request, response, Buffer.concat(parts).toString('utf8')));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}/hook`,
    received,
    secrets,
    script: (...more) => answers.push(...more),
    waitFor: (count, timeoutMs = 20_000) => waitUntil(received, count, timeoutMs),
    route(name) {
      const path = `/hook/${name}`;
      const state: RouteState = { received: [], secrets: [], answers: [] };
      routes.set(path, state);
      return {
        url: `http://127.0.0.1:${port}${path}`,
        received: state.received,
        secrets: state.secrets,
        script: (...more) => state.answers.push(...more),
        waitFor: (count, timeoutMs = 20_000) => waitUntil(state.received, count, timeoutMs),
      };
    },
    async close() {
      for (const response of open) response.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
