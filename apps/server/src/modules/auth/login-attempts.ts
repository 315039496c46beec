/**
 * The sign-in rate limit (product decisions): `maxAttempts` attempts per username and client address within
 * a window of `windowMs` that starts at the first of them; beyond, the caller waits for the window's end. Kept
 * in the database, so every server process on it shares one count: each attempt is one atomic upsert, whichever
 * process takes it. Rows are one per username and address that tried within the window, and those of ended
 * windows are deleted by each process about once a window.
 */
import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/database.ts';
import { selectRow } from '../../db/raw-rows.ts';

export interface LoginLimits {
  maxAttempts: number;
  windowMs: number;
}

/** The defaults of the settings (config.ts: LOGIN_MAX_ATTEMPTS), for services built without them. */
export const DEFAULT_LOGIN_LIMITS: LoginLimits = { maxAttempts: 10, windowMs: 60_000 };

type CountedRow = { count: number | string; seconds_left: number | string };

export class LoginAttempts {
  /** When this process last deleted the rows of ended windows (0: not yet). */
  private lastPurgeMs = 0;

  constructor(
    private readonly db: Database,
    private readonly limits: LoginLimits = DEFAULT_LOGIN_LIMITS,
  ) {}

  /**
   * Counts one attempt by `username` from `address`: null while within the limit, otherwise the seconds until
   * the window ends (at least 1).
   */
  async count(address: string, username: string): Promise<number | null> {
    // Hashed: the table keeps no address or username, and each key has one length however long the name.
    const keyHash = createHash('sha256').update(`${address}|${username.trim().toLowerCase()}`).digest('hex');
    const window = sql`(${Math.max(1, Math.round(this.limits.windowMs))}::int * interval '1 millisecond')`;
    // The database's clock decides, so processes whose clocks differ still agree on every window.
    const row = await selectRow<CountedRow>(
      this.db,
      sql`
      insert into login_attempts as a (key_hash, window_start, count)
      values (${keyHash}, now(), 1)
      on conflict (key_hash) do update set
        window_start = case when a.window_start <= now() - ${window} then now() else a.window_start end,
        count = case when a.window_start <= now() - ${window} then 1 else a.count + 1 end
      returning a.count, ceil(extract(epoch from a.window_start + ${window} - now()))::int as seconds_left
    `,
    );
    await this.purgeNowAndThen(window);
    if (!row || Number(row.count) <= this.limits.maxAttempts) return null;
    return Math.max(1, Number(row.seconds_left));
  }

  private async purgeNowAndThen(window: ReturnType<typeof sql>): Promise<void> {
    const now = Date.now();
    if (now - this.lastPurgeMs < this.limits.windowMs) return;
    this.lastPurgeMs = now;
    await this.db.execute(sql`delete from login_attempts where window_start <= now() - ${window}`);
  }
}
