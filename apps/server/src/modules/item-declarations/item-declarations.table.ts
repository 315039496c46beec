import { boolean, numeric, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { accounts } from '../accounts/accounts.table.ts';

export const itemDeclarations = pgTable(
  'item_declarations',
  {
    sid: text('sid').primaryKey(),
    accountSid: text('account_sid')
      .notNull()
      .references(() => accounts.sid, { onDelete: 'cascade' }),
    skuNumber: text('sku_number').notNull(),
    name: text('name').notNull(),
    refName: text('ref_name').notNull(),
    itemDescription: text('item_description').notNull(),
    /** Checked against hs_codes when given; kept as text so a code removed later does not lose the SKU. */
    hsCode: text('hs_code'),
    itemWeight: numeric('item_weight', { precision: 12, scale: 3 }).notNull().default('0'),
    itemWidth: numeric('item_width', { precision: 12, scale: 3 }).notNull().default('0'),
    itemHeight: numeric('item_height', { precision: 12, scale: 3 }).notNull().default('0'),
    itemLength: numeric('item_length', { precision: 12, scale: 3 }).notNull().default('0'),
    canCombine: boolean('can_combine').notNull().default(false),
    /** The customs value in USD an order's item of this SKU takes when it gives none. */
    declaredValue: numeric('declared_value', { precision: 12, scale: 2 }),
    originCountry: text('origin_country').notNull().default('VN'),
    dateCreated: timestamp('date_created', { withTimezone: true }).notNull().defaultNow(),
    dateUpdated: timestamp('date_updated', { withTimezone: true }).notNull().defaultNow(),
  },
  // One declaration per SKU and account; orders look HS codes up by (account, SKU).
  (table) => [uniqueIndex('item_declarations_account_sku_key').on(table.accountSid, table.skuNumber)],
);
