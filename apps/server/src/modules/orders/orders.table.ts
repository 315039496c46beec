/**
 * Orders, their items, their tracking events, their history and their counts. The indexes serve the orders list on millions
 * of rows: newest first overall, per account, per status, by barcode, by order-number prefix, by part of the
 * customer's name or phone (trigrams; accents and case aside, lib/sql.ts searchFolded), by manifest, and those still missing an HS code. Totals and the statistic read
 * `order_counts`, which triggers keep (migration 0005), instead of counting the orders themselves.
 */
import type { TextParams } from '@parcelops/shared';
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { searchDigits, searchFolded } from '../../lib/sql.ts';
import { accounts } from '../accounts/accounts.table.ts';
import { batchOrders } from '../batch-orders/batch-orders.table.ts';

export interface SellerInformation {
  name?: string | null;
  address1?: string | null;
  address2?: string | null;
  city?: string | null;
  state?: string | null;
  postalCode?: string | null;
  country?: string | null;
}

export interface AmsDetails {
  airportCode?: string | null;
  hawb?: string | null;
  carrier?: string | null;
  serviceType?: string | null;
}

export const orders = pgTable(
  'orders',
  {
    sid: text('sid').primaryKey(),
    orderNumber: text('order_number').notNull(),
    /** An account with orders cannot be deleted: they are its money and customs record. */
    accountSid: text('account_sid')
      .notNull()
      .references(() => accounts.sid, { onDelete: 'restrict' }),
    status: smallint('status').notNull().default(0),
    reason: text('reason'),
    name: text('name').notNull(),
    phone: text('phone'),
    address1: text('address1').notNull(),
    address2: text('address2'),
    city: text('city').notNull(),
    state: text('state').notNull(),
    country: text('country').notNull(),
    postalCode: text('postal_code').notNull(),
    /** The chargeable weight in grams (spec §5), which the price follows. */
    weight: integer('weight').notNull(),
    width: numeric('width', { precision: 20, scale: 3 }).notNull().default('0'),
    length: numeric('length', { precision: 20, scale: 3 }).notNull().default('0'),
    height: numeric('height', { precision: 20, scale: 3 }).notNull().default('0'),
    vnd: numeric('vnd', { precision: 16, scale: 2 }).notNull(),
    usd: numeric('usd', { precision: 16, scale: 2 }).notNull(),
    barcode: text('barcode').notNull(),
    shippingPartner: text('shipping_partner'),
    sellerInformation: jsonb('seller_information').$type<SellerInformation>(),
    /** The batch that placed it; a batch with orders stays (it succeeded, and its orders name it). */
    batchSid: text('batch_sid').references(() => batchOrders.sid, { onDelete: 'restrict' }),
    amsSid: text('ams_sid'),
    amsCartonLabel: text('ams_carton_label'),
    amsMasterAirWaybill: text('ams_master_air_waybill'),
    amsAutomatedManifestSystemId: text('ams_automated_manifest_system_id'),
    amsDetails: jsonb('ams_details').$type<AmsDetails>(),
    /**
     * The status and reason the parcel had when it was loaded into its manifest, so taking it out returns it
     * there (a Failed parcel an admin loaded goes back to Failed with its reason), not always to Scanned.
     */
    amsPriorStatus: smallint('ams_prior_status'),
    amsPriorReason: text('ams_prior_reason'),
    /**
     * Counts edits of the order's items: an item edit names the version it read, so two staff editing at once
     * cannot overwrite each other (the second is told).
     */
    itemsVersion: integer('items_version').notNull().default(0),
    /** True while any item lacks an HS code; kept by triggers on order_items (migration 0005). */
    missingHsCode: boolean('missing_hs_code').notNull().default(false),
    dateCreated: timestamp('date_created', { withTimezone: true }).notNull().defaultNow(),
    dateUpdated: timestamp('date_updated', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('orders_barcode_key').on(table.barcode),
    uniqueIndex('orders_account_order_number_key').on(table.accountSid, table.orderNumber),
    // The list is always newest first; each filter that narrows by one column has its own ordered index.
    index('orders_date_created_idx').on(table.dateCreated.desc().nullsFirst(), table.sid.desc().nullsFirst()),
    index('orders_account_date_idx').on(
      table.accountSid,
      table.dateCreated.desc().nullsFirst(),
      table.sid.desc().nullsFirst(),
    ),
    index('orders_status_date_idx').on(
      table.status,
      table.dateCreated.desc().nullsFirst(),
      table.sid.desc().nullsFirst(),
    ),
    // The text filter matches order numbers by prefix without accents or case: LIKE 'abc%' on search_fold()
    // (migration 0015) needs pattern ops.
    index('orders_order_number_fold_idx').on(sql`${searchFolded(table.orderNumber)} text_pattern_ops`),
    // ... part of the customer's name, LIKE '%abc%' on search_fold(), through trigrams (migration 0003) ...
    // ... a barcode by its beginning ("PO11635"), and a city or ZIP code by its beginning, without accents.
    index('orders_barcode_pattern_idx').on(sql`${table.barcode} text_pattern_ops`),
    index('orders_city_fold_idx').on(sql`${searchFolded(table.city)} text_pattern_ops`),
    index('orders_postal_code_pattern_idx').on(sql`${table.postalCode} text_pattern_ops`),
    index('orders_name_fold_trgm_idx').using('gin', sql`${searchFolded(table.name)} gin_trgm_ops`),
    // ... and part of the phone number's digits.
    index('orders_phone_digits_trgm_idx').using('gin', sql`${searchDigits(table.phone)} gin_trgm_ops`),
    index('orders_missing_hs_date_idx')
      .on(table.dateCreated.desc().nullsFirst(), table.sid.desc().nullsFirst())
      .where(sql`${table.missingHsCode}`),
    index('orders_ams_sid_idx').on(table.amsSid),
    index('orders_batch_sid_idx').on(table.batchSid).where(sql`${table.batchSid} is not null`),
    index('orders_ams_master_air_waybill_idx').on(table.amsMasterAirWaybill),
    index('orders_ams_carton_label_idx').on(table.amsCartonLabel),
    check('orders_weight_not_negative', sql`${table.weight} >= 0`),
  ],
);

export const orderItems = pgTable(
  'order_items',
  {
    sid: text('sid').primaryKey(),
    orderSid: text('order_sid')
      .notNull()
      .references(() => orders.sid, { onDelete: 'cascade' }),
    /** The item's place in the order as it was given (0-based). */
    position: integer('position').notNull(),
    skuNumber: text('sku_number').notNull(),
    quantity: integer('quantity').notNull(),
    itemDescription: text('item_description'),
    itemWeight: numeric('item_weight', { precision: 12, scale: 3 }).notNull().default('0'),
    itemWidth: numeric('item_width', { precision: 12, scale: 3 }).notNull().default('0'),
    itemHeight: numeric('item_height', { precision: 12, scale: 3 }).notNull().default('0'),
    itemLength: numeric('item_length', { precision: 12, scale: 3 }).notNull().default('0'),
    hsCode: text('hs_code'),
    /** The customs value in USD (the broker's entry needs it since de minimis ended); null: not declared. */
    declaredValue: numeric('declared_value', { precision: 12, scale: 2 }),
    /** ISO 3166 alpha-2 country the goods were made in. */
    originCountry: text('origin_country').notNull().default('VN'),
  },
  (table) => [uniqueIndex('order_items_order_position_key').on(table.orderSid, table.position)],
);

export const trackingEvents = pgTable(
  'tracking_events',
  {
    sid: text('sid').primaryKey(),
    orderSid: text('order_sid')
      .notNull()
      .references(() => orders.sid, { onDelete: 'cascade' }),
    /** The order status the event records. */
    status: smallint('status').notNull(),
    /** English, for API clients and webhooks; the key and params are the same words as a catalogue text. */
    description: text('description').notNull(),
    descriptionKey: text('description_key'),
    descriptionParams: jsonb('description_params').$type<TextParams>(),
    location: text('location'),
    /** Why, for Failed and Order Failed (and an admin's override): the history keeps every reason. */
    reason: text('reason'),
    /** A hub's city as a catalogue text's key (`hub.city.SGN`); null for a place of free text. */
    locationKey: text('location_key'),
    eventTime: timestamp('event_time', { withTimezone: true }).notNull().defaultNow(),
    /** Who made the change: a person's user sid or an API key's sid; both null for the system's own. */
    actorUserSid: text('actor_user_sid'),
    actorApiKeySid: text('actor_api_key_sid'),
  },
  (table) => [
    index('tracking_events_order_time_idx').on(table.orderSid, table.eventTime),
    // The dashboard's parcels scanned per hub and day reads only the hub scans' events, by time.
    index('tracking_events_hub_scans_idx')
      .on(table.eventTime)
      .where(sql`${table.description} LIKE 'Received at % hub'`),
  ],
);

/**
 * What happened to an order besides its status (order-history.ts): 'reweighed', 'edited' (the customer's
 * details, an item's HS code) and 'deleted'. No foreign key to orders, so the record outlives a deleted order; it keeps the order's
 * number, barcode and account for that reason. The actor columns read as on tracking events.
 */
export const orderHistory = pgTable(
  'order_history',
  {
    sid: text('sid').primaryKey(),
    orderSid: text('order_sid').notNull(),
    accountSid: text('account_sid').notNull(),
    orderNumber: text('order_number').notNull(),
    barcode: text('barcode').notNull(),
    action: text('action').notNull(),
    actorUserSid: text('actor_user_sid'),
    actorApiKeySid: text('actor_api_key_sid'),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    details: jsonb('details').$type<Record<string, unknown>>(),
  },
  (table) => [index('order_history_order_at_idx').on(table.orderSid, table.at)],
);

/**
 * How many orders each account has per UTC day, status and missing-HS flag. Statement-level triggers on
 * orders keep it exact in the same transaction as every insert, update and delete (migration 0005), so the
 * list's total and the statistic sum a few hundred rows instead of counting a million orders.
 */
export const orderCounts = pgTable(
  'order_counts',
  {
    accountSid: text('account_sid')
      .notNull()
      .references(() => accounts.sid, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    status: smallint('status').notNull(),
    missingHsCode: boolean('missing_hs_code').notNull(),
    count: integer('count').notNull(),
  },
  (table) => [
    primaryKey({
      name: 'order_counts_pkey',
      columns: [table.accountSid, table.day, table.status, table.missingHsCode],
    }),
    // Every account at once (staff without an account filter) reads by day.
    index('order_counts_day_idx').on(table.day),
  ],
);
