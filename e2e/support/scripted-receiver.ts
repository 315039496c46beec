/**
 * A webhook receiver whose answers the journey writes (hook-receiver.ts always answers `{"received":true}`):
 * an HTTP server on 127.0.0.1 that answers each request at a URL with the next answer queued for it (the last
 * one again once the queue runs out), and keeps every request it gets, GETs included, so a journey can tell
 * whether a browser ever asked for a path only a payload names. The journeys' server must be started with
 * HOOKS_ALLOW_PRIVATE=1 to deliver here.
 */
import { createServer, type IncomingHttpHeaders } from 'node:http';
import { unique } from './api.ts';
import { listenLocally } from './local-receiver.ts';

export interface ScriptedAnswer {
  status: number;
  contentType: string;
  body: string;
}

export interface ScriptedRequest {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  /** The answer this request got. */
  answer: ScriptedAnswer;
}

export interface ScriptedReceiver {
  /** http://127.0.0.1:<port>, for URLs a payload names on this receiver. */
  origin: string;
  /** A new URL on this receiver, under a unique path. */
  urlFor(name: string): string;
  /** Queues answers for the requests to come at this URL's path, in order. */
  answer(url: string, ...answers: ScriptedAnswer[]): void;
  /** The requests whose path starts with this URL's path (or this path), in the order they came. */
  at(urlOrPath: string): ScriptedRequest[];
  waitFor(url: string, count: number, timeout?: number): Promise<ScriptedRequest[]>;
  close(): Promise<void>;
}

const DEFAULT_ANSWER: ScriptedAnswer = { status: 200, contentType: 'application/json', body: '{}' };

export async function startScriptedReceiver(): Promise<ScriptedReceiver> {
  const received: ScriptedRequest[] = [];
  const queues = new Map<string, ScriptedAnswer[]>();
  const last = new Map<string, ScriptedAnswer>();
  const server = createServer((request, response) => {
    request.resume();
    request.on('end', () => {
      const path = request.url ?? '';
      const answer = queues.get(path)?.shift() ?? last.get(path) ?? DEFAULT_ANSWER;
      last.set(path, answer);
      received.push({ method: request.method ?? '', path, headers: request.headers, answer });
      response.writeHead(answer.status, { 'content-type': answer.contentType }).end(answer.body);
    });
  });
  const pathOf = (urlOrPath: string) => (urlOrPath.startsWith('/') ? urlOrPath : new URL(urlOrPath).pathname);
  const at = (urlOrPath: string) => received.filter((hook) => hook.path.startsWith(pathOf(urlOrPath)));
  const { port, waitFor, close } = await listenLocally(server, at, pathOf);
  const origin = `http://127.0.0.1:${port}`;
  return {
    origin,
    urlFor: (name) => `${origin}/hooks/${unique(`${name}-`)}`,
    answer(url, ...answers) {
      const path = pathOf(url);
      queues.set(path, [...(queues.get(path) ?? []), ...answers]);
    },
    at,
    waitFor,
    close,
  };
}
