import { ErrorCode, type FieldIssue } from '@parcelops/shared';

/** A failure meant for the caller: the error handler answers `{ msg, code, details? }` with `status`. */
export class AppError extends Error {
  /** Headers the reply carries besides the body, such as Retry-After on a 503. */
  headers?: Record<string, string>;

  constructor(
    readonly code: ErrorCode,
    readonly status: number,
    message: string,
    readonly details?: FieldIssue[],
  ) {
    super(message);
    this.name = 'AppError';
  }

  static badRequest(msg: string, details?: FieldIssue[]) {
    return new AppError(ErrorCode.VALIDATION_FAILED, 400, msg, details);
  }
  static forbidden(msg = 'You do not have permission to do that.') {
    return new AppError(ErrorCode.FORBIDDEN, 403, msg);
  }
  static notFound(msg: string) {
    return new AppError(ErrorCode.NOT_FOUND, 404, msg);
  }
  static conflict(msg: string) {
    return new AppError(ErrorCode.CONFLICT, 409, msg);
  }
  static unauthorized(msg = 'Your session has expired. Please log in and try again.') {
    return new AppError(ErrorCode.UNAUTHORIZED, 401, msg);
  }
  /** The server cannot take this work now; the client may retry after the given seconds. */
  static busy(msg: string, retryAfterSeconds: number) {
    const error = new AppError(ErrorCode.BUSY, 503, msg);
    error.headers = { 'retry-after': String(retryAfterSeconds) };
    return error;
  }
}

/** One field's problem as a 400, for rules the schema alone cannot check. */
export function fieldError(path: string, message: string) {
  return AppError.badRequest(message, [{ path, message }]);
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
