/**
 * What may reach the log. Logs are read by many people and kept for long, so they hold no personal data
 * (customers' names, phones and addresses), no secrets (passwords, tokens, vendor credentials, sealed or
 * not) and no query parameters:
 * - a failed database statement is logged by its SQLSTATE code and its statement's name ("insert into
 *   orders"), never its parameters, its message or its detail (PostgreSQL puts row values in both);
 * - a request is logged by method and path; query values are kept only for keys known to be harmless;
 * - known personal and secret fields are censored wherever a log line carries them, at any depth.
 */

/** Field names whose values are personal or secret on the wire, in tables or in vendor credentials. */
const CENSORED_FIELDS = new Set(
  [
    'password',
    'old_password',
    'new_password',
    'initial_password',
    'passwordHash',
    'token',
    'authorization',
    'cookie',
    'api_key',
    'api_secret',
    'apiKey',
    'apiSecret',
    'credentials',
    'secret',
    'name',
    'phone',
    'email',
    'address',
    'address1',
    'address2',
    'postalCode',
    'sellerInformation',
    'customerName',
    'params',
  ].map((field) => field.toLowerCase()),
);

export const CENSORED = '[redacted]';

/** Query keys whose values tell an operator what was asked without telling who (ids, pages, dates). */
const HARMLESS_QUERY_KEYS = new Set([
  'page',
  'page_size',
  'status',
  'hub',
  'account_sid',
  'start_date',
  'end_date',
  'from',
  'to',
  'missing_hs_code',
  'ams_sid',
  'sort',
  'order',
]);

/** The path of a URL with the values of all but harmless query keys replaced. */
export function safeUrl(url: string): string {
  const question = url.indexOf('?');
  if (question < 0) return url;
  const parts = url
    .slice(question + 1)
    .split('&')
    .filter(Boolean)
    .map((pair) => {
      const equals = pair.indexOf('=');
      const key = equals < 0 ? pair : pair.slice(0, equals);
      let decoded = key;
      try {
        decoded = decodeURIComponent(key);
      } catch {
        // A malformed key is shown as sent.
      }
      return HARMLESS_QUERY_KEYS.has(decoded) ? pair : `${key}=${CENSORED}`;
    });
  return `${url.slice(0, question)}?${parts.join('&')}`;
}

/** A copy of a log value with censored fields replaced, at any depth (bounded, cycle-safe). */
export function censor(value: unknown, depth = 0, seen = new WeakSet<object>()): unknown {
  if (value === null || typeof value !== 'object') return value;
  if (depth > 8 || seen.has(value)) return '[…]';
  seen.add(value);
  if (value instanceof Error) return safeError(value, depth + 1, seen);
  if (Array.isArray(value)) return value.map((item) => censor(item, depth + 1, seen));
  if (Buffer.isBuffer(value) || ArrayBuffer.isView(value)) return `[${value.byteLength} bytes]`;
  const copy: Record<string, unknown> = {};
  for (const [key, inner] of Object.entries(value)) {
    copy[key] = CENSORED_FIELDS.has(key.toLowerCase()) ? CENSORED : censor(inner, depth + 1, seen);
  }
  return copy;
}

const SQLSTATE = /^[0-9A-Z]{5}$/;

interface DatabaseFailure {
  code?: unknown;
  query?: unknown;
  constraint?: unknown;
  table?: unknown;
  column?: unknown;
  severity?: unknown;
  routine?: unknown;
}

/** "insert into orders", "update accounts", "select from credit_ledger": what ran, without its values. */
export function statementName(query: string): string {
  const text = query.replace(/\s+/g, ' ').trim();
  const verb = text.match(/^(with|select|insert|update|delete|lock|create|alter|drop|truncate|call)\b/i)?.[1];
  if (!verb) return 'statement';
  const table =
    text.match(/^insert into "?([\w.]+)"?/i)?.[1] ??
    text.match(/^update "?([\w.]+)"?/i)?.[1] ??
    text.match(/^delete from "?([\w.]+)"?/i)?.[1] ??
    text.match(/\bfrom "?([\w.]+)"?/i)?.[1];
  const lower = verb.toLowerCase();
  const action = { insert: 'insert into', delete: 'delete from', select: 'select from' }[lower] ?? lower;
  return table ? `${action} ${table}` : action;
}

/** The database error in an error's cause chain (Drizzle wraps the driver's error), if there is one. */
function databaseFailure(error: Error): { query: string | null; state: DatabaseFailure } | null {
  let query: string | null = null;
  let current: unknown = error;
  for (let hops = 0; hops < 5 && current && typeof current === 'object'; hops++) {
    const candidate = current as DatabaseFailure & { cause?: unknown };
    if (typeof candidate.query === 'string') query = candidate.query;
    if (typeof candidate.code === 'string' && SQLSTATE.test(candidate.code))
      return { query, state: candidate };
    current = candidate.cause;
  }
  return query === null ? null : { query, state: {} };
}

function stringOrUndefined(value: unknown): string | undefined {
  return typeof value === 'string' && value !== '' ? value : undefined;
}

/** The pino `err` serializer: a database failure by code and statement, anything else without secrets. */
export function safeError(error: unknown, depth = 0, seen = new WeakSet<object>()): unknown {
  if (!(error instanceof Error)) return censor(error, depth, seen);
  const failure = databaseFailure(error);
  if (failure) {
    const { state, query } = failure;
    return {
      type: 'DatabaseError',
      code: stringOrUndefined(state.code),
      statement: query ? statementName(query) : undefined,
      constraint: stringOrUndefined(state.constraint),
      table: stringOrUndefined(state.table),
      column: stringOrUndefined(state.column),
      severity: stringOrUndefined(state.severity),
      routine: stringOrUndefined(state.routine),
      // Only the frames: the first lines are the message, which carries the statement's values.
      stack: error.stack
        ?.split('\n')
        .filter((line) => /^\s+at /.test(line))
        .join('\n'),
    };
  }
  const serialized: Record<string, unknown> = {
    type: error.name,
    message: error.message,
    stack: error.stack,
  };
  for (const [key, value] of Object.entries(error)) {
    if (key === 'cause') continue;
    serialized[key] = CENSORED_FIELDS.has(key.toLowerCase()) ? CENSORED : censor(value, depth + 1, seen);
  }
  if (error.cause !== undefined && depth < 5) serialized.cause = safeError(error.cause, depth + 1, seen);
  return serialized;
}

interface LoggedRequest {
  id?: unknown;
  method?: string;
  url?: string;
}

/** The pino `req` serializer: id, method and a safe path; no headers, addresses or query values. */
export function safeRequest(request: LoggedRequest) {
  return { id: request.id, method: request.method, url: safeUrl(request.url ?? '') };
}

const SERIALIZED_KEYS = new Set(['req', 'res', 'err', 'error']);

/** Every line, whatever a careless call passes in: personal and secret fields are censored. */
function censorLine(line: Record<string, unknown>): Record<string, unknown> {
  const safe: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(line)) {
    // Requests, replies and errors have serializers of their own (applied after this), which know them.
    if (SERIALIZED_KEYS.has(key)) safe[key] = value;
    else safe[key] = CENSORED_FIELDS.has(key.toLowerCase()) ? CENSORED : censor(value);
  }
  return safe;
}

/** Pino options shared by the app (Fastify passes them to pino). */
export function safeLoggerOptions() {
  return {
    // Typed loosely on purpose: pino's types expect its own error shape, which a database failure is not.
    serializers: { err: safeError, error: safeError, req: safeRequest } as Record<
      string,
      // biome-ignore lint/suspicious/noExplicitAny: a serializer takes whatever a log line holds
      (value: any) => any
    >,
    formatters: { log: censorLine },
  };
}
