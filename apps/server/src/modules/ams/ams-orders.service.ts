/**
 * Parcels in and out of an air manifest (product decisions, Air manifests). Scanning a parcel in gives it its
 * carton, the AMS's HAWB data and an automated-manifest-system id, and moves it to Processing through the
 * status funnel (its webhook event included); what the hub set aside stays off unless an admin gives a reason
 * (ams-load-verdict.ts). Scanning it again with another carton label moves it to that carton, recorded in its
 * history. Taking it out clears all that and returns it, with an event, to the status it had when loaded: Failed
 * with its reason for a set-aside parcel an admin loaded, else Scanned. Loads and single removals hold the
 * manifest row for share (they change parcels, not the manifest), so stations load one manifest side by side;
 * what changes the manifest itself holds it exclusively (amsRepository.lock). Locks go manifest first, then
 * orders, so two stations loading the same parcel into two manifests queue on the order and exactly one wins.
 */
import {
  type AmsOrderInputSchema,
  type AmsOrderReply,
  HUBS,
  type Hub,
  hubText,
  type Order,
  OrderStatus,
  text,
} from '@parcelops/shared';
import type { z } from 'zod';
import type { Database, Executor, Transaction } from '../../db/database.ts';
import { type Actor, ownsAccount } from '../../lib/account-scope.ts';
import { AppError } from '../../lib/app-error.ts';
import { recordOrderHistory } from '../orders/order-history.ts';
import { itemsOfOrders } from '../orders/order-lookups.service.ts';
import {
  automatedManifestSystemId,
  findManifestOrderBySid,
  findOrderForManifest,
  lockManifestOrderBySid,
  lockManifestOrders,
  lockOrderForManifest,
  type ManifestFields,
  type ManifestOrderRow,
  manifestFieldColumns,
  moveToCarton,
  putInManifest,
  renameCarton,
  takeOutOfManifest,
} from '../orders/order-manifest.ts';
import { toOrder } from '../orders/order-views.ts';
import { findOrder, type OrdersService } from '../orders/orders.service.ts';
import { lookUpScanned } from '../orders/scanned-barcode.ts';
import {
  type ChangedBy,
  changedBy,
  type EventPlace,
  type OrderAfterChange,
  recordStatusChanges,
  recordStatusChangesWith,
  type StatusChangeListener,
} from '../orders/status-change.ts';
import { type AmsRow, amsRepository } from './ams.repository.ts';
import { amsNotFound, assertChangeable } from './ams-guards.ts';
import { assertLoadable, inOtherManifest } from './ams-load-verdict.ts';

type AmsOrderInput = z.output<typeof AmsOrderInputSchema>;

/**
 * What a scan did: the parcel, its AMS id, whether it was in this AMS already, and the carton it left; a first
 * load also has the order as the funnel's UPDATE left it (RETURNING), so its reply needs no second read of it.
 */
interface ScanOutcome {
  sid: string;
  amsId: string;
  alreadyIn: boolean;
  movedFrom: string | null;
  loaded?: OrderAfterChange;
}

/** The city of the AMS's hub, as its events name it (a catalogue text for a known hub). */
const cityOf = (row: AmsRow): EventPlace =>
  HUBS.includes(row.location as Hub) ? hubText(row.location as Hub) : row.location;

export class AmsOrdersService {
  constructor(
    private readonly db: Database,
    private readonly orders: Pick<OrdersService, 'update'>,
    private readonly notify: StatusChangeListener,
  ) {}

  /** The parcel a scanned text names: exactly, else by the one barcode of ours inside it. */
  private async lockScanned(tx: Transaction, scanned: string): Promise<ManifestOrderRow> {
    const { code, row } = await lookUpScanned(scanned, (barcode) => lockOrderForManifest(tx, barcode));
    if (!row) throw AppError.notFound(text('ams.orderNotFound', { barcode: code || scanned.trim() }));
    return row;
  }

  /**
   * A parcel already in this AMS and carton, read without locks: such a re-scan changes nothing, so it need not
   * queue behind the loads that hold the AMS row (the bench measured 373 re-scans/s with the lock). Another
   * carton label takes the locked path, which moves it.
   */
  private async alreadyIn(db: Executor, input: AmsOrderInput): Promise<ScanOutcome | null> {
    const { row: order } = await lookUpScanned(input.barcode, (barcode) => findOrderForManifest(db, barcode));
    if (order?.amsSid !== input.ams_sid || order.amsCartonLabel !== input.ams_carton_label) return null;
    // A scan naming another MAWB is refused whatever the parcel: the locked path says why.
    const manifest = await amsRepository.find(db, input.ams_sid);
    if (manifest?.masterAirWaybill !== input.masterAirWaybill) return null;
    return {
      sid: order.sid,
      amsId: order.amsAutomatedManifestSystemId ?? '',
      alreadyIn: true,
      movedFrom: null,
    };
  }

  /** A parcel of this AMS scanned with another carton label moves to that carton, recorded with who moved it. */
  private async moveCarton(
    tx: Transaction,
    by: ChangedBy,
    order: ManifestOrderRow,
    cartonLabel: string,
  ): Promise<ScanOutcome> {
    const amsId = order.amsAutomatedManifestSystemId ?? '';
    const from = order.amsCartonLabel ?? '';
    if (from === cartonLabel) return { sid: order.sid, amsId, alreadyIn: true, movedFrom: null };
    await moveToCarton(tx, order.sid, cartonLabel);
    await recordOrderHistory(
      tx,
      [
        {
          order,
          action: 'edited',
          details: { fields: ['ams_carton_label'], from, to: cartonLabel, ams_sid: order.amsSid },
        },
      ],
      by,
    );
    return { sid: order.sid, amsId, alreadyIn: true, movedFrom: from };
  }

  /**
   * POST /ams/order: loads a parcel into a carton of an open AMS; the same AMS and carton again changes
   * nothing, another carton of the same AMS moves it there.
   */
  async scanIn(actor: Actor, input: AmsOrderInput): Promise<AmsOrderReply> {
    return this.scanInAt(this.db, actor, input, (load) => this.db.transaction(load));
  }

  /**
   * A load of a station's list (ams-station.service.ts): the same scan in the caller's transaction, so the
   * load commits or rolls back with the scan's claim and verdict, its Processing event stamped `scannedAt`.
   */
  async scanInWithin(
    tx: Transaction,
    actor: Actor,
    input: AmsOrderInput,
    scannedAt: Date,
  ): Promise<AmsOrderReply> {
    return this.scanInAt(tx, actor, input, (load) => load(tx), scannedAt);
  }

  /** The scan in: `db` reads, `inTransaction` runs the locked load (a transaction of its own, or the caller's). */
  private async scanInAt(
    db: Executor,
    actor: Actor,
    input: AmsOrderInput,
    inTransaction: (load: (tx: Transaction) => Promise<ScanOutcome>) => Promise<ScanOutcome>,
    eventTime?: Date,
  ): Promise<AmsOrderReply> {
    const known = await this.alreadyIn(db, input);
    const outcome: ScanOutcome =
      known ?? (await inTransaction((tx) => this.load(tx, actor, input, eventTime)));
    return {
      order: await this.replyOrder(db, actor, outcome),
      ams_automatedManifestSystemId: outcome.amsId,
      already_in: outcome.alreadyIn,
      carton_moved_from: outcome.movedFrom,
    };
  }

  /**
   * The reply's order: a first load builds it from the row its UPDATE returned and the order's items (the same
   * columns reading an order reads, and the same owner check), every other scan reads it as GET /orders/{id}.
   */
  private async replyOrder(db: Executor, actor: Actor, outcome: ScanOutcome): Promise<Order> {
    const loaded = outcome.loaded;
    if (!loaded || !ownsAccount(actor, loaded.accountSid)) {
      const row = await findOrder(db, outcome.sid);
      if (!row || !ownsAccount(actor, row.accountSid)) throw AppError.notFound(text('orders.notFound'));
      return toOrder(row);
    }
    const items = (await itemsOfOrders(db, [loaded.sid])).get(loaded.sid) ?? [];
    return toOrder({ ...loaded, items });
  }

  /**
   * A load under the manifest's share lock: loads into one manifest run side by side (their pieces come from
   * its sequence, which never waits), while submission, deletion, edits and carton renames, which take its
   * exclusive lock, wait for them. The order's row lock, taken after the manifest's, is what makes two
   * stations loading one parcel queue: the second finds it in a manifest already.
   */
  private async load(
    tx: Transaction,
    actor: Actor,
    input: AmsOrderInput,
    eventTime?: Date,
  ): Promise<ScanOutcome> {
    const manifest = await amsRepository.lockShared(tx, input.ams_sid);
    if (!manifest) throw amsNotFound();
    assertChangeable(manifest);
    if (manifest.status !== 'initiated') throw AppError.conflict(text('ams.closed', { name: manifest.name }));
    if (input.masterAirWaybill !== manifest.masterAirWaybill)
      throw AppError.badRequest(
        text('ams.mawbMismatch', {
          mawb: input.masterAirWaybill,
          name: manifest.name,
          amsMawb: manifest.masterAirWaybill,
        }),
      );
    const order = await this.lockScanned(tx, input.barcode);
    if (order.amsSid === manifest.sid)
      return this.moveCarton(tx, changedBy(actor), order, input.ams_carton_label);
    if (order.amsSid) throw inOtherManifest(order, await amsRepository.find(tx, order.amsSid));
    const adminReason = assertLoadable(order, actor, input.reason);
    const amsId = automatedManifestSystemId(
      manifest.masterAirWaybill,
      await amsRepository.nextPiece(tx, manifest.sid),
    );
    const fields: ManifestFields = {
      amsSid: manifest.sid,
      cartonLabel: input.ams_carton_label,
      masterAirWaybill: manifest.masterAirWaybill,
      automatedManifestSystemId: amsId,
      details: {
        airportCode: input.airportCode,
        hawb: input.hawb,
        carrier: input.carrier,
        serviceType: input.serviceType,
      },
      prior: { status: order.status, reason: order.reason },
    };
    if (order.status === OrderStatus.Processing) {
      await putInManifest(tx, order.sid, fields);
      return { sid: order.sid, amsId, alreadyIn: false, movedFrom: null };
    }
    // The manifest fields go in the funnel's own UPDATE, with the status.
    const [loaded] = await recordStatusChangesWith(
      tx,
      [
        {
          orderSid: order.sid,
          from: order.status,
          description: adminReason
            ? text('ams.event.loadedSetAside', { mawb: manifest.masterAirWaybill, reason: adminReason })
            : text('ams.event.loaded', { mawb: manifest.masterAirWaybill }),
          location: cityOf(manifest),
        },
      ],
      OrderStatus.Processing,
      // The admin's reason is kept on the event (status-change.ts); the order's failure reason waits in
      // ams_prior_reason for the parcel to leave the manifest.
      { by: changedBy(actor), notify: this.notify, path: 'manifest', adminReason, eventTime },
      manifestFieldColumns(fields),
    );
    return { sid: order.sid, amsId, alreadyIn: false, movedFrom: null, loaded };
  }

  /**
   * Clears the parcels' manifest fields and returns those in Processing, each with an event, to the status they
   * were loaded from: a set-aside parcel (an admin loaded it) to Failed with its reason, every other to Scanned
   * (the hub has it, whether it was scanned before loading or not).
   */
  private async takeOut(
    actor: Actor,
    tx: Transaction,
    manifest: AmsRow,
    parcels: ManifestOrderRow[],
  ): Promise<number> {
    await takeOutOfManifest(
      tx,
      parcels.map((parcel) => parcel.sid),
    );
    const processing = parcels.filter((parcel) => parcel.status === OrderStatus.Processing);
    // One funnel call per status and reason it returns to: Scanned, and Failed with each reason.
    const returns = new Map<
      string,
      { status: OrderStatus; reason: string | null; parcels: ManifestOrderRow[] }
    >();
    for (const parcel of processing) {
      const failed = parcel.amsPriorStatus === OrderStatus.Failed;
      const status = failed ? OrderStatus.Failed : OrderStatus.Scanned;
      const reason = failed ? parcel.amsPriorReason : null;
      const key = `${status}|${reason ?? ''}`;
      const group = returns.get(key) ?? { status, reason, parcels: [] };
      group.parcels.push(parcel);
      returns.set(key, group);
    }
    for (const group of returns.values())
      await recordStatusChanges(
        tx,
        group.parcels.map((parcel) => ({
          orderSid: parcel.sid,
          from: parcel.status,
          description: text('ams.event.removed', { mawb: manifest.masterAirWaybill }),
          location: cityOf(manifest),
        })),
        group.status,
        { by: changedBy(actor), notify: this.notify, path: 'manifest-removal', reason: group.reason },
      );
    return parcels.length;
  }

  /** Every parcel of a manifest that is being deleted (the caller holds its lock). */
  async takeAllOut(actor: Actor, tx: Transaction, manifest: AmsRow): Promise<number> {
    return this.takeOut(actor, tx, manifest, await lockManifestOrders(tx, manifest.sid));
  }

  /**
   * DELETE /ams/order/{order sid}: one parcel out, under the manifest's share lock like a load (it changes the
   * parcel, not the manifest). Manifest first, then the order: the order is read without a lock to learn its
   * manifest, then locked and read again; one that left that manifest meanwhile is refused as not in it.
   */
  async removeOne(actor: Actor, orderSid: string): Promise<{ removed: number }> {
    return this.db.transaction(async (tx) => {
      const seen = await findManifestOrderBySid(tx, orderSid);
      if (!seen) throw AppError.notFound(text('orders.notFound'));
      if (!seen.amsSid) throw AppError.conflict(text('ams.notInAms', { barcode: seen.barcode }));
      const manifest = await amsRepository.lockShared(tx, seen.amsSid);
      if (!manifest) throw amsNotFound();
      assertChangeable(manifest);
      const found = await lockManifestOrderBySid(tx, orderSid);
      if (!found) throw AppError.notFound(text('orders.notFound'));
      if (found.amsSid !== manifest.sid)
        throw AppError.conflict(text('ams.notInAms', { barcode: found.barcode }));
      return { removed: await this.takeOut(actor, tx, manifest, [found]) };
    });
  }

  /** DELETE /ams/orders: the parcels of a MAWB, or of one carton label of an AMS; never with neither. */
  async removeMany(
    actor: Actor,
    filter: { ams_sid?: string; masterAirWaybill?: string; ams_carton_label?: string },
  ): Promise<{ removed: number }> {
    if (!filter.masterAirWaybill && !filter.ams_carton_label)
      throw AppError.badRequest(text('ams.removeWhich'));
    if (filter.ams_carton_label && !filter.ams_sid && !filter.masterAirWaybill)
      throw AppError.badRequest(text('ams.cartonNeedsAms'));
    const target = filter.ams_sid
      ? await amsRepository.find(this.db, filter.ams_sid)
      : await amsRepository.findByMawb(this.db, filter.masterAirWaybill as string);
    if (!target) throw amsNotFound();
    return this.db.transaction(async (tx) => {
      const manifest = await amsRepository.lock(tx, target.sid);
      if (!manifest) throw amsNotFound();
      assertChangeable(manifest);
      const parcels = await lockManifestOrders(tx, manifest.sid, {
        masterAirWaybill: filter.masterAirWaybill,
        cartonLabel: filter.ams_carton_label,
      });
      return { removed: await this.takeOut(actor, tx, manifest, parcels) };
    });
  }

  /** PUT /ams/{id}/update-carton-label. */
  async renameCartonLabel(amsSid: string, from: string, to: string): Promise<{ updated: number }> {
    return this.db.transaction(async (tx) => {
      const manifest = await amsRepository.lock(tx, amsSid);
      if (!manifest) throw amsNotFound();
      assertChangeable(manifest);
      const updated = await renameCarton(tx, amsSid, from, to);
      if (updated === 0)
        throw AppError.notFound(text('ams.noSuchCarton', { name: manifest.name, label: from }));
      return { updated };
    });
  }

  /** PUT /ams/order/{order sid}: the hub's re-weigh, re-priced and settled like the admin's. */
  async reweigh(actor: Actor, orderSid: string, weight: number): Promise<Order> {
    if (weight === 0) throw AppError.badRequest(text('ams.zeroWeight'));
    return this.orders.update(actor, orderSid, { weight });
  }
}
