/**
 * Caps the streamed reports in flight in this process (the order reports; the hub's Order_details can take a
 * slot the same way). Each reads for seconds: on PostgreSQL it holds a pool connection, on PGlite it shares
 * the one connection and this thread with every other call. Over the cap a 503 BUSY with Retry-After, as
 * parse-pool.ts answers uploads.
 */
import type { Readable } from 'node:stream';
import { AppError } from '../app-error.ts';

/** Mutable so that tests can lower it. */
export const REPORT_STREAMS = {
  maxInFlight: 2,
  /** A report of 100,000 orders takes 5-15 s. */
  retryAfterSeconds: 10,
};

const BUSY = 'The server is busy writing other reports. Please try again in a few seconds.';

let inFlight = 0;

/** Reports being written now in this process. */
export function reportsInFlight(): number {
  return inFlight;
}

/** Takes a slot for one report, or throws the 503; the returned function gives it back (once, however called). */
export function takeReportSlot(): () => void {
  if (inFlight >= REPORT_STREAMS.maxInFlight) throw AppError.busy(BUSY, REPORT_STREAMS.retryAfterSeconds);
  inFlight++;
  let released = false;
  return () => {
    if (released) return;
    released = true;
    inFlight--;
  };
}

/** Takes a slot (or throws the 503), makes the stream, and gives the slot back when it ends or breaks. */
export function whileSlotHeld(make: () => Readable): Readable {
  const release = takeReportSlot();
  try {
    const stream = make();
    stream.once('close', release);
    stream.once('end', release);
    stream.once('error', release);
    return stream;
  } catch (error) {
    release();
    throw error;
  }
}
