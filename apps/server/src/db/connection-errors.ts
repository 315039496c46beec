/**
 * Whether a failure means the database could not be reached, rather than that a statement was wrong: the
 * server restarts, fails over, refuses connections, or the network to it is gone. Such a request is worth
 * sending again shortly (its open transaction was rolled back; only a connection lost during COMMIT leaves
 * the outcome unknown), so it answers 503 (plugins/errors.ts) instead of the 500 of a fault of ours.
 * The pool recovers by itself: a broken connection is dropped, and the next query opens a new one.
 */

/** SQLSTATEs that say the connection, not the statement, failed. */
const CONNECTION_STATES = new Set([
  '57P01', // admin_shutdown: the server was stopped, or an administrator ended the session
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now: the server is starting up or shutting down
  '53300', // too_many_connections
]);

/** Socket failures of the driver (node's errno codes). */
const SOCKET_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EAI_AGAIN',
]);

/** What node-postgres and its pool say, with no code, when a connection ends or cannot be had in time. */
const DRIVER_MESSAGES = [
  /^Connection terminated/, // "... unexpectedly", "... due to connection timeout"
  /^timeout exceeded when trying to connect$/, // the pool's connectionTimeoutMillis
  /^Client has encountered a connection error and is not queryable$/,
];

interface Failure {
  code?: unknown;
  severity?: unknown;
  message?: unknown;
  cause?: unknown;
}

function isConnectionFailure(failure: Failure): boolean {
  const { code, severity, message } = failure;
  if (typeof code === 'string') {
    // Class 08: connection exceptions.
    if (code.startsWith('08') || CONNECTION_STATES.has(code) || SOCKET_CODES.has(code)) return true;
    // object_not_in_prerequisite_state as FATAL comes only from connecting: "database is not currently
    // accepting connections" (ALLOW_CONNECTIONS false, during maintenance). As an ERROR it is a statement's.
    if (code === '55000' && severity === 'FATAL') return true;
  }
  return typeof message === 'string' && DRIVER_MESSAGES.some((pattern) => pattern.test(message));
}

/** Looks through the cause chain: Drizzle wraps the driver's error (DrizzleQueryError), others may too. */
export function isDatabaseUnreachable(error: unknown): boolean {
  let current: unknown = error;
  for (let hops = 0; hops < 5 && current !== null && typeof current === 'object'; hops++) {
    const failure = current as Failure;
    if (isConnectionFailure(failure)) return true;
    // An AggregateError (a connect that tried IPv6 and IPv4) holds its reasons in `errors`.
    const inner = (current as { errors?: unknown }).errors;
    if (Array.isArray(inner) && inner.some((each) => isDatabaseUnreachable(each))) return true;
    current = failure.cause;
  }
  return false;
}
