/**
 * Every job's handler, and the one place workers start: each handler lives beside its domain
 * (`<domain>.jobs.ts`) and is listed here against its queue (queues.ts), so a queue without a handler does
 * not compile.
 */
import { amsJobs } from '../modules/ams/ams.jobs.ts';
import { batchOrderJobs } from '../modules/batch-orders/batch-orders.jobs.ts';
import { webhookJobs } from '../modules/webhooks/webhooks.jobs.ts';
import type { Services } from '../services.ts';
import type { BatchWorker, JobHandler, JobQueue } from './job-queue.ts';
import { JOB_NAMES, type JobName } from './queues.ts';

/** How long a stopping process (SIGTERM) lets running jobs finish before handing them back. */
export const JOBS_STOP_MS = 25_000;

/** A queue's work: one job at a time under a lease, or batches (short jobs such as webhook deliveries). */
type Handlers = { [N in JobName]: JobHandler<N> | BatchWorker<N> };

type WorkerServices = Pick<Services, 'db' | 'hookEvents' | 'webhooks' | 'amsSubmission'>;

export function jobHandlers(services: WorkerServices): Handlers {
  return {
    ...batchOrderJobs(services.db, services.hookEvents),
    ...amsJobs(services.db, services.amsSubmission),
    ...webhookJobs(services.webhooks),
  };
}

/** Starts a worker for every queue in this process. */
export async function startWorkers(queue: JobQueue, services: WorkerServices): Promise<void> {
  const handlers = jobHandlers(services);
  for (const name of JOB_NAMES) {
    const handler = handlers[name];
    if (typeof handler === 'function') await queue.work(name, handler as JobHandler<typeof name>);
    else {
      const worker = handler as BatchWorker<typeof name>;
      await queue.workBatches(name, worker.batch, worker.handle);
    }
  }
}
