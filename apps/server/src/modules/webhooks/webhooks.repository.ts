/** Queries of the webhooks' own tables (webhooks.table.ts); callers pass the database or their transaction. */
import { and, desc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/database.ts';
import { accountHooks, hookAttempts, hookEvents } from './webhooks.table.ts';

export type AccountHookRow = typeof accountHooks.$inferSelect;
export type HookEventRow = typeof hookEvents.$inferSelect;
export type NewHookEventRow = typeof hookEvents.$inferInsert;
export type NewHookAttemptRow = typeof hookAttempts.$inferInsert;
export type HookAttemptRow = typeof hookAttempts.$inferSelect;

export const webhooksRepository = {
  async hookOf(db: Executor, accountSid: string): Promise<AccountHookRow | undefined> {
    const [row] = await db.select().from(accountHooks).where(eq(accountHooks.accountSid, accountSid));
    return row;
  },

  async hooksOf(db: Executor, accountSids: readonly string[]): Promise<AccountHookRow[]> {
    if (accountSids.length === 0) return [];
    return db
      .select()
      .from(accountHooks)
      .where(inArray(accountHooks.accountSid, [...accountSids]));
  },

  /** Gives the account its first secret unless it has one; the row as it is then. */
  async ensureHook(db: Executor, accountSid: string, sealedSecret: string): Promise<AccountHookRow> {
    await db.insert(accountHooks).values({ accountSid, secret: sealedSecret }).onConflictDoNothing();
    return (await this.hookOf(db, accountSid)) as AccountHookRow;
  },

  async disabledAmong(db: Executor, accountSids: readonly string[]): Promise<Set<string>> {
    if (accountSids.length === 0) return new Set();
    const rows = await db
      .select({ sid: accountHooks.accountSid })
      .from(accountHooks)
      .where(and(inArray(accountHooks.accountSid, [...accountSids]), isNotNull(accountHooks.disabledAt)));
    return new Set(rows.map((row) => row.sid));
  },

  async updateHook(db: Executor, accountSid: string, changes: Partial<AccountHookRow>): Promise<void> {
    await db.update(accountHooks).set(changes).where(eq(accountHooks.accountSid, accountSid));
  },

  async insertEvents(db: Executor, rows: NewHookEventRow[]): Promise<void> {
    if (rows.length > 0) await db.insert(hookEvents).values(rows);
  },

  async eventsByIds(db: Executor, ids: readonly string[]): Promise<HookEventRow[]> {
    if (ids.length === 0) return [];
    return db
      .select()
      .from(hookEvents)
      .where(inArray(hookEvents.id, [...ids]));
  },

  async event(db: Executor, accountSid: string, id: string): Promise<HookEventRow | undefined> {
    const [row] = await db
      .select()
      .from(hookEvents)
      .where(and(eq(hookEvents.id, id), eq(hookEvents.accountSid, accountSid)));
    return row;
  },

  /**
   * Moves an event on, only while `token` is still its job token (a "Send again" since this attempt began
   * gave it a new round: that round's job decides). True when it moved.
   */
  async advanceEvent(
    db: Executor,
    id: string,
    token: string,
    changes: Partial<Pick<HookEventRow, 'state' | 'step' | 'jobToken' | 'nextAttemptAt' | 'deliveredAt'>>,
  ): Promise<boolean> {
    const moved = await db
      .update(hookEvents)
      .set(changes)
      .where(and(eq(hookEvents.id, id), eq(hookEvents.jobToken, token)))
      .returning({ id: hookEvents.id });
    return moved.length > 0;
  },

  /** A new round of attempts from now, whatever the event's state. */
  async restartEvent(db: Executor, id: string, token: string): Promise<void> {
    await db
      .update(hookEvents)
      .set({ state: 'pending', step: 0, jobToken: token, nextAttemptAt: new Date(), deliveredAt: null })
      .where(eq(hookEvents.id, id));
  },

  async insertAttempts(db: Executor, rows: NewHookAttemptRow[]): Promise<void> {
    if (rows.length > 0) await db.insert(hookAttempts).values(rows);
  },

  async latestEvents(db: Executor, accountSid: string, limit: number): Promise<HookEventRow[]> {
    return db
      .select()
      .from(hookEvents)
      .where(eq(hookEvents.accountSid, accountSid))
      .orderBy(desc(hookEvents.createdAt), desc(hookEvents.id))
      .limit(limit);
  },

  async attemptsOf(db: Executor, eventIds: readonly string[]): Promise<HookAttemptRow[]> {
    if (eventIds.length === 0) return [];
    return db
      .select()
      .from(hookAttempts)
      .where(inArray(hookAttempts.eventId, [...eventIds]))
      .orderBy(desc(hookAttempts.attemptedAt), desc(hookAttempts.sid));
  },

  /** Events still to deliver, for the benchmarks and tests that wait for a queue to drain. */
  async pendingCount(db: Executor): Promise<number> {
    const [row] = await db
      .select({ count: sql<number>`count(*)::int` })
      .from(hookEvents)
      .where(eq(hookEvents.state, 'pending'));
    return Number(row?.count ?? 0);
  },
};
