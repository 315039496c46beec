/** Queries of the ams table; callers pass the database or their transaction. */
import { and, asc, count, desc, eq, gte, ilike, lt, ne, sql } from 'drizzle-orm';
import type { Executor } from '../../db/database.ts';
import { selectRows } from '../../db/raw-rows.ts';
import { escapeLike } from '../../lib/sql.ts';
import { ams } from './ams.table.ts';

export type AmsRow = Omit<typeof ams.$inferSelect, 'manifestFile'>;

/**
 * A manifest's piece numbers come from its own sequence (not one for all manifests: a shared one would carry a
 * long-open manifest's 5-digit piece past 99,999). nextval never waits for another transaction, so loads into
 * one manifest do not queue on the counter; a rolled-back load leaves a gap, which the automated-manifest-system
 * id allows (it must be unique within the MAWB, not dense).
 */
const PIECE_SEQUENCE_PREFIX = 'ams_piece_';
/** A sid goes into an identifier only with these characters (a UUIDv7 has them), short of PostgreSQL's 63. */
const SEQUENCE_SAFE_SID = /^[A-Za-z0-9-]{1,50}$/;

function pieceSequenceName(sid: string): string {
  if (!SEQUENCE_SAFE_SID.test(sid))
    throw new Error(`AMS sid unfit for a sequence name: ${JSON.stringify(sid)}`);
  return `${PIECE_SEQUENCE_PREFIX}${sid}`;
}

/** The sequence as nextval's regclass text: quoted, so the sid's case and dashes are kept as they are. */
const pieceSequenceText = (sid: string): string => `"${pieceSequenceName(sid)}"`;
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

  /** The manifest row held exclusively: for what changes the manifest itself, so no load runs meanwhile. */
  async lock(db: Executor, sid: string): Promise<AmsRow | undefined> {
    const [row] = await db.select(rowColumns).from(ams).where(eq(ams.sid, sid)).for('update');
    return row;
  },

  /**
   * The manifest row held for share: loads into one manifest run side by side, while whatever takes `lock`
   * (submission, deletion, edits, carton renames) waits for them and they for it.
   */
  async lockShared(db: Executor, sid: string): Promise<AmsRow | undefined> {
    const [row] = await db.select(rowColumns).from(ams).where(eq(ams.sid, sid)).for('share');
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

  /** A new manifest and its piece sequence; pass a transaction so neither exists without the other. */
  async insert(db: Executor, row: NewAmsRow): Promise<void> {
    await db.insert(ams).values(row);
    await db.execute(
      sql`create sequence ${sql.identifier(pieceSequenceName(row.sid))} as integer minvalue 1 start with 1`,
    );
  },

  async update(db: Executor, sid: string, changes: Partial<NewAmsRow>): Promise<void> {
    await db.update(ams).set(changes).where(eq(ams.sid, sid));
  },

  /** The next piece number of the manifest, from its sequence: never waits for another load. */
  async nextPiece(db: Executor, sid: string): Promise<number> {
    const [piece] = await amsRepository.nextPieces(db, sid, 1);
    if (piece === undefined) throw new Error(`No piece number drawn for AMS ${sid}`);
    return piece;
  },

  /** `count` piece numbers of the manifest in one statement, ascending; unique, not always consecutive. */
  async nextPieces(db: Executor, sid: string, count: number): Promise<number[]> {
    if (!Number.isInteger(count) || count < 0) throw new Error(`Bad piece count ${count}`);
    if (count === 0) return [];
    const rows = await selectRows<{ piece: number | string }>(
      db,
      sql`select nextval(${pieceSequenceText(sid)}::regclass) as piece from generate_series(1, ${count}::integer)`,
    );
    return rows.map((row) => Number(row.piece)).sort((a, b) => a - b);
  },

  async manifestFile(db: Executor, sid: string): Promise<{ name: string; bytes: Buffer } | undefined> {
    const [row] = await db
      .select({ name: ams.manifestFileName, bytes: ams.manifestFile })
      .from(ams)
      .where(eq(ams.sid, sid));
    return row?.name && row.bytes ? { name: row.name, bytes: row.bytes } : undefined;
  },

  /** Deletes the manifest and its piece sequence (the caller holds its `lock`, so no load draws meanwhile). */
  async delete(db: Executor, sid: string): Promise<void> {
    await db.delete(ams).where(eq(ams.sid, sid));
    await db.execute(sql`drop sequence if exists ${sql.identifier(pieceSequenceName(sid))}`);
  },

  /** Whether the manifest's piece sequence exists (tests; a deleted manifest's is gone). */
  async hasPieceSequence(db: Executor, sid: string): Promise<boolean> {
    const rows = await selectRows<{ found: string | null }>(
      db,
      sql`select to_regclass(${pieceSequenceText(sid)})::text as found`,
    );
    return rows[0]?.found != null;
  },
};
