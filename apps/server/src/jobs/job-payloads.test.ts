/**
 * Every job's payload has one schema (queues.ts): senders and handlers are typed from it, so an enqueue whose
 * payload does not match fails the build; and a job whose stored data does not match (an older release's, a
 * hand-written row) fails once, for good, before any handler writes anything.
 */
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, expectTypeOf, it } from 'vitest';
import type { z } from 'zod';
import { createTestApp } from '../../test/test-app.ts';
import type { Transaction } from '../db/database.ts';
import { selectRow } from '../db/raw-rows.ts';
import { startWorkers } from '../job-handlers.ts';
import type { AmsSubmissionService } from '../modules/ams/ams-submission.service.ts';
import type { BatchOrdersService } from '../modules/batch-orders/batch-orders.service.ts';
import type { DeliveryJob } from '../modules/webhooks/hook-dispatch.ts';
import { JOB_SCHEMA } from './job-lease.ts';
import { JobQueue, type JobSender, type RunningJob } from './job-queue.ts';
import type { JOB_PAYLOADS, JobData, JobName } from './queues.ts';

type Schema<N extends JobName> = z.infer<(typeof JOB_PAYLOADS)[N]>;

describe('payload types', () => {
  it('are the schemas’ at every enqueue site and in every handler', () => {
    expectTypeOf<JobData['batch-orders.place']>().toEqualTypeOf<Schema<'batch-orders.place'>>();
    expectTypeOf<JobData['ams.submit']>().toEqualTypeOf<Schema<'ams.submit'>>();
    expectTypeOf<JobData['webhooks.deliver']>().toEqualTypeOf<Schema<'webhooks.deliver'>>();
    expectTypeOf<RunningJob<'ams.submit'>['data']>().toEqualTypeOf<Schema<'ams.submit'>>();
    // The service methods the handlers call take what the schema gives.
    expectTypeOf<Parameters<AmsSubmissionService['fileJob']>[0]>().toEqualTypeOf<Schema<'ams.submit'>>();
    expectTypeOf<Parameters<BatchOrdersService['placeBatch']>[0]>().toEqualTypeOf<
      Schema<'batch-orders.place'>['batchSid']
    >();
    expectTypeOf<DeliveryJob>().toEqualTypeOf<Schema<'webhooks.deliver'>>();
    // A payload the schema does not describe is refused by the compiler wherever it is enqueued.
    const sends = (jobs: JobSender, tx: Transaction) => [
      // @ts-expect-error batchSid is a string
      jobs.enqueue(tx, 'batch-orders.place', { batchSid: 42 }),
      // @ts-expect-error userSid is required (null for the system)
      jobs.enqueue(tx, 'ams.submit', { amsSid: 'ams_1' }),
      // @ts-expect-error every delivery carries its round's token
      jobs.enqueueMany(tx, 'webhooks.deliver', [{ data: { eventId: 'e' } }]),
    ];
    expect(sends).toBeTypeOf('function');
  });
});

const t = await createTestApp();
afterAll(() => t.close());
const db = t.database.db;

async function jobRow(id: string) {
  return selectRow<{ state: string; retry_count: number }>(
    db,
    sql.raw(`select state, retry_count from ${JOB_SCHEMA}.job where id = '${id}'`),
  );
}

async function count(table: string): Promise<number> {
  const row = await selectRow<{ n: number }>(db, sql.raw(`select count(*)::int as n from ${table}`));
  return row?.n ?? 0;
}

describe('a job whose data does not match its schema', () => {
  it('fails once without retries, writes nothing, and logs the queue and the wrong paths only', async () => {
    const warnings: Record<string, unknown>[] = [];
    const worker = await JobQueue.open(t.database, {
      workers: true,
      pollingIntervalSeconds: 0.5,
      warn: (fields) => warnings.push(fields),
    });
    try {
      await startWorkers(worker, t.app.services);
      const batchesBefore = await count('batch_orders');
      const attemptsBefore = await count('hook_attempts');
      const [placing, delivering] = await db.transaction(async (tx) => [
        await t.jobs.enqueue(tx, 'batch-orders.place', { batchSid: 42 } as never),
        await t.jobs.enqueue(tx, 'webhooks.deliver', { eventId: 'ev_secret_value' } as never),
      ]);
      for (const id of [placing, delivering])
        await expect.poll(async () => (await jobRow(id))?.state, { timeout: 15_000 }).toBe('failed');
      // Still failed a poll later, on its first attempt: pg-boss did not schedule a retry.
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      for (const id of [placing, delivering])
        expect(await jobRow(id)).toEqual({ state: 'failed', retry_count: 0 });
      expect(await count('batch_orders')).toBe(batchesBefore);
      expect(await count('hook_attempts')).toBe(attemptsBefore);
      expect(warnings).toEqual(
        expect.arrayContaining([
          { job: placing, queue: 'batch-orders.place', paths: ['batchSid'] },
          { job: delivering, queue: 'webhooks.deliver', paths: ['token'] },
        ]),
      );
      expect(JSON.stringify(warnings)).not.toContain('ev_secret_value');
    } finally {
      await worker.stop(1_000);
    }
  });
});
