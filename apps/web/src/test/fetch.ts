/** A stand-in for the server in component tests: `fetch` answers from a handler keyed on method and path. */
import { vi } from 'vitest';
import { API_BASE } from '../lib/api-client.ts';

export interface StubRequest {
  method: string;
  /** The path below /api/v1, e.g. '/login'. */
  path: string;
  query: URLSearchParams;
  /** The parsed JSON body, or the FormData of an upload. */
  body: unknown;
  headers: Headers;
}

export interface StubReply {
  status: number;
  body?: unknown;
  /** Headers beside the JSON content type, e.g. the counts of a status upload. */
  headers?: Record<string, string>;
}

const NOT_FOUND: StubReply = { status: 404, body: { msg: 'Not found', code: 'NOT_FOUND' } };

function parseBody(body: BodyInit | null | undefined): unknown {
  if (typeof body !== 'string') return body ?? undefined;
  return JSON.parse(body);
}

/**
 * Replaces the global fetch for the current test (setup.ts restores it). Calls the handler does not answer
 * get a 404; the returned mock records every call.
 */
export function stubFetch(handler: (request: StubRequest) => StubReply | undefined) {
  const mock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input), 'http://localhost');
    const reply =
      handler({
        method: init.method ?? 'GET',
        path: url.pathname.startsWith(API_BASE) ? url.pathname.slice(API_BASE.length) : url.pathname,
        query: url.searchParams,
        body: parseBody(init.body),
        headers: new Headers(init.headers),
      }) ?? NOT_FOUND;
    const text = reply.status === 204 || reply.body === undefined ? null : JSON.stringify(reply.body);
    return new Response(text, {
      status: reply.status,
      headers: { 'content-type': 'application/json', ...reply.headers },
    });
  });
  vi.stubGlobal('fetch', mock);
  return mock;
}
