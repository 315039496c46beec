import { index, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { accounts } from '../accounts/accounts.table.ts';

export const apiKeys = pgTable(
  'api_keys',
  {
    sid: text('sid').primaryKey(),
    accountSid: text('account_sid')
      .notNull()
      .references(() => accounts.sid, { onDelete: 'cascade' }),
    /** SHA-256 of the token: tokens are long random strings, so a fast hash is enough and lookups stay O(1). */
    tokenHash: text('token_hash').notNull(),
    tokenHint: text('token_hint').notNull(),
    lastUsed: timestamp('last_used', { withTimezone: true }),
    createdBy: text('created_by'),
    dateCreated: timestamp('date_created', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('api_keys_token_hash_key').on(table.tokenHash),
    index('api_keys_account_idx').on(table.accountSid),
  ],
);
