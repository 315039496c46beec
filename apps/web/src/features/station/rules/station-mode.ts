/**
 * When a station sends and when it keeps its scans (issue 32), as pure rules. The connection follows what the
 * last call did: an answer makes it live; no answer (network down, 3 s passed, a 502-504) or a refusal of the
 * whole list queues, retried with back-off; a 401 waits for the operator to sign in again. The operator may
 * also queue by hand (`manual`), whatever the connection. Nothing here knows about time or React.
 */
import type { FailureWords } from '../../../lib/server-text.ts';

export type StationConnection =
  | { state: 'live' }
  /** No answer, or the list refused whole: scans wait on the device. `failure` is the server's why, if any. */
  | { state: 'queued'; failures: number; failure: FailureWords | null }
  /** The session ended (401): nothing is sent until the operator signs in again. */
  | { state: 'signedOut' };

/** What one call of the batch endpoint came to. */
export type SendOutcome =
  | { type: 'answered' }
  /** Network error, timeout, 502, 503, 504, 429: the server may answer in a moment. */
  | { type: 'unreachable' }
  /** Any other failure of the whole list: kept and retried, with the server's words shown. */
  | { type: 'refused'; failure: FailureWords }
  | { type: 'unauthorized' };

export const LIVE: StationConnection = { state: 'live' };

export function connectionAfter(connection: StationConnection, outcome: SendOutcome): StationConnection {
  switch (outcome.type) {
    case 'answered':
      return LIVE;
    case 'unauthorized':
      return { state: 'signedOut' };
    case 'unreachable':
    case 'refused':
      return {
        state: 'queued',
        failures: connection.state === 'queued' ? connection.failures + 1 : 1,
        failure: outcome.type === 'refused' ? outcome.failure : null,
      };
  }
}

/** The operator's view of the station: sending at once, queuing because it must, by choice, or signed out. */
export type StationModeName = 'live' | 'queued' | 'manual' | 'signIn';

export function modeName(connection: StationConnection, manual: boolean): StationModeName {
  if (connection.state === 'signedOut') return 'signIn';
  if (manual) return 'manual';
  return connection.state;
}

/** A scan made now is kept back (its verdict will not be live) unless the station is live. */
export const isQueuing = (connection: StationConnection, manual: boolean): boolean =>
  modeName(connection, manual) !== 'live';

/**
 * Whether the sender may call the server now. `forced` is the operator's Send now or a due retry: queued by
 * hand, only those send; signed out, nothing does (the call would only answer 401 again).
 */
export function maySend(connection: StationConnection, manual: boolean, forced: boolean): boolean {
  if (connection.state === 'signedOut') return false;
  if (manual || connection.state === 'queued') return forced;
  return true;
}

export const RETRY_FIRST_MS = 1_000;
export const RETRY_MAX_MS = 30_000;

/** 1 s after the first failure, doubling to at most 30 s: a restarting server is not hammered. */
export function retryDelayMs(failures: number): number {
  const doublings = Math.max(0, failures - 1);
  return Math.min(RETRY_MAX_MS, RETRY_FIRST_MS * 2 ** Math.min(doublings, 16));
}
