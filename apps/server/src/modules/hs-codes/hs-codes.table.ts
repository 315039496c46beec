import { pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

export const hsCodes = pgTable(
  'hs_codes',
  {
    sid: text('sid').primaryKey(),
    hsCode: text('hs_code').notNull(),
    description: text('description').notNull(),
    dateCreated: timestamp('date_created', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('hs_codes_hs_code_key').on(table.hsCode)],
);
