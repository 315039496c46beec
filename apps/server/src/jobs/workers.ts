/**
 * Starts this process's workers on every queue, each run measured (ops/metrics.ts). The handlers come from
 * the list beside the composition root (job-handlers.ts), so jobs/ imports no domain.
 */
import type { MetricsRecorder } from '../ops/metrics.ts';
import type { BatchWorker, JobHandler, JobQueue } from './job-queue.ts';
import { JOB_NAMES, type JobName } from './queues.ts';

/** How long a stopping process (SIGTERM) lets running jobs finish before handing them back. */
export const JOBS_STOP_MS = 25_000;

/** A queue's work: one job at a time under a lease, or batches (short jobs such as webhook deliveries). */
export type JobHandlers = { [N in JobName]: JobHandler<N> | BatchWorker<N> };

/** Runs `work` on `count` jobs of `queue`, recording its time and whether it threw (ops/metrics.ts). */
async function measured(metrics: MetricsRecorder, queue: JobName, count: number, work: () => Promise<void>) {
  const started = performance.now();
  let failed = true;
  try {
    await work();
    failed = false;
  } finally {
    metrics.jobsRan(queue, (performance.now() - started) / 1000, failed, count);
  }
}

/** Starts a worker for every queue in this process. */
export async function workQueues(
  queue: JobQueue,
  handlers: JobHandlers,
  metrics: MetricsRecorder,
): Promise<void> {
  for (const name of JOB_NAMES) {
    const handler = handlers[name];
    if (typeof handler === 'function') {
      const handle = handler as JobHandler<typeof name>;
      await queue.work(name, (job) => measured(metrics, name, 1, () => handle(job)));
    } else {
      const worker = handler as BatchWorker<typeof name>;
      await queue.workBatches(name, worker.batch, (jobs) =>
        measured(metrics, name, jobs.length, () => worker.handle(jobs)),
      );
    }
  }
}
