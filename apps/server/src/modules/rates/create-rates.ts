/**
 * The creating calls' rate (issue 30): at most `max` creating calls (orders, imports, batches, manifest loads,
 * top-ups) per API key, or per signed-in user, in each fixed window of `windowMs` (aligned to the epoch, so
 * every process agrees where a window starts). Counted in the database by one atomic upsert per call, whichever
 * process takes it, so several API instances share one count; the database's clock decides. Ended windows are
 * deleted by each process about once a window.
 */
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/database.ts';
import { selectRow } from '../../db/raw-rows.ts';

export interface CreateRateLimits {
  max: number;
  windowMs: number;
}

/** The settings' defaults (config.ts: CREATE_CALLS_PER_MINUTE), for services built without them. */
export const DEFAULT_CREATE_RATE: CreateRateLimits = { max: 1200, windowMs: 60_000 };

/** Who is counted: an API key on its own (two keys of one account each have the limit), a person by user. */
export interface RateCaller {
  apiKeySid: string | null;
  userSid: string | null;
}

type CountedRow = { count: number | string; seconds_left: number | string };

export class CreateRates {
  private lastPurgeMs = 0;

  constructor(
    private readonly db: Database,
    readonly limits: CreateRateLimits = DEFAULT_CREATE_RATE,
  ) {}

  /** The key a caller is counted under, or null for a caller that is neither (never on a signed-in route). */
  static keyOf(caller: RateCaller): string | null {
    if (caller.apiKeySid) return `key:${caller.apiKeySid}`;
    if (caller.userSid) return `user:${caller.userSid}`;
    return null;
  }

  /**
   * Counts one call under `key`: null while within the limit, otherwise the seconds until its window ends (at
   * least 1), the caller's Retry-After.
   */
  async count(key: string): Promise<number | null> {
    const seconds = Math.max(1, Math.round(this.limits.windowMs / 1000));
    const row = await selectRow<CountedRow>(
      this.db,
      sql`
      insert into rate_windows as w (key, window_start, count)
      values (${key}, to_timestamp(floor(extract(epoch from now()) / ${seconds}::int) * ${seconds}::int), 1)
      on conflict (key, window_start) do update set count = w.count + 1
      returning w.count,
        ceil(extract(epoch from w.window_start + ${seconds}::int * interval '1 second' - clock_timestamp()))::int
          as seconds_left
    `,
    );
    await this.purgeNowAndThen(seconds);
    if (!row || Number(row.count) <= this.limits.max) return null;
    return Math.min(seconds, Math.max(1, Number(row.seconds_left)));
  }

  private async purgeNowAndThen(seconds: number): Promise<void> {
    const now = Date.now();
    if (now - this.lastPurgeMs < seconds * 1000) return;
    this.lastPurgeMs = now;
    await this.db.execute(
      sql`delete from rate_windows where window_start < now() - ${seconds}::int * interval '1 second'`,
    );
  }
}
