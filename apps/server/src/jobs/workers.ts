/**
 * Every job's handler, and the one place workers start: each handler lives beside its domain
 * (`<domain>.jobs.ts`) and is listed here against its queue (queues.ts), so a queue without a handler does
 * not compile.
 */
import { amsJobs } from '../modules/ams/ams.jobs.ts';
import { batchOrderJobs } from '../modules/batch-orders/batch-orders.jobs.ts';
import { webhookJobs } from '../modules/webhooks/webhooks.jobs.ts';
import type { MetricsRecorder } from '../ops/metrics.ts';
import type { Services } from '../services.ts';
import type { BatchWorker, JobHandler, JobQueue } from './job-queue.ts';
import { JOB_NAMES, type JobName } from './queues.ts';

/** How long a stopping process (SIGTERM) lets running jobs finish before handing them back. */
export const JOBS_STOP_MS = 25_000;

/** A queue's work: one job at a time under a lease, or batches (short jobs such as webhook deliveries). */
type Handlers = { [N in JobName]: JobHandler<N> | BatchWorker<N> };

type WorkerServices = Pick<Services, 'db' | 'hookEvents' | 'webhooks' | 'amsSubmission' | 'metrics'>;

export function jobHandlers(services: WorkerServices): Handlers {
  return {
    ...batchOrderJobs(services.db, services.hookEvents),
    ...amsJobs(services.db, services.amsSubmission),
    ...webhookJobs(services.webhooks),
  };
}

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
export async function startWorkers(queue: JobQueue, services: WorkerServices): Promise<void> {
  const handlers = jobHandlers(services);
  const { metrics } = services;
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
