import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { searchFolded } from '../../lib/sql.ts';
import { accounts } from '../accounts/accounts.table.ts';

export const users = pgTable(
  'users',
  {
    sid: text('sid').primaryKey(),
    username: text('username').notNull(),
    passwordHash: text('password_hash').notNull(),
    role: smallint('role').notNull(),
    /** Account users belong to one account; operators and admins may have none. */
    accountSid: text('account_sid').references(() => accounts.sid, { onDelete: 'cascade' }),
    forceChange: boolean('force_change').notNull().default(false),
    /** Raised when the password changes, so tokens signed before it stop working. */
    sessionVersion: integer('session_version').notNull().default(1),
    dateCreated: timestamp('date_created', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('users_username_lower_key').on(sql`lower(${table.username})`),
    // The users filter: part of the username, without accents or case (lib/sql.ts foldedContains).
    index('users_username_fold_trgm_idx').using('gin', sql`${searchFolded(table.username)} gin_trgm_ops`),
    index('users_account_idx').on(table.accountSid),
  ],
);
