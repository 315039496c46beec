/**
 * The batch orders' job: place the batch (BatchOrdersService.placeBatch, exactly once however often it runs,
 * the batch marked failed when the last attempt fails). Its payload is checked against queues.ts before this
 * runs.
 */
import type { JobHandler } from '../../jobs/job-queue.ts';
import type { BatchOrdersService } from './batch-orders.service.ts';

export function batchOrderJobs(batchOrders: Pick<BatchOrdersService, 'placeBatch'>): {
  'batch-orders.place': JobHandler<'batch-orders.place'>;
} {
  return {
    'batch-orders.place': (job) => batchOrders.placeBatch(job.data.batchSid, job),
  };
}
