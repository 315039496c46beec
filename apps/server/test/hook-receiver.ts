/**
 * A webhook receiver for tests, on 127.0.0.1: it keeps every request, verifies each with the `standardwebhooks`
 * package against the secrets it is told (as a seller's shop would), and answers what the test scripts, one
 * answer per request in turn (then 200).
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

export interface HookReceiver {
  url: string;
  received: ReceivedHook[];
  /** Secrets to verify with (`whsec_…`). */
  secrets: string[];
  script(...answers: ScriptedAnswer[]): void;
  /** Resolves once `count` requests have arrived. */
  waitFor(count: number, timeoutMs?: number): Promise<ReceivedHook[]>;
  close(): Promise<void>;
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

  const handle = (request: IncomingMessage, response: ServerResponse, body: string) => {
    const headers = Object.fromEntries(
      Object.entries(request.headers).map(([key, value]) => [key, String(value)]),
    );
    received.push({
      path: request.url ?? '/',
      headers,
      body,
      verifiedBy: verifiedBy(secrets, body, headers),
    });
    for (const wake of waiters.splice(0)) wake();
    const answer = answers.shift() ?? { status: 200, body: 'ok' };
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
    async waitFor(count, timeoutMs = 20_000) {
      const deadline = Date.now() + timeoutMs;
      while (received.length < count) {
        if (Date.now() > deadline)
          throw new Error(`The receiver got ${received.length} of ${count} deliveries in ${timeoutMs} ms`);
        await new Promise<void>((resolve) => {
          waiters.push(resolve);
          setTimeout(resolve, 200);
        });
      }
      return received.slice(0, count);
    },
    async close() {
      for (const response of open) response.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
