/**
 * A webhook receiver in the test process, as a seller's shop would run one: an HTTP server on 127.0.0.1 that
 * keeps every request it gets (method, path, headers, the body exactly as sent) and answers 200. Each journey
 * posts to a path of its own (`urlFor`), so one receiver serves journeys that run one after another.
 * The journeys' server must be started with HOOKS_ALLOW_PRIVATE=1 to deliver here.
 */
import { createServer, type IncomingHttpHeaders } from 'node:http';
import { unique } from './api.ts';
import { listenLocally } from './local-receiver.ts';

export interface ReceivedHook {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
}

/** What the receiver answers; the delivery details show it as the attempt's response body. */
export const RECEIVER_ANSWER = '{"received":true}';

export interface HookReceiver {
  /** A new URL on this receiver, under a unique path. */
  urlFor(name: string): string;
  /** The requests received at this URL's path so far, in the order they came. */
  at(url: string): ReceivedHook[];
  /** Waits until this URL has received `count` requests; those requests. */
  waitFor(url: string, count: number, timeout?: number): Promise<ReceivedHook[]>;
  close(): Promise<void>;
}

export async function startHookReceiver(): Promise<HookReceiver> {
  const received: ReceivedHook[] = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({
        method: request.method ?? '',
        path: request.url ?? '',
        headers: request.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      });
      response.writeHead(200, { 'content-type': 'application/json' }).end(RECEIVER_ANSWER);
    });
  });
  const pathOf = (url: string) => new URL(url).pathname;
  const at = (url: string) => received.filter((hook) => hook.path === pathOf(url));
  const { port, waitFor, close } = await listenLocally(server, at, pathOf);
  return { urlFor: (name) => `http://127.0.0.1:${port}/hooks/${unique(`${name}-`)}`, at, waitFor, close };
}

/** The Standard Webhooks headers of a received request, as `Webhook.verify` takes them. */
export function webhookHeaders(
  hook: ReceivedHook,
): Record<'webhook-id' | 'webhook-timestamp' | 'webhook-signature', string> {
  const header = (name: string) => {
    const value = hook.headers[name];
    return Array.isArray(value) ? value.join(', ') : (value ?? '');
  };
  return {
    'webhook-id': header('webhook-id'),
    'webhook-timestamp': header('webhook-timestamp'),
    'webhook-signature': header('webhook-signature'),
  };
}
