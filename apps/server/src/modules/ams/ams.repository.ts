/** Queries of the ams table; callers pass the database or their transaction. */
import { and, asc, count, desc, eq, gte, ilike, lt, ne, sql } from 'drizzle-orm';
import type { Executor } from '../../db/database.ts';
import { escapeLike } from '../../lib/sql.ts';
import { ams } from './ams.table.ts';

export type AmsRow = Omit<typeof ams.$inferSelect, 'manifestFile'>;
export type NewAmsRow = typeof ams.$inferInsert;

export interface AmsListFilter {
  name?: string;
  from?: Date;
  toBefore?: Date;
  status?: string;
  departureFrom?: Date;
  departureBefore?: Date;
  /** By departure, soonest first, rather than newest first. */
  soonestFirst?: boolean;
}

/** Every column but the manifest file's bytes, which only its download reads. */
const rowColumns = {
  sid: ams.sid,
  name: ams.name,
  departureDate: ams.departureDate,
  masterAirWaybill: ams.masterAirWaybill,
  airportCode: ams.airportCode,
  hawb: ams.hawb,
  carrier: ams.carrier,
  serviceType: ams.serviceType,
  status: ams.status,
  location: ams.location,
  submitStatus: ams.submitStatus,
  submitReason: ams.submitReason,
  submitReasonKey: ams.submitReasonKey,
  submitReasonParams: ams.submitReasonParams,
  isUpdating: ams.isUpdating,
  pieceSeq: ams.pieceSeq,
  manifestFileName: ams.manifestFileName,
  dateCreated: ams.dateCreated,
};

function whereOf(filter: AmsListFilter) {
  return and(
    filter.name ? ilike(ams.name, `%${escapeLike(filter.name)}%`) : undefined,
    filter.from ? gte(ams.dateCreated, filter.from) : undefined,
    filter.toBefore ? lt(ams.dateCreated, filter.toBefore) : undefined,
    filter.status ? eq(ams.status, filter.status as AmsRow['status']) : undefined,
    filter.departureFrom ? gte(ams.departureDate, filter.departureFrom) : undefined,
    filter.departureBefore ? lt(ams.departureDate, filter.departureBefore) : undefined,
  );
}

export const amsRepository = {
  async list(db: Executor, filter: AmsListFilter, page: number, pageSize: number): Promise<AmsRow[]> {
    return db
      .select(rowColumns)
      .from(ams)
      .where(whereOf(filter))
      .orderBy(
        ...(filter.soonestFirst
          ? [asc(ams.departureDate), asc(ams.sid)]
          : [desc(ams.dateCreated), desc(ams.sid)]),
      )
      .limit(pageSize)
      .offset(page * pageSize);
  },

  async count(db: Executor, filter: AmsListFilter): Promise<number> {
    const [row] = await db.select({ total: count() }).from(ams).where(whereOf(filter));
    return Number(row?.total ?? 0);
  },

  async find(db: Executor, sid: string): Promise<AmsRow | undefined> {
    const [row] = await db.select(rowColumns).from(ams).where(eq(ams.sid, sid));
    return row;
  },

  async lock(db: Executor, sid: string): Promise<AmsRow | undefined> {
    const [row] = await db.select(rowColumns).from(ams).where(eq(ams.sid, sid)).for('update');
    return row;
  },

  /** The newest AMS with this MAWB, for bulk removal by MAWB. */
  async findByMawb(db: Executor, masterAirWaybill: string): Promise<AmsRow | undefined> {
    const [row] = await db
      .select(rowColumns)
      .from(ams)
      .where(eq(ams.masterAirWaybill, masterAirWaybill))
      .orderBy(desc(ams.dateCreated))
      .limit(1);
    return row;
  },

  /** Another AMS created since `since` with this MAWB (a MAWB is used once a year). */
  async mawbUsedSince(
    db: Executor,
    masterAirWaybill: string,
    since: Date,
    exceptSid?: string,
  ): Promise<AmsRow | undefined> {
    const [row] = await db
      .select(rowColumns)
      .from(ams)
      .where(
        and(
          eq(ams.masterAirWaybill, masterAirWaybill),
          gte(ams.dateCreated, since),
          exceptSid ? ne(ams.sid, exceptSid) : undefined,
        ),
      )
      .limit(1);
    return row;
  },

  /** Serializes the MAWB check of concurrent creates and edits for one MAWB, until the transaction ends. */
  async lockMawb(db: Executor, masterAirWaybill: string): Promise<void> {
    await db.execute(sql`select pg_advisory_xact_lock(hashtext(${`ams-mawb:${masterAirWaybill}`}))`);
  },

  async insert(db: Executor, row: NewAmsRow): Promise<void> {
    await db.insert(ams).values(row);
  },

  async update(db: Executor, sid: string, changes: Partial<NewAmsRow>): Promise<void> {
    await db.update(ams).set(changes).where(eq(ams.sid, sid));
  },

  /** The next piece number of the manifest (the caller holds its row lock). */
  async nextPiece(db: Executor, sid: string): Promise<number> {
    const [row] = await db
      .update(ams)
      .set({ pieceSeq: sql`${ams.pieceSeq} + 1` })
      .where(eq(ams.sid, sid))
      .returning({ piece: ams.pieceSeq });
    return Number(row?.piece ?? 0);
  },

  async manifestFile(db: Executor, sid: string): Promise<{ name: string; bytes: Buffer } | undefined> {
    const [row] = await db
      .select({ name: ams.manifestFileName, bytes: ams.manifestFile })
      .from(ams)
      .where(eq(ams.sid, sid));
    return row?.name && row.bytes ? { name: row.name, bytes: row.bytes } : undefined;
  },

  async delete(db: Executor, sid: string): Promise<void> {
    await db.delete(ams).where(eq(ams.sid, sid));
  },
};
