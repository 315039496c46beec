/**
 * The job queue on the test's own database (PGlite, or PostgreSQL when DATABASE_URL is set): a job is written
 * in its cause's transaction or not at all, a send pg-boss would drop is an error, workers run each job, a
 * stopping process hands back what it could not finish, and a dead process's jobs come back.
 */
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/test-app.ts';
import { openTestDatabase } from '../../test/test-database.ts';
import { selectRow } from '../db/raw-rows.ts';
import { JOB_SCHEMA } from './job-lease.ts';
import { JobQueue, type RunningJob } from './job-queue.ts';
import type { JobName } from './queues.ts';

const t = await createTestApp();
afterAll(() => t.close());
const db = t.database.db;
const NAME: JobName = 'batch-orders.place';

async function jobRow(id: string) {
  return selectRow<{ state: string; retry_count: number; expire: number; lease: number }>(
    db,
    sql.raw(
      `select state, retry_count, extract(epoch from expire_in)::int as expire, extract(epoch from started_on + expire_in - now())::int as lease from ${JOB_SCHEMA}.job where id = '${id}'`,
    ),
  );
}

/** A queue of its own on the test's database, its workers polling fast; stopped after the test. */
async function queue(options: { workers: boolean; leaseSeconds?: number }) {
  const opened = await JobQueue.open(t.database, { pollingIntervalSeconds: 0.5, ...options });
  return opened;
}

describe('enqueue', () => {
  it('writes the job with the transaction that causes it, and not at all when it rolls back', async () => {
    const committed = await db.transaction((tx) => t.jobs.enqueue(tx, NAME, { batchSid: 'committed' }));
    expect((await jobRow(committed))?.state).toBe('created');
    let rolledBack = '';
    await expect(
      db.transaction(async (tx) => {
        rolledBack = await t.jobs.enqueue(tx, NAME, { batchSid: 'rolled-back' });
        throw new Error('the write failed');
      }),
    ).rejects.toThrow('the write failed');
    expect(rolledBack).not.toBe('');
    expect(await jobRow(rolledBack)).toBeUndefined();
  });

  it('refuses a job for a queue that does not exist, instead of dropping it', async () => {
    await expect(
      db.transaction((tx) => t.jobs.enqueue(tx, 'no.such.queue' as JobName, { batchSid: 'x' })),
    ).rejects.toThrow('The job queue refused a no.such.queue job');
  });

  it('creates every queue with the options written down, whatever an earlier start left', async () => {
    await db.execute(
      sql.raw(`update ${JOB_SCHEMA}.queue set retry_limit = 0, expire_seconds = 900 where name = '${NAME}'`),
    );
    const again = await queue({ workers: false });
    await again.stop(1_000);
    const settings = await selectRow(
      db,
      sql.raw(
        `select retry_limit, retry_delay, retry_backoff, expire_seconds from ${JOB_SCHEMA}.queue where name = '${NAME}'`,
      ),
    );
    expect(settings).toEqual({
      retry_limit: 5,
      retry_delay: 5,
      retry_backoff: true,
      expire_seconds: 3600,
    });
  });
});

describe('workers', () => {
  it('run each job once with its data and attempt count, and complete it', async () => {
    const worker = await queue({ workers: true });
    const seen: RunningJob<typeof NAME>[] = [];
    try {
      await worker.work(NAME, async (job) => {
        if (job.data.batchSid === 'runs') seen.push(job);
      });
      const id = await db.transaction((tx) => t.jobs.enqueue(tx, NAME, { batchSid: 'runs' }));
      await expect.poll(() => seen.length, { timeout: 10_000 }).toBe(1);
      expect(seen[0]).toMatchObject({
        id,
        name: NAME,
        data: { batchSid: 'runs' },
        retryCount: 0,
        retryLimit: 5,
      });
      await expect.poll(async () => (await jobRow(id))?.state, { timeout: 10_000 }).toBe('completed');
    } finally {
      await worker.stop(1_000);
    }
  });

  it('hand back a job still running when the process stops past its bound, for a retry', async () => {
    const worker = await queue({ workers: true });
    let started = false;
    let release: () => void = () => {};
    await worker.work(NAME, async (job) => {
      if (job.data.batchSid !== 'slow') return;
      started = true;
      await new Promise<void>((resolve) => {
        release = resolve;
      });
    });
    const id = await db.transaction((tx) => t.jobs.enqueue(tx, NAME, { batchSid: 'slow' }));
    await expect.poll(() => started, { timeout: 10_000 }).toBe(true);
    await worker.stop(1_000);
    release();
    expect((await jobRow(id))?.state).toBe('retry');
  });

  it('keep a handler that ends after stop and the database closing from reporting on its handed-back job', async () => {
    // pg-boss reports a job's end without awaiting it: reported on a closed database, that would be an
    // unhandled rejection (a failed test run) and, on a live one, a handed-back job marked as this worker's.
    const own = await openTestDatabase();
    const worker = await JobQueue.open(own, { workers: true, pollingIntervalSeconds: 0.5 });
    const rejections: unknown[] = [];
    const onRejection = (reason: unknown) => rejections.push(reason);
    process.on('unhandledRejection', onRejection);
    let started = false;
    let release: (fail: boolean) => void = () => {};
    try {
      await worker.work(NAME, async () => {
        started = true;
        const fail = await new Promise<boolean>((resolve) => {
          release = resolve;
        });
        if (fail) throw new Error('ended late and failed');
      });
      await own.db.transaction((tx) => worker.enqueue(tx, NAME, { batchSid: 'late' }));
      await expect.poll(() => started, { timeout: 10_000 }).toBe(true);
      await worker.stop(1_000);
      await own.close();
      release(true);
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(rejections).toEqual([]);
    } finally {
      process.off('unhandledRejection', onRejection);
    }
  });

  it('take up a job a dead process left active', async () => {
    const id = await db.transaction((tx) => t.jobs.enqueue(tx, NAME, { batchSid: 'orphan' }));
    // As a process that fetched it and died would leave it: active since a while, its lease not renewed.
    await db.execute(
      sql.raw(
        `update ${JOB_SCHEMA}.job set state = 'active', started_on = now() - interval '10 seconds', expire_in = interval '2 seconds' where id = '${id}'`,
      ),
    );
    const worker = await queue({ workers: true, leaseSeconds: 2 });
    const seen: string[] = [];
    try {
      await worker.work(NAME, async (job) => {
        if (job.data.batchSid === 'orphan') seen.push(job.id);
      });
      // PGlite hands it back at start; PostgreSQL when the maintenance pass finds its lease ran out.
      await expect.poll(() => seen, { timeout: 30_000, interval: 200 }).toEqual([id]);
      expect((await jobRow(id))?.retry_count).toBe(1);
    } finally {
      await worker.stop(1_000);
    }
  });

  it.runIf(t.database.kind === 'postgres')(
    'keep a running job leased on its own row, not for its whole expiry',
    async () => {
      const worker = await queue({ workers: true, leaseSeconds: 6 });
      let started = false;
      let release: () => void = () => {};
      try {
        await worker.work(NAME, async (job) => {
          if (job.data.batchSid !== 'leased') return;
          started = true;
          await new Promise<void>((resolve) => {
            release = resolve;
          });
        });
        const id = await db.transaction((tx) => t.jobs.enqueue(tx, NAME, { batchSid: 'leased' }));
        await expect.poll(() => started, { timeout: 10_000 }).toBe(true);
        // The queue's expiry is an hour and stays the job's expire_in (pg-boss's deadline for the next attempt);
        // the lease moves started_on so that the job expires 6 s after the last renewal.
        expect((await jobRow(id))?.expire).toBe(3600);
        await expect.poll(async () => (await jobRow(id))?.lease ?? 3600, { timeout: 5_000 }).toBeLessThan(10);
        release();
        await expect.poll(async () => (await jobRow(id))?.state, { timeout: 10_000 }).toBe('completed');
      } finally {
        release();
        await worker.stop(1_000);
      }
    },
  );
});
