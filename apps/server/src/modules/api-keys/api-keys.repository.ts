import { and, desc, eq, inArray, isNull, lt, or } from 'drizzle-orm';
import type { Executor } from '../../db/database.ts';
import { accounts } from '../accounts/accounts.table.ts';
import { apiKeys } from './api-keys.table.ts';

export type ApiKeyRow = typeof apiKeys.$inferSelect;

export const apiKeysRepository = {
  listByAccount(db: Executor, accountSid: string): Promise<ApiKeyRow[]> {
    return db
      .select()
      .from(apiKeys)
      .where(eq(apiKeys.accountSid, accountSid))
      .orderBy(desc(apiKeys.dateCreated));
  },

  async findBySid(db: Executor, sid: string): Promise<ApiKeyRow | undefined> {
    const [row] = await db.select().from(apiKeys).where(eq(apiKeys.sid, sid));
    return row;
  },

  /** Which of these sids are keys that still exist. */
  async existing(db: Executor, sids: readonly string[]): Promise<Set<string>> {
    if (sids.length === 0) return new Set();
    const rows = await db
      .select({ sid: apiKeys.sid })
      .from(apiKeys)
      .where(inArray(apiKeys.sid, [...sids]));
    return new Set(rows.map((row) => row.sid));
  },

  async findByTokenHash(db: Executor, tokenHash: string) {
    const [row] = await db
      .select({ key: apiKeys, accountActive: accounts.isActive })
      .from(apiKeys)
      .innerJoin(accounts, eq(accounts.sid, apiKeys.accountSid))
      .where(eq(apiKeys.tokenHash, tokenHash));
    return row;
  },

  async insert(db: Executor, row: typeof apiKeys.$inferInsert): Promise<ApiKeyRow> {
    const [created] = await db.insert(apiKeys).values(row).returning();
    if (!created) throw new Error('API key insert returned nothing');
    return created;
  },

  async delete(db: Executor, sid: string): Promise<void> {
    await db.delete(apiKeys).where(eq(apiKeys.sid, sid));
  },

  /** Records use at most once a minute per key, so busy integrations do not write on every call. */
  async touchLastUsed(db: Executor, sid: string, now: Date): Promise<void> {
    const staleBefore = new Date(now.getTime() - 60_000);
    await db
      .update(apiKeys)
      .set({ lastUsed: now })
      .where(and(eq(apiKeys.sid, sid), or(isNull(apiKeys.lastUsed), lt(apiKeys.lastUsed, staleBefore))));
  },
};
