/** The station scans' queries (station-scans.table.ts): claim a scan, read a claimed one, store its verdict, drop old ones. */
import type { StationVerdict } from '@parcelops/shared';
import { and, eq, lt, sql } from 'drizzle-orm';
import type { Executor } from '../../db/database.ts';
import { selectRow } from '../../db/raw-rows.ts';
import { stationScans } from './station-scans.table.ts';

export type StationScanRow = typeof stationScans.$inferSelect;
export type StationScanClaim = Omit<typeof stationScans.$inferInsert, 'verdict' | 'createdAt'>;

const byIdentity = (actorSid: string, clientScanId: string) =>
  and(eq(stationScans.actorSid, actorSid), eq(stationScans.clientScanId, clientScanId));

export const stationScansRepository = {
  /**
   * Claims the scan: true when this call inserted its row, false when it exists. The primary key decides: a
   * transaction that claimed it and has not ended makes this one wait, so false means its row is committed.
   */
  async claim(db: Executor, claim: StationScanClaim): Promise<boolean> {
    const inserted = await db
      .insert(stationScans)
      .values(claim)
      .onConflictDoNothing()
      .returning({ actorSid: stationScans.actorSid });
    return inserted.length > 0;
  },

  async find(db: Executor, actorSid: string, clientScanId: string): Promise<StationScanRow | undefined> {
    const [row] = await db.select().from(stationScans).where(byIdentity(actorSid, clientScanId));
    return row;
  },

  async storeVerdict(
    db: Executor,
    actorSid: string,
    clientScanId: string,
    verdict: StationVerdict,
  ): Promise<void> {
    await db.update(stationScans).set({ verdict }).where(byIdentity(actorSid, clientScanId));
  },

  /** Deletes the scans recorded more than `keepDays` days ago; answers how many. */
  async dropOlderThan(db: Executor, keepDays: number): Promise<number> {
    const row = await selectRow<{ dropped: number }>(
      db,
      sql`with dropped as (
          delete from ${stationScans}
          where ${lt(stationScans.createdAt, sql`now() - ${keepDays}::int * interval '1 day'`)}
          returning 1
        )
        select count(*)::int as dropped from dropped`,
    );
    return row?.dropped ?? 0;
  },
};
