/**
 * Every job's handler, listed against its queue (jobs/queues.ts) so a queue without a handler does not
 * compile. Each handler lives beside its domain (`<domain>.jobs.ts`) and calls one service method; none gets
 * the database. Adding a job type: its queue and payload schema in queues.ts, its handler in the domain's jobs
 * file, one line here.
 */
import type { JobQueue } from './jobs/job-queue.ts';
import { type JobHandlers, workQueues } from './jobs/workers.ts';
import { amsJobs } from './modules/ams/ams.jobs.ts';
import { batchOrderJobs } from './modules/batch-orders/batch-orders.jobs.ts';
import { stationScanJobs } from './modules/station-scans/station-scans.jobs.ts';
import { webhookJobs } from './modules/webhooks/webhooks.jobs.ts';
import type { Services } from './services.ts';

type WorkerServices = Pick<
  Services,
  'batchOrders' | 'amsSubmission' | 'webhooks' | 'stationScans' | 'metrics'
>;

export function jobHandlers(services: WorkerServices): JobHandlers {
  return {
    ...batchOrderJobs(services.batchOrders),
    ...amsJobs(services.amsSubmission),
    ...webhookJobs(services.webhooks),
    ...stationScanJobs(services.stationScans),
  } satisfies JobHandlers;
}

/** Starts a worker for every queue in this process, on the services of the composition root. */
export function startWorkers(queue: JobQueue, services: WorkerServices): Promise<void> {
  return workQueues(queue, jobHandlers(services), services.metrics);
}
