import type { Address, CreditUnit } from '@parcelops/shared';
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  jsonb,
  numeric,
  pgTable,
  smallint,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { searchFolded } from '../../lib/sql.ts';
import { priceTables } from '../price-tables/price-tables.table.ts';
import { vendors } from '../vendors/vendors.table.ts';

export const accounts = pgTable(
  'accounts',
  {
    sid: text('sid').primaryKey(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    role: smallint('role').notNull().default(0),
    isActive: boolean('is_active').notNull().default(true),
    vendorSid: text('vendor_sid').references(() => vendors.sid, { onDelete: 'restrict' }),
    /** The price table orders are priced from; a table in use cannot be deleted. */
    priceSid: text('price_sid').references(() => priceTables.sid, { onDelete: 'restrict' }),
    orderStatusHook: text('order_status_hook'),
    address: jsonb('address').$type<Address>(),
    useCredit: boolean('use_credit').notNull().default(false),
    /** Always the sum of this account's credit ledger rows; changed only together with a new row. */
    creditBalance: numeric('credit_balance', { precision: 16, scale: 2 }).notNull().default('0'),
    creditUnit: text('credit_unit').$type<CreditUnit>().notNull().default('VND'),
    dateCreated: timestamp('date_created', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('accounts_name_lower_idx').on(sql`lower(${table.name})`),
    // The accounts filter: part of the name or email, without accents or case (lib/sql.ts foldedContains).
    index('accounts_name_fold_trgm_idx').using('gin', sql`${searchFolded(table.name)} gin_trgm_ops`),
    index('accounts_email_fold_trgm_idx').using('gin', sql`${searchFolded(table.email)} gin_trgm_ops`),
    index('accounts_vendor_idx').on(table.vendorSid),
    // The last guard of "the balance never goes below zero", whatever a service gets wrong.
    check('accounts_credit_balance_not_negative', sql`${table.creditBalance} >= 0`),
  ],
);
