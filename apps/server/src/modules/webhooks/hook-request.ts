/**
 * One attempt to deliver a webhook: a POST to the hook URL that connects only to an address checked at this
 * moment (lib/hook-url.ts; a name re-pointed inside the network since it was saved is refused), follows no
 * redirect, reads at most 1 KB of the answer, and gives up after the timeout whatever the receiver does
 * (silent, slow, an endless body).
 */
import http from 'node:http';
import https from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import { AppError } from '../../lib/app-error.ts';
import { type HookUrlCheckOptions, hookTarget } from '../../lib/hook-url.ts';

/** What an attempt came to, as the delivery log keeps it. */
export interface HookAttemptResult {
  /** The receiver's status; null when it never answered. */
  statusCode: number | null;
  durationMs: number;
  error: string | null;
  /** The answer's first 1 KB. */
  responseBody: string | null;
  /** Seconds the receiver asked to wait (Retry-After), when it said. */
  retryAfterSeconds: number | null;
}

export interface HookRequestOptions {
  timeoutMs: number;
  check: HookUrlCheckOptions;
}

const RESPONSE_KEEP_BYTES = 1024;
const RETRY_AFTER_CAP_SECONDS = 24 * 60 * 60;

/** Retry-After as seconds from now: a number of seconds or an HTTP date (RFC 9110), at most a day. */
export function retryAfterSeconds(value: string | undefined, now = Date.now()): number | null {
  if (!value) return null;
  const text = value.trim();
  const seconds = /^\d+$/.test(text) ? Number(text) : (Date.parse(text) - now) / 1000;
  if (!Number.isFinite(seconds)) return null;
  return Math.min(RETRY_AFTER_CAP_SECONDS, Math.max(0, Math.ceil(seconds)));
}

/** A lookup that answers the checked address whatever the name, so the connection goes where was checked. */
function pinnedLookup(address: string): LookupFunction {
  const family = isIP(address);
  return (_hostname, options, callback) => {
    if ((options as { all?: boolean }).all)
      (callback as unknown as (error: null, addresses: { address: string; family: number }[]) => void)(null, [
        { address, family },
      ]);
    else callback(null, address, family);
  };
}

export async function postHook(
  url: string,
  headers: Record<string, string>,
  body: string,
  options: HookRequestOptions,
): Promise<HookAttemptResult> {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  let target: Awaited<ReturnType<typeof hookTarget>>;
  try {
    target = await hookTarget(url, options.check);
  } catch (error) {
    const message = error instanceof AppError ? error.message : 'The hook URL could not be checked.';
    return {
      statusCode: null,
      durationMs: elapsed(),
      error: `Not sent: ${message}`,
      responseBody: null,
      retryAfterSeconds: null,
    };
  }
  return new Promise((resolve) => {
    let settled = false;
    const finish = (result: Omit<HookAttemptResult, 'durationMs'>) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      request.destroy();
      resolve({ ...result, durationMs: elapsed() });
    };
    const transport = target.url.protocol === 'https:' ? https : http;
    const request = transport.request(target.url, {
      method: 'POST',
      headers: {
        ...headers,
        'content-type': 'application/json',
        'content-length': Buffer.byteLength(body),
        'user-agent': 'ParcelOps-Webhooks/1',
      },
      agent: false,
      ...(target.address ? { lookup: pinnedLookup(target.address) } : {}),
    });
    const timer = setTimeout(
      () =>
        finish({
          statusCode: null,
          error: `No answer within ${options.timeoutMs / 1000} s`,
          responseBody: null,
          retryAfterSeconds: null,
        }),
      options.timeoutMs,
    );
    request.on('error', (error: NodeJS.ErrnoException) =>
      finish({
        statusCode: null,
        error: error.code ? `${error.code}: ${error.message}` : error.message,
        responseBody: null,
        retryAfterSeconds: null,
      }),
    );
    request.on('response', (response) => {
      const status = response.statusCode ?? 0;
      const kept: Buffer[] = [];
      let size = 0;
      const done = () =>
        finish({
          statusCode: status,
          error:
            status >= 300 && status < 400
              ? `Redirect to ${response.headers.location ?? '(no location)'} not followed`
              : null,
          responseBody: Buffer.concat(kept).toString('utf8').slice(0, RESPONSE_KEEP_BYTES),
          retryAfterSeconds:
            status === 429 || status >= 500 ? retryAfterSeconds(response.headers['retry-after']) : null,
        });
      response.on('data', (chunk: Buffer) => {
        if (size < RESPONSE_KEEP_BYTES) kept.push(chunk.subarray(0, RESPONSE_KEEP_BYTES - size));
        size += chunk.length;
        // Enough read: the rest of an endless body is never waited for.
        if (size >= RESPONSE_KEEP_BYTES) done();
      });
      response.on('end', done);
      response.on('error', done);
    });
    request.end(body);
  });
}
