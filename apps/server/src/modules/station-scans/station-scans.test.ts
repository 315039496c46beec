/**
 * The listed scans' engine (station-scans.service.ts) below its two routes: a refusal undoes what its scan wrote
 * and is stored as the verdict; an error that is not a refusal fails the call and leaves neither the claim nor
 * the effect of its scan, the scans before it done, so the list sent again replays those and applies the rest.
 * And the daily clean-up of old records, on its schedule.
 */
import { randomUUID } from 'node:crypto';
import { Role } from '@parcelops/shared';
import { eq, inArray, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { seedGeneratedOrders } from '../../../test/order-fixtures.ts';
import { openTestWorld } from '../../../test/test-world.ts';
import { selectRow } from '../../db/raw-rows.ts';
import { JobQueue } from '../../jobs/job-queue.ts';
import type { Actor } from '../../lib/account-scope.ts';
import { AppError } from '../../lib/app-error.ts';
import { orders } from '../orders/orders.table.ts';
import { stationScanJobs } from './station-scans.jobs.ts';
import type { ListedScan, StationKind } from './station-scans.service.ts';
import { stationScans } from './station-scans.table.ts';

const { t, operator, accountA } = await openTestWorld({ orderAccounts: true });
const db = t.database.db;
const engine = t.app.services.stationScans;

const actor: Actor = {
  userSid: operator.user.sid,
  apiKeySid: null,
  username: operator.user.username,
  role: Role.operator,
  accountSid: null,
  via: 'session',
};

interface Probe {
  sid: string;
  outcome: 'ok' | 'refused' | 'broken';
}

/** A kind whose scans mark their order, then succeed, are refused (an AppError) or break (any other error). */
const probe: StationKind<Probe> = {
  kind: 'hub',
  blank: { received_at: null, received_hub: null },
  apply: async (tx, input) => {
    await tx.update(orders).set({ reason: 'touched' }).where(eq(orders.sid, input.sid));
    if (input.outcome === 'refused') throw AppError.conflict('Refused on purpose.');
    if (input.outcome === 'broken') throw new Error('the database went away');
    return {
      status: 200,
      code: 'RECEIVED',
      msg: 'Done.',
      key: 'common.plain',
      params: { text: 'Done.' },
      order: null,
      received_at: null,
      received_hub: null,
    };
  },
};

const scanOf = (input: Probe): ListedScan<Probe> => ({
  clientScanId: randomUUID(),
  barcode: input.sid.toUpperCase(),
  scannedAt: new Date(Date.now() - 60_000),
  fingerprint: 'SGN',
  input,
});

const touched = async (sids: string[]) =>
  (await db.select({ sid: orders.sid, reason: orders.reason }).from(orders).where(inArray(orders.sid, sids)))
    .filter((row) => row.reason === 'touched')
    .map((row) => row.sid)
    .sort();

const claimed = async (scans: ListedScan<Probe>[]) =>
  (
    await db
      .select({ id: stationScans.clientScanId })
      .from(stationScans)
      .where(
        inArray(
          stationScans.clientScanId,
          scans.map((scan) => scan.clientScanId),
        ),
      )
  ).length;

describe('a listed scan', () => {
  it('undoes what a refused scan wrote, and keeps the refusal as its verdict', async () => {
    const [parcel] = await seedGeneratedOrders(t, accountA.sid, 1);
    if (!parcel) throw new Error('no parcel');
    const scan = scanOf({ sid: parcel.sid, outcome: 'refused' });
    const [verdict] = await engine.applyAll(actor, probe, [scan]);
    expect(verdict).toMatchObject({ status: 409, code: 'CONFLICT', msg: 'Refused on purpose.', order: null });
    expect(await touched([parcel.sid])).toEqual([]);
    expect(await claimed([scan])).toBe(1);
    const [again] = await engine.applyAll(actor, probe, [scan]);
    expect(again).toEqual({ ...verdict, replayed: true });
  });

  it('fails the call on an error that is not a refusal, leaving neither the claim nor the effect of that scan', async () => {
    const parcels = await seedGeneratedOrders(t, accountA.sid, 3);
    const sids = parcels.map((parcel) => parcel.sid);
    const scans = [
      scanOf({ sid: sids[0] as string, outcome: 'ok' }),
      scanOf({ sid: sids[1] as string, outcome: 'broken' }),
      scanOf({ sid: sids[2] as string, outcome: 'ok' }),
    ];
    await expect(engine.applyAll(actor, probe, scans)).rejects.toThrow('the database went away');
    // The first scan is done and kept; the second left nothing behind; the third never ran.
    expect(await touched(sids)).toEqual([sids[0]]);
    expect(await claimed(scans)).toBe(1);

    // The station sends the list again once the server is well.
    const healed = scans.map((scan) => ({ ...scan, input: { ...scan.input, outcome: 'ok' as const } }));
    const verdicts = await engine.applyAll(actor, probe, healed);
    expect(verdicts.map((verdict) => verdict.replayed)).toEqual([true, false, false]);
    expect(await touched(sids)).toEqual([...sids].sort());
    expect(await claimed(scans)).toBe(3);
  });
});

describe('the daily clean-up of listed scans', () => {
  it('drops the records older than 8 days and keeps the rest', async () => {
    const record = (daysAgo: number) => ({
      actorSid: operator.user.sid,
      clientScanId: randomUUID(),
      kind: 'hub' as const,
      barcode: `OLD${daysAgo}`,
      fingerprint: 'SGN',
      scannedAt: new Date(Date.now() - daysAgo * 86_400_000),
      createdAt: new Date(Date.now() - daysAgo * 86_400_000),
      verdict: null,
    });
    const [old, kept] = [record(9), record(7)];
    await db.insert(stationScans).values([old, kept]);

    const handler = stationScanJobs(t.app.services.stationScans)['station-scans.drop-old'];
    await handler({ id: 'test', name: 'station-scans.drop-old', data: {}, retryCount: 0, retryLimit: 3 });
    const left = await db
      .select({ id: stationScans.clientScanId })
      .from(stationScans)
      .where(inArray(stationScans.clientScanId, [old.clientScanId, kept.clientScanId]));
    expect(left.map((row) => row.id)).toEqual([kept.clientScanId]);
    // Safe to run twice.
    await handler({ id: 'again', name: 'station-scans.drop-old', data: {}, retryCount: 0, retryLimit: 3 });
  });

  it('is on pg-boss’s schedule, daily, wherever workers run', async () => {
    const worker = await JobQueue.open(t.database, { workers: true, pollingIntervalSeconds: 0.5 });
    try {
      const row = await selectRow<{ cron: string; timezone: string }>(
        db,
        sql`select cron, timezone from pgboss.schedule where name = 'station-scans.drop-old'`,
      );
      expect(row).toEqual({ cron: '47 3 * * *', timezone: 'UTC' });
    } finally {
      await worker.stop(1_000);
    }
  });
});
