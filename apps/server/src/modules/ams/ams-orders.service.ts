/**
 * Parcels in and out of an air manifest (product decisions, Air manifests). Scanning a parcel in gives it its
 * carton, the AMS's HAWB data and an automated-manifest-system id, and moves it to Processing through the
 * status funnel (its webhook event included); taking it out clears all that and puts it back to Scanned with an
 * event. Locks go manifest first, then orders, so two stations loading the same parcel into two manifests queue
 * up and exactly one wins.
 */
import {
  type AmsOrderInputSchema,
  type AmsOrderReply,
  embeddedBarcode,
  HUBS,
  type Hub,
  hubText,
  normalizeBarcode,
  type Order,
  OrderStatus,
  orderStatusText,
  text,
} from '@parcelops/shared';
import type { z } from 'zod';
import type { Database, Transaction } from '../../db/database.ts';
import type { Actor } from '../../lib/account-scope.ts';
import { AppError } from '../../lib/app-error.ts';
import {
  automatedManifestSystemId,
  findOrderForManifest,
  lockManifestOrderBySid,
  lockManifestOrders,
  lockOrderForManifest,
  type ManifestOrderRow,
  putInManifest,
  renameCarton,
  takeOutOfManifest,
} from '../orders/order-manifest.ts';
import type { OrdersService } from '../orders/orders.service.ts';
import {
  changedBy,
  type EventPlace,
  recordStatusChanges,
  type StatusChangeListener,
} from '../orders/status-change.ts';
import { type AmsRow, amsRepository } from './ams.repository.ts';
import { amsNotFound, assertChangeable } from './ams.service.ts';

type AmsOrderInput = z.output<typeof AmsOrderInputSchema>;

/** The city of the AMS's hub, as its events name it (a catalogue text for a known hub). */
const cityOf = (row: AmsRow): EventPlace =>
  HUBS.includes(row.location as Hub) ? hubText(row.location as Hub) : row.location;

export class AmsOrdersService {
  constructor(
    private readonly db: Database,
    private readonly orders: Pick<OrdersService, 'get' | 'update'>,
    private readonly notify: StatusChangeListener,
  ) {}

  /** The parcel a scanned text names: exactly, else by the one barcode of ours inside it. */
  private async lockScanned(tx: Transaction, scanned: string): Promise<ManifestOrderRow> {
    const code = normalizeBarcode(scanned);
    const exact = code ? await lockOrderForManifest(tx, code) : undefined;
    const inside = !exact && code ? embeddedBarcode(code) : null;
    const order = exact ?? (inside ? await lockOrderForManifest(tx, inside) : undefined);
    if (!order) throw AppError.notFound(text('ams.orderNotFound', { barcode: code || scanned.trim() }));
    return order;
  }

  /**
   * A parcel already in this AMS, read without locks: a re-scan changes nothing, so it need not queue behind the
   * loads that hold the AMS row (the bench measured 373 re-scans/s with the lock).
   */
  private async alreadyIn(
    input: AmsOrderInput,
  ): Promise<{ sid: string; amsId: string; alreadyIn: true } | null> {
    const code = normalizeBarcode(input.barcode);
    if (!code) return null;
    const inside = embeddedBarcode(code);
    const order =
      (await findOrderForManifest(this.db, code)) ??
      (inside ? await findOrderForManifest(this.db, inside) : undefined);
    if (order?.amsSid !== input.ams_sid) return null;
    // A scan naming another MAWB is refused whatever the parcel: the locked path says why.
    const manifest = await amsRepository.find(this.db, input.ams_sid);
    if (manifest?.masterAirWaybill !== input.masterAirWaybill) return null;
    return { sid: order.sid, amsId: order.amsAutomatedManifestSystemId ?? '', alreadyIn: true };
  }

  /** POST /ams/order: loads a parcel into a carton of an open AMS; the same AMS again changes nothing. */
  async scanIn(actor: Actor, input: AmsOrderInput): Promise<AmsOrderReply> {
    const known = await this.alreadyIn(input);
    const outcome =
      known ??
      (await this.db.transaction(async (tx) => {
        const manifest = await amsRepository.lock(tx, input.ams_sid);
        if (!manifest) throw amsNotFound();
        assertChangeable(manifest);
        if (manifest.status !== 'initiated')
          throw AppError.conflict(text('ams.closed', { name: manifest.name }));
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
          return { sid: order.sid, amsId: order.amsAutomatedManifestSystemId ?? '', alreadyIn: true };
        if (order.amsSid) {
          const other = await amsRepository.find(tx, order.amsSid);
          throw AppError.conflict(
            other
              ? text('ams.inOtherAms', {
                  barcode: order.barcode,
                  name: other.name,
                  mawb: other.masterAirWaybill,
                })
              : text('ams.inUnknownAms', { barcode: order.barcode, name: order.amsSid }),
          );
        }
        if (order.status === OrderStatus.Delivered || order.status === OrderStatus.OrderFailed)
          throw AppError.conflict(
            text('ams.notLoadable', { barcode: order.barcode, status: orderStatusText(order.status) }),
          );
        const amsId = automatedManifestSystemId(
          manifest.masterAirWaybill,
          await amsRepository.nextPiece(tx, manifest.sid),
        );
        await putInManifest(tx, order.sid, {
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
        });
        if (order.status !== OrderStatus.Processing)
          await recordStatusChanges(
            tx,
            [
              {
                orderSid: order.sid,
                from: order.status,
                description: text('ams.event.loaded', { mawb: manifest.masterAirWaybill }),
                location: cityOf(manifest),
              },
            ],
            OrderStatus.Processing,
            { by: changedBy(actor), notify: this.notify, path: 'manifest' },
          );
        return { sid: order.sid, amsId, alreadyIn: false };
      }));
    const order: Order = await this.orders.get(actor, outcome.sid);
    return { order, ams_automatedManifestSystemId: outcome.amsId, already_in: outcome.alreadyIn };
  }

  /** Clears the parcels' manifest fields and puts those in Processing back to Scanned, each with an event. */
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
    if (processing.length > 0)
      await recordStatusChanges(
        tx,
        processing.map((parcel) => ({
          orderSid: parcel.sid,
          from: parcel.status,
          description: text('ams.event.removed', { mawb: manifest.masterAirWaybill }),
          location: cityOf(manifest),
        })),
        OrderStatus.Scanned,
        { by: changedBy(actor), notify: this.notify, path: 'manifest-removal' },
      );
    return parcels.length;
  }

  /** Every parcel of a manifest that is being deleted (the caller holds its lock). */
  async takeAllOut(actor: Actor, tx: Transaction, manifest: AmsRow): Promise<number> {
    return this.takeOut(actor, tx, manifest, await lockManifestOrders(tx, manifest.sid));
  }

  /** DELETE /ams/order/{order sid}. */
  async removeOne(actor: Actor, orderSid: string): Promise<{ removed: number }> {
    return this.db.transaction(async (tx) => {
      const found = await lockManifestOrderBySid(tx, orderSid);
      if (!found) throw AppError.notFound(text('orders.notFound'));
      if (!found.amsSid) throw AppError.conflict(text('ams.notInAms', { barcode: found.barcode }));
      // Manifest first, then the order: read the order again once the manifest is held.
      const manifest = await amsRepository.lock(tx, found.amsSid);
      if (!manifest) throw amsNotFound();
      assertChangeable(manifest);
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
