/**
 * Every job's handler, and the one place workers start: each handler lives beside its domain
 * (`<domain>.jobs.ts`) and is listed here against its queue (queues.ts), so a queue without a handler does
 * not compile.
 */
import { batchOrderJobs } from '../modules/batch-orders/batch-orders.jobs.ts';
import type { Services } from '../services.ts';
import type { JobHandler, JobQueue } from './job-queue.ts';
import { JOB_NAMES, type JobName } from './queues.ts';

/** How long a stopping process (SIGTERM) lets running jobs finish before handing them back. */
export const JOBS_STOP_MS = 25_000;

type Handlers = { [N in JobName]: JobHandler<N> };

export function jobHandlers(services: Pick<Services, 'db'>): Handlers {
  return { ...batchOrderJobs(services.db) };
}

/** Starts a worker for every queue in this process. */
export async function startWorkers(queue: JobQueue, services: Pick<Services, 'db'>): Promise<void> {
  const handlers = jobHandlers(services);
  for (const name of JOB_NAMES) await queue.work(name, handlers[name] as JobHandler<typeof name>);
}
