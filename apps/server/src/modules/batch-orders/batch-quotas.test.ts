/**
 * Issue 30, part 4: each account's batch quotas (BATCHES_IN_PROGRESS_MAX, BATCH_FILES_MAX_MB), checked in the
 * creating transaction so two app instances on one database hold them together, and the daily clean-up that
 * drops the files of batches finished BATCH_FILE_KEEP_DAYS ago (then "Run again" says the file is gone).
 */
import { text } from '@parcelops/shared';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { fakeResolver } from '../../../test/fake-dns.ts';
import { orderRow, orderSheet } from '../../../test/order-sheets.ts';
import { recordTraffic, testConfig, unique } from '../../../test/test-app.ts';
import { openTestWorld } from '../../../test/test-world.ts';
import { multipart } from '../../../test/workbooks.ts';
import { buildApp } from '../../app.ts';
import type { AppConfig } from '../../config.ts';
import { selectRow } from '../../db/raw-rows.ts';
import { JobQueue } from '../../jobs/job-queue.ts';
import { batchOrderJobs } from './batch-orders.jobs.ts';
import { batchOrdersRepository } from './batch-orders.repository.ts';
import { batchOrders } from './batch-orders.table.ts';

// No workers: a batch stays in progress until a test says how it ended.
const { t, admin, accountA, accountB, sellerA, sellerB } = await openTestWorld({ orderAccounts: true });
const db = t.database.db;

const file = await orderSheet([orderRow(unique('Q-'))]);
const MB = 1024 * 1024;
/** Room for three and a half such files. */
const FILES_MAX_MB = (file.length * 3.5) / MB;

async function instance(overrides: Partial<AppConfig>): Promise<FastifyInstance> {
  const app = await buildApp({
    config: testConfig(overrides),
    db,
    logger: false,
    hookUrlCheck: { resolve: fakeResolver },
    jobs: t.jobs,
  });
  await app.ready();
  recordTraffic(app);
  afterAll(() => app.close());
  return app;
}

const quotas = { batchesInProgressMax: 2, batchFilesMaxMb: FILES_MAX_MB, batchFileKeepDays: 30 };
const one = await instance(quotas);
const two = await instance(quotas);

function create(app: FastifyInstance, token: string, fields: Record<string, string> = {}) {
  return app.inject({
    method: 'POST',
    url: '/api/v1/batch_orders',
    headers: { authorization: `Bearer ${token}` },
    payload: multipart({ name: unique('Quota '), ...fields }, { buffer: file, name: 'orders.xlsx' }),
  });
}

const run = (app: FastifyInstance, token: string, sid: string) =>
  app.inject({
    method: 'POST',
    url: `/api/v1/batch_orders/${sid}/run`,
    headers: { authorization: `Bearer ${token}` },
  });

function created(response: LightMyRequestResponse): string {
  expect(response.statusCode, response.body).toBe(201);
  return response.json().sid;
}

/** The job ended the batch (failed on credit, say), keeping its file. */
const fail = (sid: string) => batchOrdersRepository.markFailed(db, sid, text('batch.gaveUp'), []);

const finishedDaysAgo = (sid: string, days: number) =>
  db
    .update(batchOrders)
    .set({ finishedAt: sql`now() - ${days}::int * interval '1 day'` })
    .where(eq(batchOrders.sid, sid));

const hasFile = async (sid: string) =>
  (await batchOrdersRepository.file(db, sid))?.file !== null &&
  (await batchOrdersRepository.file(db, sid))?.file !== undefined;

const TOO_MANY = {
  msg: 'Too many batches in progress: at most 2 at a time. Wait for one to finish.',
  code: 'TOO_MANY_BATCHES',
  key: 'batch.tooManyInProgress',
  params: { max: 2 },
};

describe('batch quotas per account, across two instances on one database', () => {
  const kept: string[] = [];

  it('refuses a batch over the in-progress quota on either instance; another account is untouched', async () => {
    const first = created(await create(one, sellerA.token));
    kept.push(first, created(await create(two, sellerA.token)));
    for (const app of [one, two]) {
      const refused = await create(app, sellerA.token);
      expect(refused.statusCode, refused.body).toBe(409);
      expect(refused.json()).toEqual(TOO_MANY);
    }
    // Staff creating for the account are held to its quota too.
    const byAdmin = await create(one, admin, { account_sid: accountA.sid });
    expect(byAdmin.json().code).toBe('TOO_MANY_BATCHES');
    created(await create(two, sellerB.token));

    // One finishes: a place is free again.
    await fail(first);
    kept.push(created(await create(one, sellerA.token)));
  });

  it('refuses "Run again" while the account has its quota in progress', async () => {
    const [failed] = kept;
    const refused = await run(two, sellerA.token, failed as string);
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json()).toEqual(TOO_MANY);
  });

  it('refuses a file that takes the stored files over the quota, naming the sizes', async () => {
    // Three files kept (one failed, two in progress); a fourth passes 3.5 files' worth.
    await fail(kept[1] as string);
    const refused = await create(two, sellerA.token);
    expect(refused.statusCode, refused.body).toBe(409);
    const used = Math.ceil((3 * file.length) / MB);
    expect(refused.json()).toEqual({
      msg: `Stored batch files of this account are over ${FILES_MAX_MB} MB with this file (${used} MB kept). Files of finished batches are dropped after 30 days; wait for batches in progress to finish, or upload a smaller file.`,
      code: 'BATCH_STORAGE_FULL',
      key: 'batch.storageFull',
      params: { max: FILES_MAX_MB, used, days: 30 },
    });
    // Account B stores its own.
    created(await create(one, sellerB.token));
  });

  it('lets one of two racing creators on two instances take the last place', async () => {
    const { token } = await t.createUser(admin, { role: 0, account_sid: accountB.sid });
    // Account B: one in progress from the first test, one from the last; free one place.
    const inProgress = await db
      .select({ sid: batchOrders.sid })
      .from(batchOrders)
      .where(sql`${batchOrders.accountSid} = ${accountB.sid} and ${batchOrders.status} = 'in-progress'`);
    expect(inProgress).toHaveLength(2);
    await fail(inProgress[0]?.sid as string);
    await db.update(batchOrders).set({ file: null }).where(eq(batchOrders.accountSid, accountB.sid));
    const race = await Promise.all([create(one, token), create(two, token)]);
    expect(race.map((response) => response.statusCode).sort()).toEqual([201, 409]);
  });
});

describe('the daily clean-up of stored batch files', () => {
  it('drops the files of batches finished over BATCH_FILE_KEEP_DAYS ago, keeps the rest', async () => {
    const [old, recent, running] = await Promise.all(
      (
        await db
          .select({ sid: batchOrders.sid, status: batchOrders.status })
          .from(batchOrders)
          .where(eq(batchOrders.accountSid, accountA.sid))
          .orderBy(batchOrders.dateCreated)
      ).map(async (row) => row.sid),
    );
    await finishedDaysAgo(old as string, 31);
    await finishedDaysAgo(recent as string, 29);

    // The job's handler, as the worker runs it (the services of `one`: BATCH_FILE_KEEP_DAYS 30).
    const handler = batchOrderJobs(one.services.batchOrders)['batch-orders.drop-files'];
    await handler({ id: 'test', name: 'batch-orders.drop-files', data: {}, retryCount: 0, retryLimit: 3 });
    expect(await hasFile(old as string)).toBe(false);
    expect(await hasFile(recent as string)).toBe(true);
    expect(await hasFile(running as string)).toBe(true);
    // The batch says so, and the web then offers only a new upload.
    const shown = await one.inject({
      method: 'GET',
      url: `/api/v1/batch_orders/${old}`,
      headers: { authorization: `Bearer ${sellerA.token}` },
    });
    expect(shown.json()).toMatchObject({ file_kept: false });
    const kept = await one.inject({
      method: 'GET',
      url: `/api/v1/batch_orders/${recent}`,
      headers: { authorization: `Bearer ${sellerA.token}` },
    });
    expect(kept.json()).toMatchObject({ file_kept: true });

    // Run again on the batch whose file went: a clear 409, not a 500.
    await fail(running as string);
    const again = await run(one, sellerA.token, old as string);
    expect(again.statusCode, again.body).toBe(409);
    expect(again.json()).toEqual({
      msg: 'The batch file is no longer kept.',
      code: 'CONFLICT',
      key: 'batch.fileGone',
    });
    // Its error sheet, had it bad rows, says the same (404), not a 500.
    await db
      .update(batchOrders)
      .set({ problems: [{ row: 2, column: 'Name', value: null, msg: 'Name is required' }], problemCount: 1 })
      .where(eq(batchOrders.sid, old as string));
    const sheet = await one.inject({
      method: 'GET',
      url: `/api/v1/batch_orders/${old}/errors`,
      headers: { authorization: `Bearer ${sellerA.token}` },
    });
    expect(sheet.statusCode, sheet.body).toBe(404);
    expect(sheet.json()).toMatchObject({ code: 'NOT_FOUND', key: 'batch.fileGone' });
    // The room it held is free: two files kept now, a third fits.
    created(await create(two, sellerA.token));
  });

  it('is on pg-boss’s schedule, daily, wherever workers run', async () => {
    const worker = await JobQueue.open(t.database, { workers: true, pollingIntervalSeconds: 0.5 });
    try {
      const row = await selectRow<{ cron: string; timezone: string }>(
        db,
        sql`select cron, timezone from pgboss.schedule where name = 'batch-orders.drop-files'`,
      );
      expect(row).toEqual({ cron: '17 3 * * *', timezone: 'UTC' });
    } finally {
      await worker.stop(1_000);
    }
  });
});
