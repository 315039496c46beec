import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Sign-in attempts of the current window, one row per username and client address, shared by every server
 * process on the database. The key is a hash of the two (nothing personal is kept); a row whose window has
 * ended counts again from one, and such rows are deleted now and then (login-attempts.ts).
 */
export const loginAttempts = pgTable('login_attempts', {
  keyHash: text('key_hash').primaryKey(),
  windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
  count: integer('count').notNull(),
});
