/**
 * The batch orders' job: place the batch (batch-placement.ts, exactly once however often it runs). A failure
 * that is not the file's (the database went away, the process is stopping) is thrown, so the queue retries
 * it (queues.ts); on the last attempt the batch is marked failed first, so no batch stays in progress for ever.
 */
import { englishOf, text } from '@parcelops/shared';
import type { Database } from '../../db/database.ts';
import type { JobHandler } from '../../jobs/job-queue.ts';
import type { StatusChangeListener } from '../orders/status-change.ts';
import { batchOrdersRepository } from './batch-orders.repository.ts';
import { placeBatch } from './batch-placement.ts';

export const GAVE_UP = englishOf(text('batch.gaveUp'));

export function batchOrderJobs(
  db: Database,
  notify: StatusChangeListener,
): { 'batch-orders.place': JobHandler<'batch-orders.place'> } {
  return {
    'batch-orders.place': async (job) => {
      try {
        await placeBatch(db, job.data.batchSid, notify);
      } catch (error) {
        if (job.retryCount >= job.retryLimit)
          await batchOrdersRepository.markFailed(db, job.data.batchSid, text('batch.gaveUp'), []);
        throw error;
      }
    },
  };
}
