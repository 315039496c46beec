/**
 * Air manifests (spec §3 AMS; product decisions, Air manifests): one master air waybill's night of parcels.
 * The parcels name their manifest (orders.ams_*, written only through orders/order-manifest.ts).
 */
import type { AmsStatus, AmsSubmitStatus, TextParams } from '@parcelops/shared';
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  customType,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';

const bytes = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

export const ams = pgTable(
  'ams',
  {
    sid: text('sid').primaryKey(),
    name: text('name').notNull(),
    departureDate: timestamp('departure_date', { withTimezone: true }).notNull(),
    /** `157-12345675`: prefix, serial and its check digit (packages/shared ams/mawb.ts). */
    masterAirWaybill: text('master_air_waybill').notNull(),
    airportCode: text('airport_code').notNull(),
    hawb: text('hawb').notNull(),
    carrier: text('carrier').notNull(),
    serviceType: text('service_type').notNull(),
    status: text('status').$type<AmsStatus>().notNull().default('initiated'),
    /** The hub the cargo leaves from (SGN or HAN). */
    location: text('location').notNull(),
    submitStatus: text('submit_status').$type<AmsSubmitStatus>().notNull().default('initiated'),
    submitReason: text('submit_reason'),
    /** The reason as a catalogue text (key and params), for the web to show in its language. */
    submitReasonKey: text('submit_reason_key'),
    submitReasonParams: jsonb('submit_reason_params').$type<TextParams>(),
    /** True while a submission runs: nothing else changes the manifest meanwhile. */
    isUpdating: boolean('is_updating').notNull().default(false),
    /**
     * The last piece number given before migration 0025; no longer advanced: pieces now come from the
     * manifest's own sequence, ams_piece_<sid> (ams.repository.ts), which that migration started after it.
     */
    pieceSeq: integer('piece_seq').notNull().default(0),
    /** The filed manifest, kept for download. */
    manifestFile: bytes('manifest_file'),
    manifestFileName: text('manifest_file_name'),
    dateCreated: timestamp('date_created', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('ams_date_created_idx').on(table.dateCreated.desc(), table.sid.desc()),
    index('ams_master_air_waybill_idx').on(table.masterAirWaybill),
    index('ams_status_departure_idx').on(table.status, table.departureDate),
    check('ams_status_known', sql`${table.status} in ('initiated', 'closed')`),
    check('ams_submit_status_known', sql`${table.submitStatus} in ('initiated', 'submitted', 'failed')`),
  ],
);
