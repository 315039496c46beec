/**
 * Air manifests (spec §3 AMS, §7; product decisions, Air manifests): list, create, change and delete them,
 * and their carton statistics. Loading parcels in and out lives in ams-orders.service.ts. A new AMS is always
 * `initiated`; a MAWB is used once a year; a submitted AMS can no longer change or go.
 */
import {
  AMS_DEPARTING_SOON_HOURS,
  type Ams,
  type AmsStatistic,
  type AmsWaitingList,
  type CreateAms,
  carrierTrackingUrl,
  clampToStorable,
  englishOf,
  type ListAmsQuery,
  MAWB_REUSE_MONTHS,
  storedText,
  type Text,
  text,
  type UpdateAmsInputSchema,
} from '@parcelops/shared';
import type { z } from 'zod';
import type { Database, Transaction } from '../../db/database.ts';
import { AppError, fieldError } from '../../lib/app-error.ts';
import { newSid } from '../../lib/ids.ts';
import { cartonFigures, manifestTotals, waitingParcels } from '../orders/order-manifest.ts';
import { type AmsListFilter, type AmsRow, amsRepository, type NewAmsRow } from './ams.repository.ts';
import { amsNotFound, assertChangeable } from './ams-guards.ts';
import type { AmsOrdersService } from './ams-orders.service.ts';

type UpdateAms = z.output<typeof UpdateAmsInputSchema>;

/** The columns of a filing's reason: its English, and its key and params for the web; all null to clear it. */
export function submitReasonColumns(reason: Text | string | null) {
  if (reason === null) return { submitReason: null, submitReasonKey: null, submitReasonParams: null };
  if (typeof reason === 'string')
    return { submitReason: reason, submitReasonKey: null, submitReasonParams: null };
  return {
    submitReason: englishOf(reason),
    submitReasonKey: reason.key,
    submitReasonParams: reason.params ?? null,
  };
}

export function toAms(row: AmsRow, totals = { pieces: 0, weight: 0 }, now = Date.now()): Ams {
  const untilDeparture = row.departureDate.getTime() - now;
  return {
    sid: row.sid,
    name: row.name,
    departureDate: row.departureDate.toISOString(),
    masterAirWaybill: row.masterAirWaybill,
    airportCode: row.airportCode,
    hawb: row.hawb,
    carrier: row.carrier,
    serviceType: row.serviceType,
    status: row.status,
    location: row.location,
    submit_status: row.submitStatus,
    submit_reason: row.submitReason,
    submit_reason_text: storedText(row.submitReasonKey, row.submitReasonParams),
    is_updating: row.isUpdating,
    date_created: row.dateCreated.toISOString(),
    departing_soon: row.submitStatus !== 'submitted' && untilDeparture <= AMS_DEPARTING_SOON_HOURS * 3600_000,
    pieces: totals.pieces,
    total_weight: totals.weight,
    tracking_url: carrierTrackingUrl(row.carrier, row.masterAirWaybill.replace('-', '')),
    has_manifest_file: row.manifestFileName !== null,
  };
}

/** The next day, kept inside what PostgreSQL stores (a departure date of 9999-12-31 has no day after it). */
const dayAfter = (date: Date) => clampToStorable(new Date(date.getTime() + 86_400_000));

/** The hubs' clock: Asia/Ho_Chi_Minh is UTC+7 all year (no daylight saving). */
const HUB_UTC_OFFSET_MS = 7 * 3600_000;

/** When today began at the hubs (Asia/Ho_Chi_Minh midnight), as an instant. */
export function startOfHubDay(now = Date.now()): Date {
  const local = new Date(now + HUB_UTC_OFFSET_MS);
  return new Date(
    Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), local.getUTCDate()) - HUB_UTC_OFFSET_MS,
  );
}

export class AmsService {
  constructor(
    private readonly db: Database,
    private readonly amsOrders: Pick<AmsOrdersService, 'takeAllOut'>,
  ) {}

  /**
   * GET /ams: newest first; `upcoming` lists the manifests departing from today on (the hubs' day), soonest
   * first, initiated ones unless the status says otherwise (Create AMS's default pick list).
   */
  async list(query: ListAmsQuery): Promise<{ data: Ams[]; total: number }> {
    const today = query.upcoming ? startOfHubDay() : undefined;
    const filter: AmsListFilter = {
      name: query.name,
      from: query.from_date,
      toBefore: query.to_date,
      status: query.status ?? (query.upcoming ? 'initiated' : undefined),
      departureFrom:
        today && query.departureDate
          ? new Date(Math.max(today.getTime(), query.departureDate.getTime()))
          : (today ?? query.departureDate),
      departureBefore: query.departureDate ? dayAfter(query.departureDate) : undefined,
      soonestFirst: query.upcoming,
    };
    const [rows, total] = await Promise.all([
      amsRepository.list(this.db, filter, query.page, query.page_size),
      amsRepository.count(this.db, filter),
    ]);
    const totals = await manifestTotals(
      this.db,
      rows.map((row) => row.sid),
    );
    return { data: rows.map((row) => toAms(row, totals.get(row.sid))), total };
  }

  async get(sid: string): Promise<Ams> {
    const row = await amsRepository.find(this.db, sid);
    if (!row) throw amsNotFound();
    return toAms(row, (await manifestTotals(this.db, [sid])).get(sid));
  }

  /** A MAWB names one shipment: another AMS created in the last 12 months with it is refused (400 on the field). */
  private async assertMawbFree(tx: Transaction, masterAirWaybill: string, exceptSid?: string): Promise<void> {
    await amsRepository.lockMawb(tx, masterAirWaybill);
    const since = new Date();
    since.setMonth(since.getMonth() - MAWB_REUSE_MONTHS);
    const used = await amsRepository.mawbUsedSince(tx, masterAirWaybill, since, exceptSid);
    if (used)
      throw fieldError(
        'masterAirWaybill',
        text('ams.mawbTaken', {
          mawb: masterAirWaybill,
          name: used.name,
          created: used.dateCreated.toISOString().slice(0, 10),
        }),
      );
  }

  async create(input: CreateAms): Promise<Ams> {
    const sid = newSid();
    await this.db.transaction(async (tx) => {
      await this.assertMawbFree(tx, input.masterAirWaybill);
      await amsRepository.insert(tx, {
        sid,
        name: input.name,
        departureDate: new Date(input.departureDate),
        masterAirWaybill: input.masterAirWaybill,
        airportCode: input.airportCode,
        hawb: input.hawb,
        carrier: input.carrier,
        serviceType: input.serviceType,
        location: input.location,
      });
    });
    return this.get(sid);
  }

  async update(sid: string, input: UpdateAms): Promise<Ams> {
    const fields = Object.entries(input).filter(([, value]) => value !== undefined);
    if (fields.length === 0) throw AppError.badRequest(text('ams.nothingToChange'));
    await this.db.transaction(async (tx) => {
      const row = await amsRepository.lock(tx, sid);
      if (!row) throw amsNotFound();
      const changes: Partial<NewAmsRow> = {};
      if (input.submit_status === 'initiated') {
        if (row.submitStatus !== 'failed') throw AppError.conflict(text('ams.onlyFailedResets'));
        changes.submitStatus = 'initiated';
        Object.assign(changes, submitReasonColumns(null));
      }
      const edits = fields.some(([key]) => key !== 'submit_status');
      if (edits) assertChangeable(row);
      if (input.masterAirWaybill && input.masterAirWaybill !== row.masterAirWaybill)
        await this.assertMawbFree(tx, input.masterAirWaybill, sid);
      if (input.name !== undefined) changes.name = input.name;
      if (input.departureDate !== undefined) changes.departureDate = new Date(input.departureDate);
      if (input.masterAirWaybill !== undefined) changes.masterAirWaybill = input.masterAirWaybill;
      if (input.airportCode !== undefined) changes.airportCode = input.airportCode;
      if (input.hawb !== undefined) changes.hawb = input.hawb;
      if (input.carrier !== undefined) changes.carrier = input.carrier;
      if (input.serviceType !== undefined) changes.serviceType = input.serviceType;
      if (input.location !== undefined) changes.location = input.location;
      if (input.status !== undefined) changes.status = input.status;
      await amsRepository.update(tx, sid, changes);
    });
    return this.get(sid);
  }

  /** Deletes an AMS that was not submitted; its parcels go back to Scanned first, each with an event. */
  async delete(actor: Parameters<AmsOrdersService['takeAllOut']>[0], sid: string): Promise<{ sid: string }> {
    await this.db.transaction(async (tx) => {
      const row = await amsRepository.lock(tx, sid);
      if (!row) throw amsNotFound();
      if (row.submitStatus === 'submitted')
        throw AppError.conflict(text('ams.submittedUndeletable', { name: row.name }));
      assertChangeable(row);
      await this.amsOrders.takeAllOut(actor, tx, row);
      await amsRepository.delete(tx, sid);
    });
    return { sid };
  }

  /**
   * GET /ams/{id}/waiting: the parcels received at the manifest's hub that no manifest holds yet, newest scan
   * first (the flight's expected list).
   */
  async waiting(sid: string, page: number, pageSize: number): Promise<AmsWaitingList> {
    const row = await amsRepository.find(this.db, sid);
    if (!row) throw amsNotFound();
    const { rows, total } = await waitingParcels(this.db, row.location, page, pageSize);
    return {
      data: rows.map((parcel) => ({
        sid: parcel.sid,
        barcode: parcel.barcode,
        orderNumber: parcel.orderNumber,
        account_sid: parcel.accountSid,
        accountName: parcel.accountName,
        status: parcel.status,
        weight: parcel.weight,
        received_at: parcel.receivedAt.toISOString(),
      })),
      total,
    };
  }

  /** GET /orders/statisticForAms: parcels and grams per carton label, and the AMS's totals. */
  async statistic(amsSid: string): Promise<AmsStatistic> {
    if (!(await amsRepository.find(this.db, amsSid))) throw amsNotFound();
    const cartons = await cartonFigures(this.db, amsSid);
    return {
      data: cartons.map((carton) => ({
        ams_carton_label: carton.cartonLabel,
        count: carton.count,
        total_weight: carton.weight,
      })),
      total_weight: cartons.reduce((sum, carton) => sum + carton.weight, 0),
      count: cartons.reduce((sum, carton) => sum + carton.count, 0),
    };
  }
}
