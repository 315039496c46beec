/**
 * The users behind session tokens, remembered for a moment. Every call needs its caller's user row (a deleted
 * user or a changed password ends the session at once); reading it on every call made that lookup a good part
 * of each call's cost. Whatever changes users or accounts in this process forgets every remembered user after
 * its commit. On PostgreSQL, where other server processes change them too, the database notifies every process
 * of such a commit (migration 0021, db/notifications.ts) and each forgets at once; while a process cannot hear
 * those notifications it remembers nothing, so a change elsewhere is never missed for longer than its delivery.
 */
import { type DatabaseNotifications, SESSION_USERS_CHANNEL } from '../../db/notifications.ts';
import type { UserWithAccount } from './users.repository.ts';

/** How long a user read for a session stays good when nothing in this process changed users or accounts. */
export const SESSION_USER_TTL_MS = 2000;

export class SessionUsers {
  private readonly entries = new Map<string, { user: UserWithAccount; until: number }>();
  /** Raised by every forget: a read that began before it may hold what the change replaced. */
  private generation = 0;
  /** False while changes made by other processes could go unheard (`follow`): then nothing is remembered. */
  private remembering = true;

  constructor(
    private readonly ttlMs = SESSION_USER_TTL_MS,
    private readonly maxEntries = 10_000,
  ) {}

  async find(sid: string, load: (sid: string) => Promise<UserWithAccount | undefined>) {
    const cached = this.entries.get(sid);
    if (cached && cached.until > Date.now()) return cached.user;
    const generation = this.generation;
    const user = await load(sid);
    if (user && generation === this.generation && this.remembering && this.ttlMs > 0) {
      // Bounded: a flood of distinct sessions starts the memory over rather than growing it.
      if (this.entries.size >= this.maxEntries) this.entries.clear();
      this.entries.set(sid, { user, until: Date.now() + this.ttlMs });
    }
    return user;
  }

  /** Call after committing any change to users or accounts (roles, passwords, deletions, is_active). */
  forgetAll(): void {
    this.generation += 1;
    this.entries.clear();
  }

  /**
   * Forgets whenever another process commits a change to users or accounts; remembers only while those
   * notifications are heard (the connection may drop: then it forgets, and remembers again once back).
   */
  follow(notifications: Pick<DatabaseNotifications, 'listen'>): () => void {
    return notifications.listen(SESSION_USERS_CHANNEL, {
      onNotify: () => this.forgetAll(),
      onListening: (listening) => {
        this.remembering = listening;
        this.forgetAll();
      },
    });
  }
}
