/**
 * One attempt to deliver a webhook: a signed JSON POST through the server's safe outbound client
 * (lib/outbound-http.ts: the address checked and pinned at this attempt, no redirect, the timeout), keeping
 * the answer's first 1 KB and the wait a busy receiver asks for (Retry-After).
 */
import type { OutboundHttp } from '../../lib/outbound-http.ts';

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

export async function postHook(
  outbound: OutboundHttp,
  url: string,
  headers: Record<string, string>,
  body: string,
  timeoutMs: number,
): Promise<HookAttemptResult> {
  const answer = await outbound.send({
    method: 'POST',
    url,
    headers: { ...headers, 'content-type': 'application/json', 'user-agent': 'ParcelOps-Webhooks/1' },
    body,
    timeoutMs,
    maxAnswerBytes: RESPONSE_KEEP_BYTES,
  });
  const status = answer.statusCode;
  return {
    statusCode: status,
    durationMs: answer.durationMs,
    error: answer.error,
    responseBody: answer.body ? answer.body.toString('utf8').slice(0, RESPONSE_KEEP_BYTES) : null,
    retryAfterSeconds:
      status !== null && (status === 429 || status >= 500)
        ? retryAfterSeconds(firstHeader(answer.headers['retry-after']))
        : null,
  };
}

const firstHeader = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);
