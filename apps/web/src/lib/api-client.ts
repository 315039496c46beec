/**
 * The one way the web talks to the server (spec §7, §8 Generic handling): JSON over /api/v1 with the bearer
 * token; a 401 on an authenticated call ends the session; failures become `ApiError` carrying the server's
 * `{ msg, code, details }` so forms can branch on `code` and put `details` on their fields.
 */
import { type ErrorCode, type FieldIssue, Messages } from '@parcelops/shared';
import { setFlash } from './flash.ts';
import { clearSession, getToken } from './session.ts';

export const API_BASE = '/api/v1';

export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly code: ErrorCode | 'NETWORK' | 'UNKNOWN',
    readonly details: FieldIssue[] = [],
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export type Query = Record<string, string | number | boolean | null | undefined>;

function buildUrl(path: string, query?: Query): string {
  const url = `${API_BASE}${path}`;
  if (!query) return url;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null && value !== '') params.set(key, String(value));
  }
  const text = params.toString();
  return text ? `${url}?${text}` : url;
}

/**
 * Spec §4: an unauthorized reply clears all storage and returns to sign-in with the flash message. The route
 * guards see the session vanish and go to the sign-in page themselves (a full reload here would race them:
 * the page would show the flash, then reload without it). Only the session the call was sent with ends:
 * the other 401s of a burst, or a reply outliving a fresh sign-in, change nothing.
 */
function endExpiredSession(sentWith: string) {
  if (getToken() !== sentWith) return;
  clearSession();
  setFlash(Messages.sessionExpired, 'error');
}

/** The `{ msg, code, details }` a failed call answers, unchecked until read field by field. */
type ErrorReply = { msg?: unknown; code?: unknown; details?: unknown };

async function send(method: string, path: string, options: { query?: Query; body?: unknown } = {}) {
  const token = getToken();
  const headers: Record<string, string> = { accept: 'application/json' };
  if (token) headers.authorization = `Bearer ${token}`;
  let body: BodyInit | undefined;
  if (options.body instanceof FormData) {
    body = options.body;
  } else if (options.body !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(options.body);
  }
  let response: Response;
  try {
    response = await fetch(buildUrl(path, options.query), { method, headers, body });
  } catch (error) {
    // Spec §8: a network failure rejects with status 500 and the error's message.
    throw new ApiError(500, error instanceof Error ? error.message : String(error), 'NETWORK');
  }
  if (response.status === 200 || response.status === 201 || response.status === 204) return response;
  if (response.status === 401 && token) endExpiredSession(token);
  let parsed: ErrorReply | null = null;
  try {
    parsed = (await response.json()) as ErrorReply;
  } catch {
    parsed = null;
  }
  if (!parsed || typeof parsed.msg !== 'string') {
    throw new ApiError(response.status, Messages.genericFailure, 'UNKNOWN');
  }
  throw new ApiError(
    response.status,
    parsed.msg,
    (typeof parsed.code === 'string' ? parsed.code : 'UNKNOWN') as ErrorCode,
    Array.isArray(parsed.details) ? (parsed.details as FieldIssue[]) : [],
  );
}

async function json<T>(method: string, path: string, options: { query?: Query; body?: unknown } = {}) {
  const response = await send(method, path, options);
  if (response.status === 204) return undefined as T;
  return (await response.json()) as T;
}

export const api = {
  get: <T>(path: string, query?: Query) => json<T>('GET', path, { query }),
  post: <T>(path: string, body?: unknown, query?: Query) => json<T>('POST', path, { body, query }),
  put: <T>(path: string, body?: unknown) => json<T>('PUT', path, { body }),
  delete: <T = void>(path: string) => json<T>('DELETE', path),
  /** The reply itself, for calls whose success is one exact status (the password change answers 204). */
  request: (method: string, path: string, body?: unknown) => send(method, path, { body }),
  /** Fetches a file and hands it to the browser as a download named `fileName`. */
  async download(path: string, fileName: string, query?: Query) {
    const response = await send('GET', path, { query });
    const blob = await response.blob();
    const href = URL.createObjectURL(blob);
    const link = document.createElement('a');
    link.href = href;
    link.download = fileName;
    link.click();
    URL.revokeObjectURL(href);
  },
};

/** The text a failure shows to people: the server's msg, or the network message. */
export function errorMessage(error: unknown): string {
  if (error instanceof ApiError) return error.message;
  if (error instanceof Error) return error.message;
  return Messages.genericFailure;
}
