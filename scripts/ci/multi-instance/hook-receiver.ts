/**
 * The seller's webhook receiver, on 127.0.0.1: verifies each request's Standard Webhooks signature with the
 * `standardwebhooks` package (as a shop would), answers 200 and counts each event id it acknowledged. While
 * `hold()` is on it answers nothing, so the deliveries under way stay in flight until the worker sending them
 * is killed; `release()` drops those connections without an answer (they were never acknowledged).
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';

export interface HookReceiver {
  url: string;
  /** The account's `whsec_…` secrets to verify with. */
  secrets: string[];
  /** Each event id answered 200, and how many times. */
  acknowledged: Map<string, number>;
  /** Requests whose signature no secret verified, or without a webhook-id. */
  unverified: number;
  /** Requests held unanswered now. */
  readonly heldCount: number;
  /** Every request received, answered or not. */
  readonly requestCount: number;
  hold(): void;
  release(): void;
  close(): Promise<void>;
}

function verifies(secrets: string[], body: string, headers: Record<string, string>): boolean {
  return secrets.some((secret) => {
    try {
      new Webhook(secret).verify(body, headers);
      return true;
    } catch {
      return false;
    }
  });
}

export async function startHookReceiver(): Promise<HookReceiver> {
  const acknowledged = new Map<string, number>();
  const held = new Set<ServerResponse>();
  let holding = false;
  let requests = 0;

  const handle = (request: IncomingMessage, response: ServerResponse, body: string) => {
    requests++;
    if (holding) {
      held.add(response);
      response.once('close', () => held.delete(response));
      return;
    }
    const headers = Object.fromEntries(
      Object.entries(request.headers).map(([key, value]) => [key, String(value)]),
    );
    const id = headers['webhook-id'];
    if (!id || !verifies(receiver.secrets, body, headers)) receiver.unverified++;
    else acknowledged.set(id, (acknowledged.get(id) ?? 0) + 1);
    response.writeHead(200, { 'content-type': 'text/plain' });
    response.end('ok');
  };

  const server = createServer((request, response) => {
    const parts: Buffer[] = [];
    request.on('data', (chunk: Buffer) => parts.push(chunk));
    request.on('end', () => handle(request, response, Buffer.concat(parts).toString('utf8')));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  const receiver: HookReceiver = {
    url: `http://127.0.0.1:${port}/hook`,
    secrets: [],
    acknowledged,
    unverified: 0,
    get heldCount() {
      return held.size;
    },
    get requestCount() {
      return requests;
    },
    hold() {
      holding = true;
    },
    release() {
      holding = false;
      for (const response of held) response.destroy();
      held.clear();
    },
    async close() {
      receiver.release();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
  return receiver;
}
