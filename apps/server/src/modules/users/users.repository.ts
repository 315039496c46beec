import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Executor } from '../../db/database.ts';
import { foldedContains } from '../../lib/sql.ts';
import { accounts } from '../accounts/accounts.table.ts';
import { users } from './users.table.ts';

export type UserRow = typeof users.$inferSelect;
export type NewUserRow = typeof users.$inferInsert;
export type UserWithAccount = UserRow & { accountName: string | null; accountActive: boolean | null };

const withAccount = {
  sid: users.sid,
  username: users.username,
  passwordHash: users.passwordHash,
  role: users.role,
  accountSid: users.accountSid,
  forceChange: users.forceChange,
  sessionVersion: users.sessionVersion,
  dateCreated: users.dateCreated,
  accountName: accounts.name,
  accountActive: accounts.isActive,
};

export interface UserListFilter {
  role?: number;
  accountSid?: string;
  filter?: string;
}

/** Users with their account's name and state, for a where and an order to follow. */
const selectWithAccount = (db: Executor) =>
  db.select(withAccount).from(users).leftJoin(accounts, eq(accounts.sid, users.accountSid));

export const usersRepository = {
  async findBySid(db: Executor, sid: string): Promise<UserWithAccount | undefined> {
    const [row] = await selectWithAccount(db).where(eq(users.sid, sid));
    return row;
  },

  async findByUsername(db: Executor, username: string): Promise<UserWithAccount | undefined> {
    const [row] = await selectWithAccount(db).where(sql`lower(${users.username}) = lower(${username})`);
    return row;
  },

  list(db: Executor, filter: UserListFilter): Promise<UserWithAccount[]> {
    const conditions = [
      filter.role === undefined ? undefined : eq(users.role, filter.role),
      filter.accountSid ? eq(users.accountSid, filter.accountSid) : undefined,
      filter.filter ? foldedContains(users.username, filter.filter) : undefined,
    ];
    return selectWithAccount(db)
      .where(and(...conditions))
      .orderBy(asc(sql`lower(${users.username})`));
  },

  async insert(db: Executor, row: NewUserRow): Promise<void> {
    await db.insert(users).values(row);
  },

  /** Inserts the user unless the username is taken; answers whether it did (the first admin, at start). */
  async insertIfFree(db: Executor, row: NewUserRow): Promise<boolean> {
    const inserted = await db.insert(users).values(row).onConflictDoNothing().returning({ sid: users.sid });
    return inserted.length > 0;
  },

  async count(db: Executor): Promise<number> {
    const [row] = await db.select({ count: sql<number>`count(*)::int` }).from(users);
    return Number(row?.count ?? 0);
  },

  async update(db: Executor, sid: string, changes: Partial<NewUserRow>): Promise<void> {
    await db.update(users).set(changes).where(eq(users.sid, sid));
  },

  async delete(db: Executor, sid: string): Promise<void> {
    await db.delete(users).where(eq(users.sid, sid));
  },

  async detachStaffFromAccount(db: Executor, accountSid: string): Promise<void> {
    await db
      .update(users)
      .set({ accountSid: null })
      .where(and(eq(users.accountSid, accountSid), ne(users.role, 0)));
  },

  /** Locks every admin row until the transaction ends, so two removals of admins cannot both see "one left". */
  async lockAdmins(db: Executor): Promise<void> {
    await db.select({ sid: users.sid }).from(users).where(eq(users.role, 2)).for('update');
  },

  /** Usernames by sid, for the given sids that still exist. */
  async usernames(db: Executor, sids: readonly string[]): Promise<Map<string, string>> {
    if (sids.length === 0) return new Map();
    const rows = await db
      .select({ sid: users.sid, username: users.username })
      .from(users)
      .where(inArray(users.sid, [...sids]));
    return new Map(rows.map((row) => [row.sid, row.username]));
  },

  async countByRole(db: Executor, role: number): Promise<number> {
    const [row] = await db
      .select({ count: sql<number>`count(*)::int` })
      .from(users)
      .where(eq(users.role, role));
    return Number(row?.count ?? 0);
  },
};
