import { asc, eq, ilike, inArray, or } from 'drizzle-orm';
import type { Executor } from '../../db/database.ts';
import { likePattern } from '../../lib/sql.ts';
import { hsCodes } from './hs-codes.table.ts';

export type HsCodeRow = typeof hsCodes.$inferSelect;

export const hsCodesRepository = {
  list(db: Executor, filter?: string): Promise<HsCodeRow[]> {
    const pattern = filter ? likePattern(filter) : null;
    return db
      .select()
      .from(hsCodes)
      .where(pattern ? or(ilike(hsCodes.hsCode, pattern), ilike(hsCodes.description, pattern)) : undefined)
      .orderBy(asc(hsCodes.hsCode));
  },

  async findBySid(db: Executor, sid: string): Promise<HsCodeRow | undefined> {
    const [row] = await db.select().from(hsCodes).where(eq(hsCodes.sid, sid));
    return row;
  },

  /** Which of `codes` exist, for checking many declarations in one query. */
  async existing(db: Executor, codes: string[]): Promise<Set<string>> {
    if (codes.length === 0) return new Set();
    const rows = await db
      .select({ hsCode: hsCodes.hsCode })
      .from(hsCodes)
      .where(inArray(hsCodes.hsCode, codes));
    return new Set(rows.map((row) => row.hsCode));
  },

  async insert(db: Executor, row: typeof hsCodes.$inferInsert): Promise<void> {
    await db.insert(hsCodes).values(row);
  },

  async update(db: Executor, sid: string, changes: Pick<HsCodeRow, 'hsCode' | 'description'>): Promise<void> {
    await db.update(hsCodes).set(changes).where(eq(hsCodes.sid, sid));
  },

  async delete(db: Executor, sid: string): Promise<void> {
    await db.delete(hsCodes).where(eq(hsCodes.sid, sid));
  },
};
