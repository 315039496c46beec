import { ErrorCode, englishOf, type FieldIssue, plainText, type Text, text } from '@parcelops/shared';

/** What a failure says: a catalogue text (preferred), or English with no key yet (sent as `common.plain`). */
export type ErrorText = Text | string;

export function asText(value: ErrorText): Text {
  return typeof value === 'string' ? plainText(value) : value;
}

/** A field's problem in the reply's details: English for API clients, key and params for the web. */
export function fieldIssue(path: string, message: ErrorText): FieldIssue {
  const words = asText(message);
  const issue: FieldIssue = { path, message: englishOf(words), key: words.key };
  if (words.params) issue.params = words.params;
  return issue;
}

/**
 * A failure meant for the caller: the error handler answers `{ msg, code, key, params, details? }` with
 * `status`, where `msg` is the English of the catalogue text `key` with `params`.
 */
export class AppError extends Error {
  /** Headers the reply carries besides the body, such as Retry-After on a 503. */
  headers?: Record<string, string>;
  readonly text: Text;

  constructor(
    readonly code: ErrorCode,
    readonly status: number,
    message: ErrorText,
    readonly details?: FieldIssue[],
  ) {
    const words = asText(message);
    super(englishOf(words));
    this.text = words;
    this.name = 'AppError';
  }

  static badRequest(msg: ErrorText, details?: FieldIssue[]) {
    return new AppError(ErrorCode.VALIDATION_FAILED, 400, msg, details);
  }
  static forbidden(msg: ErrorText = text('common.forbidden')) {
    return new AppError(ErrorCode.FORBIDDEN, 403, msg);
  }
  static notFound(msg: ErrorText) {
    return new AppError(ErrorCode.NOT_FOUND, 404, msg);
  }
  static conflict(msg: ErrorText) {
    return new AppError(ErrorCode.CONFLICT, 409, msg);
  }
  static unauthorized(msg: ErrorText = text('common.sessionExpired')) {
    return new AppError(ErrorCode.UNAUTHORIZED, 401, msg);
  }
  /** The server cannot take this work now; the client may retry after the given seconds. */
  static busy(msg: ErrorText, retryAfterSeconds: number) {
    const error = new AppError(ErrorCode.BUSY, 503, msg);
    error.headers = { 'retry-after': String(retryAfterSeconds) };
    return error;
  }
}

/** One field's problem as a 400, for rules the schema alone cannot check. */
export function fieldError(path: string, message: ErrorText) {
  return AppError.badRequest(message, [fieldIssue(path, message)]);
}

/** The SQLSTATE of a database error; Drizzle wraps the driver's error in `cause`. */
function sqlStateOf(error: unknown): unknown {
  const direct = (error as { code?: unknown } | null)?.code;
  return typeof direct === 'string' && /^[0-9A-Z]{5}$/.test(direct)
    ? direct
    : (error as { cause?: { code?: unknown } } | null)?.cause?.code;
}

/** PostgreSQL's unique_violation; a race between a check and an insert ends here. */
export function isUniqueViolation(error: unknown): boolean {
  return sqlStateOf(error) === '23505';
}

/**
 * Waits for a write that may break a unique constraint, answering `taken()` (a 409 naming what is taken)
 * when it does: a race between a check and an insert, or a name that is simply in use.
 */
export async function unlessTaken<T>(write: Promise<T>, taken: () => AppError): Promise<T> {
  try {
    return await write;
  } catch (error) {
    if (isUniqueViolation(error)) throw taken();
    throw error;
  }
}

/** foreign_key_violation, or restrict_violation from an ON DELETE RESTRICT reference. */
export function isForeignKeyViolation(error: unknown): boolean {
  const state = sqlStateOf(error);
  return state === '23503' || state === '23001';
}
