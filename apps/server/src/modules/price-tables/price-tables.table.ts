import type { PriceRow } from '@parcelops/shared';
import { sql } from 'drizzle-orm';
import { jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

export const priceTables = pgTable(
  'price_tables',
  {
    sid: text('sid').primaryKey(),
    /** Fixed once the table exists (spec §4). */
    name: text('name').notNull(),
    /** Sorted by weight, strictly increasing: priceFor() relies on it. */
    rows: jsonb('rows').$type<PriceRow[]>().notNull(),
    dateCreated: timestamp('date_created', { withTimezone: true }).notNull().defaultNow(),
    dateUpdated: timestamp('date_updated', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('price_tables_name_lower_key').on(sql`lower(${table.name})`)],
);
