import { asc, eq, inArray, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/database.ts';
import { foldedContains } from '../../lib/sql.ts';
import { vendors } from '../vendors/vendors.table.ts';
import { accounts } from './accounts.table.ts';

export type AccountRow = typeof accounts.$inferSelect;
export type NewAccountRow = typeof accounts.$inferInsert;
export type AccountRowWithVendor = AccountRow & { vendorName: string | null };

const columns = {
  sid: accounts.sid,
  name: accounts.name,
  email: accounts.email,
  role: accounts.role,
  isActive: accounts.isActive,
  vendorSid: accounts.vendorSid,
  priceSid: accounts.priceSid,
  orderStatusHook: accounts.orderStatusHook,
  address: accounts.address,
  useCredit: accounts.useCredit,
  creditBalance: accounts.creditBalance,
  creditUnit: accounts.creditUnit,
  dateCreated: accounts.dateCreated,
  vendorName: vendors.name,
};

/** Accounts with their vendor's name, for a where and an order to follow. */
const selectWithVendor = (db: Executor) =>
  db.select(columns).from(accounts).leftJoin(vendors, eq(vendors.sid, accounts.vendorSid));

export const accountsRepository = {
  list(db: Executor, filter?: string): Promise<AccountRowWithVendor[]> {
    return selectWithVendor(db)
      .where(
        filter
          ? or(foldedContains(accounts.name, filter), foldedContains(accounts.email, filter))
          : undefined,
      )
      .orderBy(asc(sql`lower(${accounts.name})`));
  },

  listSummaries(db: Executor, filter?: string): Promise<{ sid: string; name: string }[]> {
    return db
      .select({ sid: accounts.sid, name: accounts.name })
      .from(accounts)
      .where(filter ? foldedContains(accounts.name, filter) : undefined)
      .orderBy(asc(sql`lower(${accounts.name})`));
  },

  async findBySid(db: Executor, sid: string): Promise<AccountRowWithVendor | undefined> {
    const [row] = await selectWithVendor(db).where(eq(accounts.sid, sid));
    return row;
  },

  /** Reads the account and locks its row until the transaction ends, so balance changes queue up. */
  async lockForCredit(db: Executor, sid: string): Promise<AccountRow | undefined> {
    const [row] = await db.select().from(accounts).where(eq(accounts.sid, sid)).for('update');
    return row;
  },

  /** The unit the account pays in, or undefined when there is no such account. */
  async creditUnitOf(db: Executor, sid: string): Promise<AccountRow['creditUnit'] | undefined> {
    const [row] = await db.select({ unit: accounts.creditUnit }).from(accounts).where(eq(accounts.sid, sid));
    return row?.unit;
  },

  async hookUrls(db: Executor, sids: readonly string[]): Promise<Map<string, string | null>> {
    if (sids.length === 0) return new Map();
    const rows = await db
      .select({ sid: accounts.sid, url: accounts.orderStatusHook })
      .from(accounts)
      .where(inArray(accounts.sid, [...sids]));
    return new Map(rows.map((row) => [row.sid, row.url]));
  },

  async exists(db: Executor, sid: string): Promise<boolean> {
    const [row] = await db.select({ sid: accounts.sid }).from(accounts).where(eq(accounts.sid, sid));
    return Boolean(row);
  },

  async insert(db: Executor, row: NewAccountRow): Promise<void> {
    await db.insert(accounts).values(row);
  },

  async update(db: Executor, sid: string, changes: Partial<NewAccountRow>): Promise<void> {
    if (Object.keys(changes).length === 0) return;
    await db.update(accounts).set(changes).where(eq(accounts.sid, sid));
  },

  /** Only credit-ledger.ts calls this, together with the ledger row that explains the change. */
  async setCreditBalance(db: Executor, sid: string, balance: string): Promise<void> {
    await db.update(accounts).set({ creditBalance: balance }).where(eq(accounts.sid, sid));
  },

  async delete(db: Executor, sid: string): Promise<void> {
    await db.delete(accounts).where(eq(accounts.sid, sid));
  },
};
