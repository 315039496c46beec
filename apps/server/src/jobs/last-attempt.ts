/**
 * A job's attempt, as a service's job method gets it, and the one rule for its last: a failure that is not the
 * work's own (the database went away, the process is stopping) is thrown so the queue retries it, but on the
 * last attempt the service first records that it gave up, so nothing stays "in progress" for ever.
 */

/** Which attempt this is (a RunningJob carries both). */
export interface JobAttempt {
  /** Attempts before this one (0 on the first). */
  retryCount: number;
  retryLimit: number;
}

/** Runs `work`; when it throws on the last attempt, `giveUp` runs before the error goes on to the queue. */
export async function givingUpOnLastAttempt(
  attempt: JobAttempt,
  work: () => Promise<unknown>,
  giveUp: () => Promise<unknown>,
): Promise<void> {
  try {
    await work();
  } catch (error) {
    if (attempt.retryCount >= attempt.retryLimit) await giveUp();
    throw error;
  }
}
