import { sql } from 'drizzle-orm';
import { pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

export const vendors = pgTable(
  'vendors',
  {
    sid: text('sid').primaryKey(),
    vendor: text('vendor').notNull(),
    name: text('name').notNull(),
    /** The kind's credentials as JSON, sealed with APP_SECRET (lib/secret-box.ts). */
    credentials: text('credentials').notNull(),
    dateCreated: timestamp('date_created', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('vendors_name_lower_key').on(sql`lower(${table.name})`)],
);
