/**
 * The orders' side of a set-based manifest load (the AMS batch upload, modules/ams/ams-batch-load.ts): a
 * chunk's parcels locked in one statement and their manifest fields written in one, where order-manifest.ts
 * does it a parcel at a time. Every writer runs in the caller's transaction, on rows the caller locked first.
 */
import { asc, inArray, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/database.ts';
import { type ManifestFields, type ManifestOrderRow, manifestColumns } from './order-manifest.ts';
import { orders } from './orders.table.ts';
import type { ColumnsWithStatus } from './status-change.ts';

/**
 * The orders with any of these barcodes, locked until the transaction ends, in sid order (so two loads that
 * share parcels take their locks in the same order and queue rather than deadlock).
 */
export async function lockOrdersByBarcodes(
  tx: Executor,
  barcodes: readonly string[],
): Promise<ManifestOrderRow[]> {
  const distinct = [...new Set(barcodes)];
  if (distinct.length === 0) return [];
  return tx
    .select(manifestColumns)
    .from(orders)
    .where(inArray(orders.barcode, distinct))
    .orderBy(asc(orders.sid))
    .for('update');
}

/** What each parcel of a set-based load gets of its own; the rest of its manifest fields all share. */
export interface ManifestPlacement {
  orderSid: string;
  cartonLabel: string;
  automatedManifestSystemId: string;
  prior: ManifestFields['prior'];
}

/** Rows of `values (...)` per statement: 5 parameters a row keeps it far under PostgreSQL's 65,535. */
const ROWS_PER_STATEMENT = 2_000;

/** `(values ($1::text, …), (…))`: the first row's casts type the columns for PostgreSQL. */
function valuesList(rows: readonly unknown[][], casts: readonly string[]): SQL {
  const tuples = rows.map(
    (row, rowIndex) =>
      sql`(${sql.join(
        row.map((value, column) =>
          rowIndex === 0 ? sql`${value}::${sql.raw(casts[column] ?? 'text')}` : sql`${value}`,
        ),
        sql`, `,
      )})`,
  );
  return sql`(values ${sql.join(tuples, sql`, `)})`;
}

/**
 * Puts the parcels into one manifest: one UPDATE … FROM (values) per 2,000 parcels, each with its carton,
 * AMS id and prior status, all with the manifest's MAWB and details (as order-manifest.ts putInManifest).
 */
export async function putManyInManifest(
  tx: Executor,
  shared: Omit<ManifestFields, 'cartonLabel' | 'automatedManifestSystemId' | 'prior'>,
  placements: readonly ManifestPlacement[],
): Promise<void> {
  const now = new Date().toISOString();
  for (let start = 0; start < placements.length; start += ROWS_PER_STATEMENT) {
    const part = placements.slice(start, start + ROWS_PER_STATEMENT);
    const values = valuesList(
      part.map((row) => [
        row.orderSid,
        row.cartonLabel,
        row.automatedManifestSystemId,
        row.prior.status,
        row.prior.reason,
      ]),
      ['text', 'text', 'text', 'smallint', 'text'],
    );
    await tx.execute(sql`
      update ${orders} set
        ams_sid = ${shared.amsSid},
        ams_carton_label = placed.carton_label,
        ams_master_air_waybill = ${shared.masterAirWaybill},
        ams_automated_manifest_system_id = placed.ams_id,
        ams_details = ${JSON.stringify(shared.details)}::jsonb,
        ams_prior_status = placed.prior_status,
        ams_prior_reason = placed.prior_reason,
        date_updated = ${now}::timestamptz
      from ${values} as placed(sid, carton_label, ams_id, prior_status, prior_reason)
      where ${orders.sid} = placed.sid`);
  }
}

/** Moves parcels of a manifest to other cartons, one statement per 2,000 (order-manifest.ts moveToCarton). */
export async function moveManyToCartons(
  tx: Executor,
  moves: readonly { orderSid: string; cartonLabel: string }[],
): Promise<void> {
  const now = new Date().toISOString();
  for (let start = 0; start < moves.length; start += ROWS_PER_STATEMENT) {
    const part = moves.slice(start, start + ROWS_PER_STATEMENT);
    const values = valuesList(
      part.map((move) => [move.orderSid, move.cartonLabel]),
      ['text', 'text'],
    );
    await tx.execute(sql`
      update ${orders} set ams_carton_label = moved.carton_label, date_updated = ${now}::timestamptz
      from ${values} as moved(sid, carton_label)
      where ${orders.sid} = moved.sid`);
  }
}

/**
 * The manifest fields of parcels the funnel moves to Processing, as columns of its UPDATE (status-change.ts
 * recordStatusChangesWith: one statement writes both). Each parcel's carton and AMS id are looked up by its sid
 * in one jsonb parameter; its prior status and reason are the row's own before the UPDATE (SET reads the old row).
 */
export function manifestColumnsWithStatus(
  shared: Omit<ManifestFields, 'cartonLabel' | 'automatedManifestSystemId' | 'prior'>,
  placements: readonly ManifestPlacement[],
): ColumnsWithStatus {
  const bySid = JSON.stringify(
    Object.fromEntries(
      placements.map((row) => [row.orderSid, [row.cartonLabel, row.automatedManifestSystemId]]),
    ),
  );
  return {
    amsSid: shared.amsSid,
    amsMasterAirWaybill: shared.masterAirWaybill,
    amsDetails: shared.details,
    amsCartonLabel: sql`(${bySid}::jsonb -> ${orders.sid} ->> 0)`,
    amsAutomatedManifestSystemId: sql`(${bySid}::jsonb -> ${orders.sid} ->> 1)`,
    amsPriorStatus: sql`${orders.status}`,
    amsPriorReason: sql`${orders.reason}`,
  };
}
