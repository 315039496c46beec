/** Queries of the webhooks' own tables (webhooks.table.ts); callers pass the database or their transaction. */
import { and, desc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/database.ts';
import { rowsOf } from '../../db/raw-rows.ts';
import { accountHooks, hookAttempts, hookEvents } from './webhooks.table.ts';

export type AccountHookRow = typeof accountHooks.$inferSelect;
export type HookEventRow = typeof hookEvents.$inferSelect;
export type NewHookEventRow = typeof hookEvents.$inferInsert;
export type NewHookAttemptRow = typeof hookAttempts.$inferInsert;
export type HookAttemptRow = typeof hookAttempts.$inferSelect;

/** An event's next state after an attempt, applied only while `token` is still its job token. */
export interface EventMove {
  id: string;
  token: string;
  state: HookEventRow['state'];
  step: number;
  jobToken: string | null;
  nextAttemptAt: Date | null;
  deliveredAt: Date | null;
}

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

  /**
   * Many events in one statement with one JSON parameter: building a 1,000-row, 13-column VALUES list cost
   * more than the insert itself (the webhooks bench), and a status upload writes ten of them.
   */
  async insertEvents(db: Executor, rows: NewHookEventRow[]): Promise<void> {
    if (rows.length === 0) return;
    const json = JSON.stringify(
      rows.map((row) => ({
        id: row.id,
        account_sid: row.accountSid,
        order_sid: row.orderSid ?? null,
        barcode: row.barcode ?? null,
        order_status: row.orderStatus ?? null,
        type: row.type,
        body: row.body,
        state: row.state ?? 'pending',
        job_token: row.jobToken ?? null,
        next_attempt_at: row.nextAttemptAt?.toISOString() ?? null,
        created_at: (row.createdAt ?? new Date()).toISOString(),
      })),
    );
    await db.execute(sql`
      insert into hook_events
        (id, account_sid, order_sid, barcode, order_status, type, body, state, job_token, next_attempt_at, created_at)
      select id, account_sid, order_sid, barcode, order_status, type, body, state, job_token, next_attempt_at, created_at
      from json_to_recordset(${json}::json) as x(
        id text, account_sid text, order_sid text, barcode text, order_status smallint, type text, body text,
        state text, job_token text, next_attempt_at timestamptz, created_at timestamptz)`);
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

  /** A new round of attempts from now, whatever the event's state. */
  async restartEvent(db: Executor, id: string, token: string): Promise<void> {
    await db
      .update(hookEvents)
      .set({ state: 'pending', step: 0, jobToken: token, nextAttemptAt: new Date(), deliveredAt: null })
      .where(eq(hookEvents.id, id));
  },

  /**
   * Moves many events on in one statement, each only while its token is still its job token (a "Send again"
   * since the attempt began gave the event a new round: that round's job decides); the ids that moved.
   */
  async advanceEvents(db: Executor, moves: readonly EventMove[]): Promise<Set<string>> {
    if (moves.length === 0) return new Set();
    const json = JSON.stringify(
      moves.map((move) => ({
        id: move.id,
        token: move.token,
        state: move.state,
        step: move.step,
        job_token: move.jobToken,
        next_attempt_at: move.nextAttemptAt?.toISOString() ?? null,
        delivered_at: move.deliveredAt?.toISOString() ?? null,
      })),
    );
    const result = await db.execute(sql`
      update hook_events as e
      set state = v.state, step = v.step, job_token = v.job_token, next_attempt_at = v.next_attempt_at,
        delivered_at = v.delivered_at
      from json_to_recordset(${json}::json) as v(
        id text, token text, state text, step smallint, job_token text, next_attempt_at timestamptz,
        delivered_at timestamptz)
      where e.id = v.id and e.job_token = v.token
      returning e.id`);
    return new Set(rowsOf<{ id: string }>(result).map((row) => row.id));
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
