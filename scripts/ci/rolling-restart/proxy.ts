/**
 * A small round-robin HTTP proxy in front of the API processes, as a load balancer would stand (node:http):
 * each request goes to the next backend that is up. Up means its last /readyz answered 200 (polled every
 * POLL_MS); a backend answering 503 (draining) or not answering is skipped until it is ready again.
 *
 * Every request to a backend opens a fresh connection (no keep-alive), so none is ever written onto a socket
 * the backend is closing. A request the backend never took is sent to the next backend: a refused connection
 * (ECONNREFUSED, the backend stopped listening), or a connection reset before any byte of an answer (a
 * connection still in the backend's accept queue when it stopped listening is reset by the kernel). The second
 * is counted apart: a write that did land would come back as a refusal (order numbers are unique), not twice.
 */
import {
  createServer,
  request as httpRequest,
  type IncomingHttpHeaders,
  type IncomingMessage,
  type ServerResponse,
} from 'node:http';
import type { AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';

export interface Backend {
  readonly name: string;
  readonly port: number;
  /** Whether the last /readyz answered 200. */
  up: boolean;
  /** Requests it answered through the proxy. */
  served: number;
}

export interface ProxyStats {
  /** Requests sent again to another backend after a refused connection. */
  refusedRetried: number;
  /** Requests sent again after a reset with no answer at all. */
  resetRetried: number;
  /** Requests the proxy answered 502 itself (no backend took them). */
  failed: number;
}

export interface Proxy {
  url: string;
  backends: Backend[];
  stats: ProxyStats;
  close(): Promise<void>;
}

const POLL_MS = 100;
/** How long a request waits for some backend to be up before the proxy answers 502. */
const NO_BACKEND_WAIT_MS = 15_000;
const HOP_BY_HOP = ['connection', 'keep-alive', 'proxy-connection', 'transfer-encoding', 'upgrade', 'te'];

function forwardable(headers: IncomingHttpHeaders): IncomingHttpHeaders {
  const copy = { ...headers };
  for (const name of HOP_BY_HOP) delete copy[name];
  return copy;
}

type Attempt =
  | { kind: 'answered' }
  | { kind: 'refused' | 'reset'; error: NodeJS.ErrnoException }
  | { kind: 'broken'; error: Error };

/** One attempt on one backend; the answer is streamed to `response` once its head arrives. */
function attempt(
  backend: Backend,
  incoming: IncomingMessage,
  body: Buffer,
  response: ServerResponse,
): Promise<Attempt> {
  return new Promise((resolve) => {
    const headers = forwardable(incoming.headers);
    headers['content-length'] = String(body.length);
    let answered = false;
    const outgoing = httpRequest(
      {
        host: '127.0.0.1',
        port: backend.port,
        method: incoming.method,
        path: incoming.url,
        headers,
        agent: false,
        timeout: 60_000,
      },
      (reply) => {
        answered = true;
        response.writeHead(reply.statusCode ?? 502, forwardable(reply.headers));
        reply.pipe(response);
        reply.on('end', () => {
          backend.served++;
          resolve({ kind: 'answered' });
        });
        reply.on('error', (error) => resolve({ kind: 'broken', error }));
      },
    );
    outgoing.on('timeout', () => outgoing.destroy(new Error('backend timed out')));
    outgoing.on('error', (error: NodeJS.ErrnoException) => {
      if (answered) resolve({ kind: 'broken', error });
      else if (error.code === 'ECONNREFUSED') resolve({ kind: 'refused', error });
      else if (error.code === 'ECONNRESET' || error.code === 'EPIPE') resolve({ kind: 'reset', error });
      else resolve({ kind: 'broken', error });
    });
    outgoing.end(body);
  });
}

export async function startProxy(targets: { name: string; port: number }[]): Promise<Proxy> {
  const backends: Backend[] = targets.map((target) => ({ ...target, up: false, served: 0 }));
  const stats: ProxyStats = {
    refusedRetried: 0,
    resetRetried: 0,
    failed: 0,
  };
  let next = 0;
  let polling = true;

  const probe = async (backend: Backend) => {
    try {
      const reply = await fetch(`http://127.0.0.1:${backend.port}/readyz`, {
        signal: AbortSignal.timeout(1_000),
        headers: { connection: 'close' },
      });
      await reply.arrayBuffer();
      backend.up = reply.status === 200;
    } catch {
      backend.up = false;
    }
  };
  const poller = (async () => {
    while (polling) {
      await Promise.all(backends.map(probe));
      await sleep(POLL_MS);
    }
  })();

  /** The next backend up after the last one used, waiting a while when none is. */
  const pick = async (): Promise<Backend | undefined> => {
    for (const deadline = Date.now() + NO_BACKEND_WAIT_MS; Date.now() < deadline; await sleep(20)) {
      for (let step = 0; step < backends.length; step++) {
        const backend = backends[(next + step) % backends.length] as Backend;
        if (backend.up) {
          next = (next + step + 1) % backends.length;
          return backend;
        }
      }
    }
    return undefined;
  };

  const handle = async (incoming: IncomingMessage, response: ServerResponse, body: Buffer) => {
    for (let tries = 0; tries < 10; tries++) {
      const backend = await pick();
      if (!backend) break;
      const result = await attempt(backend, incoming, body, response);
      if (result.kind === 'answered') return;
      if (result.kind === 'broken') {
        stats.failed++;
        response.destroy(result.error);
        return;
      }
      // Never taken by the backend: it is down until its /readyz says otherwise; the next one gets it.
      backend.up = false;
      if (result.kind === 'refused') stats.refusedRetried++;
      else stats.resetRetried++;
    }
    stats.failed++;
    response.writeHead(502, { 'content-type': 'application/json' });
    response.end(JSON.stringify({ msg: 'No backend took the request', code: 'BAD_GATEWAY' }));
  };

  const server = createServer((incoming, response) => {
    const parts: Buffer[] = [];
    incoming.on('data', (chunk: Buffer) => parts.push(chunk));
    incoming.on('end', () => void handle(incoming, response, Buffer.concat(parts)));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    backends,
    stats,
    async close() {
      polling = false;
      await poller;
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
