/**
 * The webhooks' job: deliver a batch of events (hook-dispatch.ts). Batches of 50 run in two loops, so one silent
 * receiver holds its batch for at most the 15 s timeout while the other loop goes on; how many attempts are in
 * flight at once, and how a batch is sliced while the API is busy, is the pace's (delivery-pace.ts). Two loops
 * rather than four: with the pace's cap on attempts in flight, more loops only fetched jobs that then waited.
 */
import type { BatchWorker } from '../../jobs/job-queue.ts';
import type { WebhooksService } from './webhooks.service.ts';

export function webhookJobs(webhooks: Pick<WebhooksService, 'deliver'>): {
  'webhooks.deliver': BatchWorker<'webhooks.deliver'>;
} {
  return {
    'webhooks.deliver': {
      batch: { batchSize: 50, loops: 2 },
      handle: (jobs) => webhooks.deliver(jobs.map((job) => job.data)),
    },
  };
}
