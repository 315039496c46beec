/**
 * How far each running AMS batch upload is (docs/decisions.md, AMS batch progress): in the database, so any
 * API instance answers the progress of an upload another one is loading. A row lives while its upload runs;
 * the upload deletes it when it ends, and a sweep deletes those of uploads that never ended (a killed process).
 */
import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

export const amsBatchProgress = pgTable('ams_batch_progress', {
  /** The client's id for its upload (a UUID it sends with the file). */
  progressId: text('progress_id').primaryKey(),
  /** The user who started the upload: only they may read it. */
  userSid: text('user_sid').notNull(),
  done: integer('done').notNull().default(0),
  total: integer('total').notNull().default(0),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
