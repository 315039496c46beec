import { asc, count, eq, ilike, sql } from 'drizzle-orm';
import type { Executor } from '../../db/database.ts';
import { likePattern } from '../../lib/sql.ts';
import { accounts } from '../accounts/accounts.table.ts';
import { vendors } from './vendors.table.ts';

export type VendorRow = typeof vendors.$inferSelect;
export type VendorRowWithUse = VendorRow & { accountsCount: number };

// Spelled out: inside a correlated subquery Drizzle would print the columns without their tables.
const accountsUsing = sql<number>`(select count(*)::int from accounts where accounts.vendor_sid = vendors.sid)`;

/** Vendors with the number of accounts using each, for a where and an order to follow. */
const selectWithUse = (db: Executor) =>
  db
    .select({
      sid: vendors.sid,
      vendor: vendors.vendor,
      name: vendors.name,
      credentials: vendors.credentials,
      dateCreated: vendors.dateCreated,
      accountsCount: accountsUsing,
    })
    .from(vendors);

export const vendorsRepository = {
  list(db: Executor, filter?: string): Promise<VendorRowWithUse[]> {
    return selectWithUse(db)
      .where(filter ? ilike(vendors.name, likePattern(filter)) : undefined)
      .orderBy(asc(sql`lower(${vendors.name})`));
  },

  async findBySid(db: Executor, sid: string): Promise<VendorRowWithUse | undefined> {
    const [row] = await selectWithUse(db).where(eq(vendors.sid, sid));
    return row;
  },

  async insert(db: Executor, row: typeof vendors.$inferInsert): Promise<void> {
    await db.insert(vendors).values(row);
  },

  async update(db: Executor, sid: string, changes: Pick<VendorRow, 'name' | 'credentials'>): Promise<void> {
    await db.update(vendors).set(changes).where(eq(vendors.sid, sid));
  },

  async delete(db: Executor, sid: string): Promise<void> {
    await db.delete(vendors).where(eq(vendors.sid, sid));
  },

  async countAccountsUsing(db: Executor, sid: string): Promise<number> {
    const [row] = await db.select({ value: count() }).from(accounts).where(eq(accounts.vendorSid, sid));
    return Number(row?.value ?? 0);
  },
};
