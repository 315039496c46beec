/**
 * The job sender of a process built without a queue (a benchmark or a script that builds the services
 * alone): enqueueing answers 503 rather than dropping the job. The server (main.ts, worker.ts) and the tests
 * always give a real queue.
 */
import { AppError } from '../lib/app-error.ts';
import type { JobSender } from './job-queue.ts';

const unavailable = () =>
  Promise.reject(
    AppError.busy('Background work is not available on this server. Please try again later.', 60),
  );

export const NO_JOB_QUEUE: JobSender = { enqueue: unavailable, enqueueMany: unavailable };
