/**
 * The AMS batch upload's loading, set-based: a chunk of rows in one transaction that locks the manifest once,
 * looks the chunk's barcodes up and locks their orders in one statement (sid order), decides every row in file
 * order by the rules of a single scan (ams-orders.service.ts scanIn: the same verdicts and words), then writes
 * the added parcels' manifest fields in one statement, the carton moves and their history in one each, and
 * the status changes through the funnel in one call (events and webhooks as a single load makes them).
 * Rows of the same parcel see what the rows above them did, as they would scanned one by one.
 */
import {
  checkTransition,
  embeddedBarcode,
  HUBS,
  type Hub,
  hubText,
  normalizeBarcode,
  OrderStatus,
  text,
} from '@parcelops/shared';
import type { Transaction } from '../../db/database.ts';
import type { Actor } from '../../lib/account-scope.ts';
import { AppError } from '../../lib/app-error.ts';
import { type OrderHistoryEntry, recordOrderHistory } from '../orders/order-history.ts';
import { automatedManifestSystemId, type ManifestOrderRow } from '../orders/order-manifest.ts';
import {
  lockOrdersByBarcodes,
  type ManifestPlacement,
  manifestColumnsWithStatus,
  moveManyToCartons,
  putManyInManifest,
} from '../orders/order-manifest-set.ts';
import {
  changedBy,
  type EventPlace,
  recordStatusChangesWith,
  type StatusChange,
  type StatusChangeListener,
  transitionRefused,
} from '../orders/status-change.ts';
import { type AmsRow, amsRepository } from './ams.repository.ts';
import { amsNotFound, assertChangeable } from './ams-guards.ts';
import { assertLoadable, inOtherManifest, type OtherManifest } from './ams-load-verdict.ts';

/** A row to load: its barcode and carton label as the file gives them, both trimmed and not empty. */
export interface BatchLoadRow {
  barcode: string;
  carton: string;
}

/** A row's outcome as the result file says it, and the parcel's AMS id when it is in this AMS. */
export interface BatchLoadOutcome {
  result: string;
  amsId: string | null;
}

export interface BatchLoadContext {
  actor: Actor;
  /**
   * The manifest as the upload found it before loading: its MAWB is the one every row names, as the rows of
   * the per-row path did (an edit of the MAWB meanwhile fails the rows that follow, as it would there).
   */
  manifest: AmsRow;
  notify: StatusChangeListener;
}

/** The city of the AMS's hub, as its events name it (a catalogue text for a known hub), as in scanIn. */
const cityOf = (row: AmsRow): EventPlace =>
  HUBS.includes(row.location as Hub) ? hubText(row.location as Hub) : row.location;

const failed = (error: AppError): BatchLoadOutcome => ({ result: `Failed: ${error.message}`, amsId: null });

/** Why no row of the chunk may load a parcel (scanIn's checks on the locked manifest), or null. */
function manifestRefusal(locked: AmsRow | undefined, masterAirWaybill: string): AppError | null {
  if (!locked) return amsNotFound();
  try {
    assertChangeable(locked);
  } catch (error) {
    if (error instanceof AppError) return error;
    throw error;
  }
  if (locked.status !== 'initiated') return AppError.conflict(text('ams.closed', { name: locked.name }));
  if (masterAirWaybill !== locked.masterAirWaybill)
    return AppError.badRequest(
      text('ams.mawbMismatch', {
        mawb: masterAirWaybill,
        name: locked.name,
        amsMawb: locked.masterAirWaybill,
      }),
    );
  return null;
}

/**
 * A parcel the chunk adds: what it was, the carton its last row put it in, and the outcomes of its rows (the
 * one that added it and those after it), which name the AMS id it gets once the chunk's pieces are handed out.
 */
interface Added {
  order: ManifestOrderRow;
  cartonLabel: string;
  outcomes: BatchLoadOutcome[];
}

/**
 * Loads one chunk of rows in the caller's transaction and answers each row's outcome, in the rows' order.
 * Throws only what is not a row's verdict (the database failing).
 */
export async function loadBatchChunk(
  tx: Transaction,
  context: BatchLoadContext,
  rows: readonly BatchLoadRow[],
): Promise<BatchLoadOutcome[]> {
  const { manifest, actor } = context;
  const locked = await amsRepository.lock(tx, manifest.sid);
  const refusal = manifestRefusal(locked, manifest.masterAirWaybill);
  const codes = rows.map((row) => {
    const code = normalizeBarcode(row.barcode);
    return { code, inside: code ? embeddedBarcode(code) : null };
  });
  const lookups = codes.flatMap(({ code, inside }) => (inside ? [code, inside] : code ? [code] : []));
  // Nothing is loaded into a manifest that refuses every row, but a parcel already in its carton still says so
  // (scanIn answers that re-scan before it locks anything).
  const found = await lockOrdersByBarcodes(tx, lookups);
  // Each parcel's state as the rows above have left it: rows of one parcel see each other's work.
  const byBarcode = new Map(found.map((order) => [order.barcode, { ...order }]));
  const others = new Map<string, OtherManifest | undefined>();
  const added = new Map<string, Added>();
  const moves: OrderHistoryEntry[] = [];
  /** The carton each parcel loaded before this chunk ends up in, when a row moved it. */
  const movedBefore = new Map<string, string>();
  const outcomes: BatchLoadOutcome[] = [];
  const answer = (order: ManifestOrderRow, result: string) => {
    const outcome: BatchLoadOutcome = { result, amsId: order.amsAutomatedManifestSystemId ?? '' };
    added.get(order.sid)?.outcomes.push(outcome);
    outcomes.push(outcome);
  };

  for (const [index, row] of rows.entries()) {
    const { code, inside } = codes[index] as { code: string; inside: string | null };
    const order = (code ? byBarcode.get(code) : undefined) ?? (inside ? byBarcode.get(inside) : undefined);
    if (
      order &&
      order.amsSid === manifest.sid &&
      order.amsCartonLabel === row.carton &&
      locked?.masterAirWaybill === manifest.masterAirWaybill
    ) {
      answer(order, 'Already in this AMS');
      continue;
    }
    if (refusal) {
      outcomes.push(failed(refusal));
      continue;
    }
    if (!order) {
      outcomes.push(failed(AppError.notFound(text('ams.orderNotFound', { barcode: code || row.barcode }))));
      continue;
    }
    if (order.amsSid === manifest.sid) {
      const from = order.amsCartonLabel ?? '';
      moves.push({
        order,
        action: 'edited',
        details: { fields: ['ams_carton_label'], from, to: row.carton, ams_sid: order.amsSid },
      });
      order.amsCartonLabel = row.carton;
      const placed = added.get(order.sid);
      if (placed) placed.cartonLabel = row.carton;
      else movedBefore.set(order.sid, row.carton);
      answer(order, `Already in this AMS; moved from carton ${from}`);
      continue;
    }
    if (order.amsSid) {
      if (!others.has(order.amsSid)) others.set(order.amsSid, await amsRepository.find(tx, order.amsSid));
      outcomes.push(failed(inOtherManifest(order, others.get(order.amsSid))));
      continue;
    }
    try {
      // A file gives no reason: a set-aside (Failed) parcel's row is refused with it, to load one by one.
      assertLoadable(order, actor, undefined);
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      outcomes.push(failed(error));
      continue;
    }
    if (order.status !== OrderStatus.Processing) {
      const check = checkTransition(order.status, OrderStatus.Processing, {
        path: 'manifest',
        adminReason: null,
      });
      if (!check.ok) {
        outcomes.push(failed(transitionRefused(check)));
        continue;
      }
    }
    const outcome: BatchLoadOutcome = { result: 'Added', amsId: null };
    outcomes.push(outcome);
    added.set(order.sid, { order: { ...order }, cartonLabel: row.carton, outcomes: [outcome] });
    // What later rows of this parcel see: in this AMS, in this carton, its AMS id given below.
    order.amsSid = manifest.sid;
    order.amsCartonLabel = row.carton;
  }

  if (added.size > 0) await writeAdded(tx, context, locked as AmsRow, [...added.values()]);
  // Parcels added by this chunk carry their last carton already; only those loaded before move here.
  await moveManyToCartons(
    tx,
    [...movedBefore].map(([orderSid, cartonLabel]) => ({ orderSid, cartonLabel })),
  );
  if (moves.length > 0) await recordOrderHistory(tx, moves, changedBy(actor));
  return outcomes;
}

/**
 * The added parcels' piece numbers in row order, their manifest fields in one statement, and their move to
 * Processing through the funnel (a parcel already Processing gets no change, as in scanIn).
 */
async function writeAdded(
  tx: Transaction,
  context: BatchLoadContext,
  locked: AmsRow,
  added: Added[],
): Promise<void> {
  const pieces = await amsRepository.nextPieces(tx, locked.sid, added.length);
  const placements: ManifestPlacement[] = added.map((parcel, index) => {
    const amsId = automatedManifestSystemId(locked.masterAirWaybill, pieces[index] as number);
    for (const outcome of parcel.outcomes) outcome.amsId = amsId;
    return {
      orderSid: parcel.order.sid,
      cartonLabel: parcel.cartonLabel,
      automatedManifestSystemId: amsId,
      prior: { status: parcel.order.status, reason: parcel.order.reason },
    };
  });
  const manifest = context.manifest;
  const shared = {
    amsSid: locked.sid,
    masterAirWaybill: locked.masterAirWaybill,
    details: {
      airportCode: manifest.airportCode,
      hawb: manifest.hawb,
      carrier: manifest.carrier as 'DHL' | 'USPS',
      serviceType: manifest.serviceType,
    },
  };
  // A parcel already Processing gets no status change (as in scanIn): its fields alone are written.
  const moving = new Set(
    added
      .filter((parcel) => parcel.order.status !== OrderStatus.Processing)
      .map((parcel) => parcel.order.sid),
  );
  await putManyInManifest(
    tx,
    shared,
    placements.filter((placement) => !moving.has(placement.orderSid)),
  );
  const changes: StatusChange[] = added
    .filter((parcel) => moving.has(parcel.order.sid))
    .map((parcel) => ({
      orderSid: parcel.order.sid,
      from: parcel.order.status,
      description: text('ams.event.loaded', { mawb: locked.masterAirWaybill }),
      location: cityOf(locked),
    }));
  // The others' manifest fields go in the funnel's UPDATE with their status: one statement, not two.
  if (changes.length > 0)
    await recordStatusChangesWith(
      tx,
      changes,
      OrderStatus.Processing,
      { by: changedBy(context.actor), notify: context.notify, path: 'manifest', adminReason: null },
      manifestColumnsWithStatus(
        shared,
        placements.filter((placement) => moving.has(placement.orderSid)),
      ),
    );
}
