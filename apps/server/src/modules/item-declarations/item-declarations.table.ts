import { type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import { boolean, index, numeric, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { searchFolded } from '../../lib/sql.ts';
import { accounts } from '../accounts/accounts.table.ts';

/**
 * What the declarations filter (and the SKU autocomplete) searches, without accents or case: the SKU, both
 * names, the description and the HS code, one a line, so a text is found in one of them, not across two. One
 * trigram index on it serves all five.
 */
export function declarationSearchText(columns: {
  skuNumber: SQLWrapper;
  name: SQLWrapper;
  refName: SQLWrapper;
  itemDescription: SQLWrapper;
  hsCode: SQLWrapper;
}): SQL {
  const { skuNumber, name, refName, itemDescription, hsCode } = columns;
  return sql`${skuNumber} || chr(10) || ${name} || chr(10) || ${refName} || chr(10) || ${itemDescription} || chr(10) || coalesce(${hsCode}, '')`;
}

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
  (table) => [
    // One declaration per SKU and account; orders look HS codes up by (account, SKU).
    uniqueIndex('item_declarations_account_sku_key').on(table.accountSid, table.skuNumber),
    index('item_declarations_search_trgm_idx').using(
      'gin',
      sql`${searchFolded(declarationSearchText(table))} gin_trgm_ops`,
    ),
  ],
);
