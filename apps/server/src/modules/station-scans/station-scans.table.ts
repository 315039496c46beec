/**
 * Scans a station sent in a list (issue 32; hub receiving and manifest loading), one row per scan an actor
 * made: its identity (the actor and the station's `client_scan_id`, the primary key, so a scan sent twice is
 * claimed once), what it asked (kind, barcode, fingerprint) and the first verdict it got, answered again when the
 * same scan comes back. Rows are dropped after STATION_SCAN_KEEP_DAYS by a daily job.
 */
import type { StationVerdict } from '@parcelops/shared';
import { sql } from 'drizzle-orm';
import { check, index, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';

export const stationScans = pgTable(
  'station_scans',
  {
    /** Who scanned: the user's sid (hub work is never an API key's). No foreign key: the record outlives them. */
    actorSid: text('actor_sid').notNull(),
    /** The station's UUID for the scan; another actor's same id is another scan. */
    clientScanId: uuid('client_scan_id').notNull(),
    kind: text('kind').$type<'hub' | 'ams'>().notNull(),
    /** The barcode as a scan normalises it. */
    barcode: text('barcode').notNull(),
    /** The rest of what the scan asked: the hub, or the manifest's sid and the carton label. */
    fingerprint: text('fingerprint').notNull(),
    scannedAt: timestamp('scanned_at', { withTimezone: true }).notNull(),
    /** The first verdict; null only inside the transaction that claims the scan, which writes it before commit. */
    verdict: jsonb('verdict').$type<StationVerdict>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({
      name: 'station_scans_actor_client_scan_id_pk',
      columns: [table.actorSid, table.clientScanId],
    }),
    index('station_scans_created_at_idx').on(table.createdAt),
    check('station_scans_kind_known', sql`${table.kind} in ('hub', 'ams')`),
  ],
);
