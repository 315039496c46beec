/**
 * The one way the web talks to the server (spec §7, §8 Generic handling): JSON over /api/v1 with the bearer
 * token; a 401 on an authenticated call ends the session; failures become `ApiError` carrying the server's
 * `{ msg, code, details }` so forms can branch on `code` and put `details` on their fields. Files go both
 * ways through it too: downloads are handed to the browser, and uploads that show progress use
 * XMLHttpRequest (fetch reports none) with the same headers, errors and session handling.
 */
import { type ErrorCode, type FieldIssue, isText, Messages, type Text } from '@parcelops/shared';
import { currentLanguage, i18n } from '../i18n/i18n.ts';
import { renderText } from '../i18n/server-texts.ts';
import { setFlash } from './flash.ts';
import { saveFile } from './save-file.ts';
import { clearSession, getToken } from './session.ts';

export const API_BASE = '/api/v1';

export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly code: ErrorCode | 'NETWORK' | 'UNKNOWN',
    readonly details: FieldIssue[] = [],
    /** The msg as a catalogue text, rendered in the chosen language by `errorMessage`. */
    readonly text?: Text,
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
type ErrorReply = { msg?: unknown; code?: unknown; key?: unknown; params?: unknown; details?: unknown };

/** The statuses a call succeeds with (202: queued for later, e.g. a webhook delivery); anything else fails. */
const SUCCESS = new Set([200, 201, 202, 204]);

function headersFor(token: string | null): Record<string, string> {
  const headers: Record<string, string> = { accept: 'application/json' };
  if (token) headers.authorization = `Bearer ${token}`;
  return headers;
}

/** The failure a reply stands for; a 401 on a call sent with a session ends that session first. */
function failure(status: number, reply: unknown, sentWith: string | null): ApiError {
  if (status === 401 && sentWith) endExpiredSession(sentWith);
  const parsed = typeof reply === 'object' && reply !== null ? (reply as ErrorReply) : null;
  if (!parsed || typeof parsed.msg !== 'string') {
    return new ApiError(status, Messages.genericFailure, 'UNKNOWN');
  }
  return new ApiError(
    status,
    parsed.msg,
    (typeof parsed.code === 'string' ? parsed.code : 'UNKNOWN') as ErrorCode,
    Array.isArray(parsed.details) ? (parsed.details as FieldIssue[]) : [],
    textOf(parsed),
  );
}

/** The reply's `key` and `params` as a text, when they are well formed. */
function textOf(reply: { key?: unknown; params?: unknown }): Text | undefined {
  const candidate = { key: reply.key, params: reply.params ?? undefined };
  return isText(candidate) ? candidate : undefined;
}

/** A field detail's words in the chosen language, or its English when the key is unknown here. */
export function fieldMessage(issue: FieldIssue): string {
  const words = textOf(issue);
  return (words && renderText(words, currentLanguage())) ?? issue.message;
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

async function send(method: string, path: string, options: { query?: Query; body?: unknown } = {}) {
  const token = getToken();
  const headers = headersFor(token);
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
  if (SUCCESS.has(response.status)) return response;
  throw failure(response.status, parseJson(await response.text().catch(() => '')), token);
}

async function json<T>(method: string, path: string, options: { query?: Query; body?: unknown } = {}) {
  const response = await send(method, path, options);
  if (response.status === 204) return undefined as T;
  return (await response.json()) as T;
}

/**
 * POSTs `form` through XMLHttpRequest, whose upload reports progress: `onProgress` gets the share of the file
 * sent, 0 to 1 (once all is sent the server is still working). Same headers, errors and 401 as `send`.
 */
function upload<T>(path: string, form: FormData, onProgress: (sent: number) => void): Promise<T> {
  const token = getToken();
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', buildUrl(path));
    for (const [name, value] of Object.entries(headersFor(token))) request.setRequestHeader(name, value);
    request.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
    };
    // Spec §8: a network failure is a 500; XMLHttpRequest gives no message of its own.
    request.onerror = () => reject(new ApiError(500, Messages.genericFailure, 'NETWORK'));
    request.onload = () => {
      if (request.status === 204) return resolve(undefined as T);
      const reply = parseJson(request.responseText);
      if (SUCCESS.has(request.status) && reply !== null) return resolve(reply as T);
      reject(failure(request.status, reply, token));
    };
    request.send(form);
  });
}

export const api = {
  get: <T>(path: string, query?: Query) => json<T>('GET', path, { query }),
  post: <T>(path: string, body?: unknown, query?: Query) => json<T>('POST', path, { body, query }),
  put: <T>(path: string, body?: unknown) => json<T>('PUT', path, { body }),
  delete: <T = void>(path: string) => json<T>('DELETE', path),
  /** The reply itself, for calls whose success is one exact status (the password change answers 204). */
  request: (method: string, path: string, body?: unknown) => send(method, path, { body }),
  upload,
  /** Fetches a file and hands it to the browser as a download named `fileName`. */
  async download(path: string, fileName: string, query?: Query): Promise<void> {
    const response = await send('GET', path, { query });
    saveFile(await response.blob(), fileName);
  },
  /**
   * POSTs `body` (JSON or a FormData) and hands the file of the reply to the browser as `fileName`; answers
   * the reply's headers, which some files come with counts in.
   */
  async downloadPosted(path: string, body: unknown, fileName: string): Promise<Headers> {
    const response = await send('POST', path, { body });
    saveFile(await response.blob(), fileName);
    return response.headers;
  },
};

/**
 * The text a failure shows to people, in the chosen language: the server's msg, or for a call that never
 * reached it (fetch's "Failed to fetch", an XHR error) the spec's "The server cannot be reached".
 */
export function errorMessage(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.code === 'NETWORK') return i18n.t('auth:messages.serverUnreachable');
    return (error.text && renderText(error.text, currentLanguage())) ?? error.message;
  }
  if (error instanceof Error) return error.message;
  return Messages.genericFailure;
}
