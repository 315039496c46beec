/**
 * The orders' side of air manifests (modules/ams owns the rules): the queries over the orders' ams_* fields,
 * exported as functions so the AMS module changes orders only through them and the status funnel. Every
 * writer here runs in the caller's transaction, on rows the caller locked first.
 */

import { type ManifestParcel, OrderStatus } from '@parcelops/shared';
import { and, asc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/database.ts';
import { selectRow, selectRows } from '../../db/raw-rows.ts';
import { accounts } from '../accounts/accounts.table.ts';
import { type AmsDetails, orderItems, orders, trackingEvents } from './orders.table.ts';

/** An order as loading it into a manifest needs it, read under its row lock. */
export type ManifestOrderRow = Pick<
  typeof orders.$inferSelect,
  | 'sid'
  | 'status'
  | 'barcode'
  | 'orderNumber'
  | 'accountSid'
  | 'weight'
  | 'reason'
  | 'amsSid'
  | 'amsCartonLabel'
  | 'amsAutomatedManifestSystemId'
  | 'amsPriorStatus'
  | 'amsPriorReason'
>;

/** The columns of a ManifestOrderRow (order-manifest-set.ts reads the same). */
export const manifestColumns = {
  sid: orders.sid,
  status: orders.status,
  barcode: orders.barcode,
  orderNumber: orders.orderNumber,
  accountSid: orders.accountSid,
  weight: orders.weight,
  reason: orders.reason,
  amsSid: orders.amsSid,
  amsCartonLabel: orders.amsCartonLabel,
  amsAutomatedManifestSystemId: orders.amsAutomatedManifestSystemId,
  amsPriorStatus: orders.amsPriorStatus,
  amsPriorReason: orders.amsPriorReason,
};

/** What a parcel carries while it is in a manifest. */
export interface ManifestFields {
  amsSid: string;
  cartonLabel: string;
  masterAirWaybill: string;
  automatedManifestSystemId: string;
  details: AmsDetails;
  /** The status and reason the parcel had before loading: taking it out returns it there. */
  prior: { status: number; reason: string | null };
}

/** The condition "in this manifest", for the funnel's set-based change of a manifest's parcels (submission). */
export const inManifest = (amsSid: string): SQL => eq(orders.amsSid, amsSid);

/** The order with this barcode as it is now, without a lock (a re-scan's quick answer). */
export async function findOrderForManifest(
  db: Executor,
  barcode: string,
): Promise<ManifestOrderRow | undefined> {
  const [row] = await db.select(manifestColumns).from(orders).where(eq(orders.barcode, barcode));
  return row;
}

/** The order with this barcode, locked until the transaction ends (two stations scanning it queue up). */
export async function lockOrderForManifest(
  tx: Executor,
  barcode: string,
): Promise<ManifestOrderRow | undefined> {
  const [row] = await tx
    .select(manifestColumns)
    .from(orders)
    .where(eq(orders.barcode, barcode))
    .for('update');
  return row;
}

/** The order as it is now, without a lock (to learn its manifest before locking that first). */
export async function findManifestOrderBySid(
  db: Executor,
  sid: string,
): Promise<ManifestOrderRow | undefined> {
  const [row] = await db.select(manifestColumns).from(orders).where(eq(orders.sid, sid));
  return row;
}

/** The order, locked until the transaction ends (its manifest's lock taken first). */
export async function lockManifestOrderBySid(
  tx: Executor,
  sid: string,
): Promise<ManifestOrderRow | undefined> {
  const [row] = await tx.select(manifestColumns).from(orders).where(eq(orders.sid, sid)).for('update');
  return row;
}

/** The manifest's orders (all, or those of a MAWB or a carton label), locked in sid order. */
export function lockManifestOrders(
  tx: Executor,
  amsSid: string,
  only: { masterAirWaybill?: string; cartonLabel?: string } = {},
): Promise<ManifestOrderRow[]> {
  return tx
    .select(manifestColumns)
    .from(orders)
    .where(
      and(
        eq(orders.amsSid, amsSid),
        only.masterAirWaybill ? eq(orders.amsMasterAirWaybill, only.masterAirWaybill) : undefined,
        only.cartonLabel ? eq(orders.amsCartonLabel, only.cartonLabel) : undefined,
      ),
    )
    .orderBy(asc(orders.sid))
    .for('update');
}

/** The orders' columns a parcel in a manifest carries: what putInManifest writes, and a load's status change with it. */
export function manifestFieldColumns(fields: ManifestFields) {
  return {
    amsSid: fields.amsSid,
    amsCartonLabel: fields.cartonLabel,
    amsMasterAirWaybill: fields.masterAirWaybill,
    amsAutomatedManifestSystemId: fields.automatedManifestSystemId,
    amsDetails: fields.details,
    amsPriorStatus: fields.prior.status,
    amsPriorReason: fields.prior.reason,
  } satisfies Partial<typeof orders.$inferInsert>;
}

/** Puts a parcel in a manifest without a status change (one already in Processing). */
export async function putInManifest(tx: Executor, orderSid: string, fields: ManifestFields): Promise<void> {
  await tx
    .update(orders)
    .set({ ...manifestFieldColumns(fields), dateUpdated: new Date() })
    .where(eq(orders.sid, orderSid));
}

/** Moves a parcel to another carton of its manifest (the caller holds both locks). */
export async function moveToCarton(tx: Executor, orderSid: string, cartonLabel: string): Promise<void> {
  await tx
    .update(orders)
    .set({ amsCartonLabel: cartonLabel, dateUpdated: new Date() })
    .where(eq(orders.sid, orderSid));
}

export async function takeOutOfManifest(tx: Executor, orderSids: readonly string[]): Promise<void> {
  if (orderSids.length === 0) return;
  await tx
    .update(orders)
    .set({
      amsSid: null,
      amsCartonLabel: null,
      amsMasterAirWaybill: null,
      amsAutomatedManifestSystemId: null,
      amsDetails: null,
      amsPriorStatus: null,
      amsPriorReason: null,
      dateUpdated: new Date(),
    })
    .where(inArray(orders.sid, [...orderSids]));
}

/** Renames a carton within a manifest; how many parcels carry the new label. */
export async function renameCarton(tx: Executor, amsSid: string, from: string, to: string): Promise<number> {
  const moved = await tx
    .update(orders)
    .set({ amsCartonLabel: to, dateUpdated: new Date() })
    .where(and(eq(orders.amsSid, amsSid), eq(orders.amsCartonLabel, from)))
    .returning({ sid: orders.sid });
  return moved.length;
}

/** Parcels and grams per carton label of a manifest, by label. */
export async function cartonFigures(
  db: Executor,
  amsSid: string,
): Promise<{ cartonLabel: string; count: number; weight: number }[]> {
  const rows = await db
    .select({
      cartonLabel: sql<string>`coalesce(${orders.amsCartonLabel}, '')`,
      count: sql<number>`count(*)::int`,
      weight: sql<number>`coalesce(sum(${orders.weight}), 0)::bigint`,
    })
    .from(orders)
    .where(eq(orders.amsSid, amsSid))
    .groupBy(orders.amsCartonLabel)
    .orderBy(asc(orders.amsCartonLabel));
  return rows.map((row) => ({
    cartonLabel: row.cartonLabel,
    count: Number(row.count),
    weight: Number(row.weight),
  }));
}

/** Pieces and grams of each manifest given. */
export async function manifestTotals(
  db: Executor,
  amsSids: readonly string[],
): Promise<Map<string, { pieces: number; weight: number }>> {
  if (amsSids.length === 0) return new Map();
  const rows = await db
    .select({
      amsSid: orders.amsSid,
      pieces: sql<number>`count(*)::int`,
      weight: sql<number>`coalesce(sum(${orders.weight}), 0)::bigint`,
    })
    .from(orders)
    .where(inArray(orders.amsSid, [...amsSids]))
    .groupBy(orders.amsSid);
  return new Map(
    rows.map((row) => [row.amsSid as string, { pieces: Number(row.pieces), weight: Number(row.weight) }]),
  );
}

/** The next automated-manifest-system number of a manifest: its MAWB serial and the parcel's piece number. */
export function automatedManifestSystemId(masterAirWaybill: string, piece: number): string {
  return `${masterAirWaybill.replace('-', '')}${String(piece).padStart(5, '0')}`;
}

/** A manifest's parcel as its filing needs it: the reconciliation's fields and the house bill's. */
export interface FilingParcel extends ManifestParcel {
  orderNumber: string;
  status: number;
  accountSid: string;
  address2: string | null;
  state: string;
  postalCode: string;
  country: string;
  amsId: string | null;
  hawb: string | null;
  items: (ManifestParcel['items'][number] & { quantity: number })[];
}

/** Every parcel of a manifest with its items, by carton label and barcode. */
export async function manifestParcels(db: Executor, amsSid: string): Promise<FilingParcel[]> {
  const rows = await db
    .select({
      sid: orders.sid,
      barcode: orders.barcode,
      orderNumber: orders.orderNumber,
      status: orders.status,
      accountSid: orders.accountSid,
      cartonLabel: orders.amsCartonLabel,
      amsId: orders.amsAutomatedManifestSystemId,
      details: orders.amsDetails,
      name: orders.name,
      address1: orders.address1,
      address2: orders.address2,
      city: orders.city,
      state: orders.state,
      postalCode: orders.postalCode,
      country: orders.country,
      phone: orders.phone,
      weight: orders.weight,
    })
    .from(orders)
    .where(eq(orders.amsSid, amsSid))
    .orderBy(asc(orders.amsCartonLabel), asc(orders.barcode));
  const items = await db
    .select({
      sid: orderItems.sid,
      orderSid: orderItems.orderSid,
      skuNumber: orderItems.skuNumber,
      quantity: orderItems.quantity,
      itemDescription: orderItems.itemDescription,
      hsCode: orderItems.hsCode,
      declaredValue: orderItems.declaredValue,
      originCountry: orderItems.originCountry,
    })
    .from(orderItems)
    .innerJoin(orders, eq(orders.sid, orderItems.orderSid))
    .where(eq(orders.amsSid, amsSid))
    .orderBy(asc(orderItems.orderSid), asc(orderItems.position));
  const byOrder = new Map<string, FilingParcel['items']>();
  for (const { orderSid, declaredValue, ...item } of items) {
    const list = byOrder.get(orderSid) ?? [];
    list.push({ ...item, declaredValue: declaredValue === null ? null : Number(declaredValue) });
    byOrder.set(orderSid, list);
  }
  return rows.map(({ details, cartonLabel, ...row }) => ({
    ...row,
    cartonLabel: cartonLabel ?? '',
    hawb: details?.hawb ?? null,
    items: byOrder.get(row.sid) ?? [],
  }));
}

/** A parcel the hub received that no manifest holds yet, with when it was received. */
export interface WaitingParcelRow {
  sid: string;
  barcode: string;
  orderNumber: string;
  accountSid: string;
  accountName: string;
  status: number;
  weight: number;
  receivedAt: Date;
}

/**
 * The hub's receipt of each order: its hub scan event ("Received at SGN hub", location hub.city.SGN), the
 * latest if there were several. Read per order through tracking_events_order_time_idx.
 */
const receipt = (hub: string) => sql`lateral (
  select ${trackingEvents.eventTime} as received_at from ${trackingEvents}
  where ${trackingEvents.orderSid} = ${orders.sid}
    and ${trackingEvents.description} like 'Received at % hub'
    and ${trackingEvents.locationKey} = ${`hub.city.${hub}`}
  order by ${trackingEvents.eventTime} desc
  limit 1
) as receipt`;

/**
 * Parcels waiting for a flight at a hub: Scanned, in no manifest, received there (its hub scan), newest scan
 * first, one page and the total. It starts from the Scanned orders (orders_status_date_idx), the parcels on
 * the hub's floor, which stay few whatever the history, and reads each one's receipt by its own index.
 */
export async function waitingParcels(
  db: Executor,
  hub: string,
  page: number,
  pageSize: number,
): Promise<{ rows: WaitingParcelRow[]; total: number }> {
  const rows = await selectRows<Record<string, unknown>>(
    db,
    sql`
    select ${orders.sid} as sid, ${orders.barcode} as barcode, ${orders.orderNumber} as order_number,
      ${orders.accountSid} as account_sid, ${accounts.name} as account_name, ${orders.status} as status,
      ${orders.weight} as weight, receipt.received_at, count(*) over () as total
    from ${orders}
    join ${accounts} on ${accounts.sid} = ${orders.accountSid}
    join ${receipt(hub)} on true
    where ${orders.status} = ${OrderStatus.Scanned} and ${orders.amsSid} is null
    order by receipt.received_at desc, ${orders.sid} desc
    limit ${pageSize} offset ${page * pageSize}`,
  );
  return {
    total: rows.length > 0 ? Number(rows[0]?.total) : page > 0 ? await countWaiting(db, hub) : 0,
    rows: rows.map((row) => ({
      sid: String(row.sid),
      barcode: String(row.barcode),
      orderNumber: String(row.order_number),
      accountSid: String(row.account_sid),
      accountName: String(row.account_name),
      status: Number(row.status),
      weight: Number(row.weight),
      receivedAt: new Date(row.received_at as string | Date),
    })),
  };
}

/** How many parcels wait for a flight at a hub (waitingParcels' total). */
export async function countWaiting(db: Executor, hub: string): Promise<number> {
  const row = await selectRow<{ total: number | string }>(
    db,
    sql`
    select count(*)::int as total
    from ${orders}
    where ${orders.status} = ${OrderStatus.Scanned} and ${orders.amsSid} is null
      and exists (
        select 1 from ${trackingEvents}
        where ${trackingEvents.orderSid} = ${orders.sid}
          and ${trackingEvents.description} like 'Received at % hub'
          and ${trackingEvents.locationKey} = ${`hub.city.${hub}`}
      )`,
  );
  return Number(row?.total ?? 0);
}
