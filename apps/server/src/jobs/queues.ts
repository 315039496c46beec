/**
 * Every job queue, with every option written down, and the schema of what its jobs carry: pg-boss 10 keeps the options of whoever created a queue
 * first, its real default retryLimit is 2 (not the documented 0), and a job sent to a queue that does not
 * exist is dropped (`send` resolves null). job-queue.ts creates these at start and brings existing ones up
 * to date, and refuses a send that comes back null.
 *
 * The payload schemas sit here, beside the queues' settings, rather than in each domain's jobs file: the
 * sender's types (`JobData`, used by `enqueue` in every service) and the worker's check (job-queue.ts) both
 * live in jobs/, which imports no domain. Adding a job type touches this file, its domain's `.jobs.ts` and one
 * line in job-handlers.ts.
 */
import { z } from 'zod';

export interface QueueSettings {
  /** Attempts after the first. */
  retryLimit: number;
  /** Seconds before the first retry; doubled each time (with jitter) when `retryBackoff`. */
  retryDelay: number;
  retryBackoff: boolean;
  /**
   * The longest one attempt may run: pg-boss gives up on the handler then. A worker's lease (job-queue.ts)
   * hands a job back far sooner when its process is gone.
   */
  expireInSeconds: number;
  /** How long a job that never started is kept before pg-boss drops it. */
  retentionMinutes: number;
}

export const QUEUES = {
  /** Places a batch order's file (modules/batch-orders/batch-orders.jobs.ts). */
  'batch-orders.place': {
    retryLimit: 5,
    retryDelay: 5,
    retryBackoff: true,
    // 50,000 rows take about a minute; a slow machine, a few. An hour is a batch that is stuck.
    expireInSeconds: 3600,
    retentionMinutes: 7 * 24 * 60,
  },
  /** Files an AMS through its filing adapter (modules/ams/ams.jobs.ts); idempotent, so retried freely. */
  'ams.submit': {
    retryLimit: 5,
    retryDelay: 10,
    retryBackoff: true,
    expireInSeconds: 600,
    retentionMinutes: 7 * 24 * 60,
  },
  /**
   * Delivers one webhook event (modules/webhooks/webhooks.jobs.ts). The retry schedule of deliveries (now,
   * 5 s, 5 min … about a day) is the handler's own: a failed attempt is recorded and the next one enqueued as a
   * new job. pg-boss's retries here only hand back a job whose worker died mid-delivery.
   */
  'webhooks.deliver': {
    retryLimit: 10,
    retryDelay: 5,
    retryBackoff: true,
    // A batch of deliveries runs side by side, each bounded by its 15 s timeout, so a batch ends within about
    // 20 s. Its expiry is also how soon a batch whose worker died is delivered again (these jobs hold no
    // lease): 60 s keeps that wait short with room to spare.
    expireInSeconds: 60,
    retentionMinutes: 2 * 24 * 60,
  },
  /**
   * Drops the stored file of batches finished more than BATCH_FILE_KEEP_DAYS ago (modules/batch-orders); run
   * daily on its schedule (SCHEDULES below). One statement, safe to run twice.
   */
  'batch-orders.drop-files': {
    retryLimit: 3,
    retryDelay: 60,
    retryBackoff: true,
    expireInSeconds: 600,
    retentionMinutes: 24 * 60,
  },
  /**
   * Deletes the records of stations' listed scans older than STATION_SCAN_KEEP_DAYS (modules/station-scans);
   * run daily on its schedule (SCHEDULES below). One statement, safe to run twice.
   */
  'station-scans.drop-old': {
    retryLimit: 3,
    retryDelay: 60,
    retryBackoff: true,
    expireInSeconds: 600,
    retentionMinutes: 24 * 60,
  },
} as const satisfies Record<string, QueueSettings>;

export type JobName = keyof typeof QUEUES;

const sid = z.string().min(1);

/**
 * What each queue's jobs carry: checked before a handler runs (job-queue.ts); a job that does not match fails
 * for good, since no retry would make it match.
 */
export const JOB_PAYLOADS = {
  'batch-orders.place': z.object({ batchSid: sid }),
  /** The admin who submitted, named on the parcels' Departed events. */
  'ams.submit': z.object({ amsSid: sid, userSid: sid.nullable() }),
  /** `token` must still be the event's job token, so a job from an older round does nothing. */
  'webhooks.deliver': z.object({ eventId: sid, token: sid }),
  'batch-orders.drop-files': z.object({}),
  'station-scans.drop-old': z.object({}),
} as const satisfies Record<JobName, z.ZodType>;

/**
 * Queues that pg-boss sends a job to on a cron schedule (UTC), with the job's data. Every worker process keeps
 * the schedules (job-queue.ts); pg-boss sends one job per tick however many processes keep them.
 */
export const SCHEDULES: { [N in JobName]?: { cron: string; data: JobData[N] } } = {
  // Daily at 03:17 UTC, out of the couriers' busy hours.
  'batch-orders.drop-files': { cron: '17 3 * * *', data: {} },
  // Daily at 03:47 UTC, apart from the batch files' clean-up.
  'station-scans.drop-old': { cron: '47 3 * * *', data: {} },
};

/** What each queue's jobs carry, as the senders and handlers see it: inferred from the schemas. */
export type JobData = { [N in JobName]: z.infer<(typeof JOB_PAYLOADS)[N]> };

export const JOB_NAMES = Object.keys(QUEUES) as JobName[];
