/**
 * The one way the server calls out over HTTP (webhooks today; carriers, label printers, a customs broker
 * next). Every attempt connects only to an address checked at that moment against private, loopback and other
 * special networks (lib/hook-url.ts; a name re-pointed inside the network since it was saved is refused) unless
 * the deployment allows them, follows no redirect, reads at most `maxAnswerBytes` of the answer, and gives up
 * after the timeout whatever the other side does (silent, slow, an endless body). It never throws: what
 * happened is in the answer.
 */
import http, { type IncomingHttpHeaders } from 'node:http';
import https from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import { AppError } from './app-error.ts';
import { type HookUrlCheckOptions, hookTarget } from './hook-url.ts';

export interface OutboundRequest {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  url: string;
  headers?: Record<string, string>;
  body?: string | Buffer;
  timeoutMs: number;
  /** How much of the answer's body is read; the rest is never waited for. */
  maxAnswerBytes: number;
}

export interface OutboundAnswer {
  /** The other side's status; null when it never answered or was not called. */
  statusCode: number | null;
  /** The answer's headers ({} without an answer). */
  headers: IncomingHttpHeaders;
  /** The answer's first `maxAnswerBytes`; null without an answer. */
  body: Buffer | null;
  durationMs: number;
  /** Why the call did not come back with a usable answer (refused address, timeout, redirect), else null. */
  error: string | null;
}

/** The port every outbound call goes through (services.ts builds it once; tests give a fake). */
export interface OutboundHttp {
  send(request: OutboundRequest): Promise<OutboundAnswer>;
}

/** How the addresses are checked: `allowPrivate` from the settings, a resolver in tests. */
export type OutboundCheck = HookUrlCheckOptions;

/** A lookup that answers the checked address whatever the name, so the connection goes where was checked. */
function pinnedLookup(address: string): LookupFunction {
  const family = isIP(address);
  return (_hostname, options, callback) => {
    // Node's LookupFunction types the callback for one address; with `all` it is called with a list.
    if ((options as { all?: boolean }).all)
      (callback as unknown as (error: null, addresses: { address: string; family: number }[]) => void)(null, [
        { address, family },
      ]);
    else callback(null, address, family);
  };
}

const noAnswer = (error: string) => ({ statusCode: null, headers: {}, body: null, error });

export function safeOutboundHttp(check: OutboundCheck): OutboundHttp {
  return {
    async send(request) {
      const started = performance.now();
      const elapsed = () => Math.round(performance.now() - started);
      let target: Awaited<ReturnType<typeof hookTarget>>;
      try {
        target = await hookTarget(request.url, check);
      } catch (error) {
        const message = error instanceof AppError ? error.message : 'The hook URL could not be checked.';
        return { ...noAnswer(`Not sent: ${message}`), durationMs: elapsed() };
      }
      return call(target, request, elapsed);
    },
  };
}

function call(
  target: { url: URL; address: string | null },
  request: OutboundRequest,
  elapsed: () => number,
): Promise<OutboundAnswer> {
  return new Promise((resolve) => {
    let settled = false;
    const finish = (answer: Omit<OutboundAnswer, 'durationMs'>) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      outgoing.destroy();
      resolve({ ...answer, durationMs: elapsed() });
    };
    const transport = target.url.protocol === 'https:' ? https : http;
    const outgoing = transport.request(target.url, {
      method: request.method,
      headers: {
        ...request.headers,
        ...(request.body === undefined ? {} : { 'content-length': Buffer.byteLength(request.body) }),
      },
      agent: false,
      ...(target.address ? { lookup: pinnedLookup(target.address) } : {}),
    });
    const timer = setTimeout(
      () => finish(noAnswer(`No answer within ${request.timeoutMs / 1000} s`)),
      request.timeoutMs,
    );
    outgoing.on('error', (error: NodeJS.ErrnoException) =>
      finish(noAnswer(error.code ? `${error.code}: ${error.message}` : error.message)),
    );
    outgoing.on('response', (response) => {
      const status = response.statusCode ?? 0;
      const cap = request.maxAnswerBytes;
      const kept: Buffer[] = [];
      let size = 0;
      const done = () =>
        finish({
          statusCode: status,
          headers: response.headers,
          body: Buffer.concat(kept),
          error:
            status >= 300 && status < 400
              ? `Redirect to ${response.headers.location ?? '(no location)'} not followed`
              : null,
        });
      response.on('data', (chunk: Buffer) => {
        if (size < cap) kept.push(chunk.subarray(0, cap - size));
        size += chunk.length;
        // Enough read: the rest of an endless body is never waited for.
        if (size >= cap) done();
      });
      response.on('end', done);
      response.on('error', done);
    });
    outgoing.end(request.body);
  });
}
