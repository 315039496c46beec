import { asc, eq, ilike, sql } from 'drizzle-orm';
import type { Executor } from '../../db/database.ts';
import { likePattern } from '../../lib/sql.ts';
import { priceTables } from './price-tables.table.ts';

export type PriceTableRow = typeof priceTables.$inferSelect;

// Spelled out: inside a correlated subquery Drizzle would print the columns without their tables.
const accountsUsing = sql<number>`(select count(*)::int from accounts where accounts.price_sid = price_tables.sid)`;

const summaryColumns = {
  sid: priceTables.sid,
  name: priceTables.name,
  rowsCount: sql<number>`jsonb_array_length(${priceTables.rows})::int`,
  accountsCount: accountsUsing,
  dateCreated: priceTables.dateCreated,
};

export const priceTablesRepository = {
  list(db: Executor, filter?: string) {
    return db
      .select(summaryColumns)
      .from(priceTables)
      .where(filter ? ilike(priceTables.name, likePattern(filter)) : undefined)
      .orderBy(asc(sql`lower(${priceTables.name})`));
  },

  async findBySid(db: Executor, sid: string) {
    const [row] = await db
      .select({ ...summaryColumns, rows: priceTables.rows })
      .from(priceTables)
      .where(eq(priceTables.sid, sid));
    return row;
  },

  async exists(db: Executor, sid: string): Promise<boolean> {
    const [row] = await db.select({ sid: priceTables.sid }).from(priceTables).where(eq(priceTables.sid, sid));
    return Boolean(row);
  },

  async insert(db: Executor, row: typeof priceTables.$inferInsert): Promise<void> {
    await db.insert(priceTables).values(row);
  },

  async replaceRows(db: Executor, sid: string, rows: PriceTableRow['rows']): Promise<void> {
    await db.update(priceTables).set({ rows, dateUpdated: new Date() }).where(eq(priceTables.sid, sid));
  },

  async delete(db: Executor, sid: string): Promise<void> {
    await db.delete(priceTables).where(eq(priceTables.sid, sid));
  },
};
