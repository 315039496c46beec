/**
 * The batch orders' jobs: place the batch (BatchOrdersService.placeBatch, exactly once however often it runs,
 * the batch marked failed when the last attempt fails), and the daily drop of old finished batches' files. Its payload is checked against queues.ts before this
 * runs.
 */
import type { JobHandler } from '../../jobs/job-queue.ts';
import type { BatchOrdersService } from './batch-orders.service.ts';

export function batchOrderJobs(batchOrders: Pick<BatchOrdersService, 'placeBatch' | 'dropOldFiles'>): {
  'batch-orders.place': JobHandler<'batch-orders.place'>;
  'batch-orders.drop-files': JobHandler<'batch-orders.drop-files'>;
} {
  return {
    'batch-orders.place': (job) => batchOrders.placeBatch(job.data.batchSid, job),
    // The daily clean-up (queues.ts SCHEDULES): the files of batches finished BATCH_FILE_KEEP_DAYS ago.
    'batch-orders.drop-files': async () => {
      await batchOrders.dropOldFiles();
    },
  };
}
