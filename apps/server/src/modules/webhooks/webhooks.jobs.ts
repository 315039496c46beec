/**
 * The webhooks' job: deliver a batch of events (hook-dispatch.ts). Batches of 50 run side by side in a few
 * loops, so one silent receiver holds its batch for at most the 15 s timeout while the other loops go on.
 */
import type { BatchWorker } from '../../jobs/job-queue.ts';
import type { WebhooksService } from './webhooks.service.ts';

export function webhookJobs(webhooks: Pick<WebhooksService, 'deliver'>): {
  'webhooks.deliver': BatchWorker<'webhooks.deliver'>;
} {
  return {
    'webhooks.deliver': {
      batch: { batchSize: 50, loops: 4 },
      handle: (jobs) => webhooks.deliver(jobs.map((job) => job.data)),
    },
  };
}
