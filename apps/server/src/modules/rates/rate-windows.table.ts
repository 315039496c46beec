import { integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Calls counted per caller and fixed window, shared by every server process on the database (create-rates.ts):
 * one row per caller (`key:<api key sid>` or `user:<user sid>`) and window it called in. Rows of ended windows
 * are deleted now and then.
 */
export const rateWindows = pgTable(
  'rate_windows',
  {
    key: text('key').notNull(),
    windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
    count: integer('count').notNull(),
  },
  (table) => [primaryKey({ columns: [table.key, table.windowStart] })],
);
