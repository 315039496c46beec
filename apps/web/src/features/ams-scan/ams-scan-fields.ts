/**
 * What the Create AMS scanning page sends with every scan (spec §3 AMS, §5 AMS): the AMS picked and its
 * waybill data (filled from the AMS, editable), the carton being loaded and an optional receptacle id. All but
 * the receptacle id are required before a scan is sent.
 */
import { AMS_CARRIERS, AMS_DEFAULTS, type Ams, type AmsCarrier, type AmsOrderInput } from '@parcelops/shared';

export interface AmsScanFields {
  ams_sid: string;
  /** The picked AMS's name, shown while the day's list does not hold it. */
  ams_name: string;
  masterAirWaybill: string;
  airportCode: string;
  hawb: string;
  carrier: AmsCarrier;
  serviceType: string;
  ams_carton_label: string;
  receptacleId: string;
}

export const EMPTY_FIELDS: AmsScanFields = {
  ams_sid: '',
  ams_name: '',
  masterAirWaybill: '',
  airportCode: AMS_DEFAULTS.airportCode,
  hawb: '',
  carrier: AMS_DEFAULTS.carrier,
  serviceType: AMS_DEFAULTS.serviceType,
  ams_carton_label: '',
  receptacleId: '',
};

type TextField = Exclude<keyof AmsScanFields, 'carrier' | 'ams_name'>;

/** Spec §5 AMS: without any of these a scan is refused with "Please fill out all required fields". */
export const REQUIRED_FIELDS: readonly TextField[] = [
  'ams_sid',
  'masterAirWaybill',
  'airportCode',
  'hawb',
  'serviceType',
  'ams_carton_label',
];

export const isCarrier = (value: unknown): value is AmsCarrier => AMS_CARRIERS.includes(value as AmsCarrier);

/** The required fields an AMS fills in (all but the AMS itself and the carton label). */
const WAYBILL_REQUIRED: readonly TextField[] = ['masterAirWaybill', 'airportCode', 'hawb', 'serviceType'];

/** A required part of the waybill data is empty: it must stay in sight to be filled in. */
export function missingWaybill(fields: AmsScanFields): boolean {
  return WAYBILL_REQUIRED.some((name) => fields[name].trim() === '') || !isCarrier(fields.carrier);
}

export function missingRequired(fields: AmsScanFields): boolean {
  return REQUIRED_FIELDS.some((name) => fields[name].trim() === '') || !isCarrier(fields.carrier);
}

/** Picking an AMS brings its waybill data; the carton label and receptacle id stay as typed. */
export function fieldsFromAms(fields: AmsScanFields, ams: Ams): AmsScanFields {
  return {
    ...fields,
    ams_sid: ams.sid,
    ams_name: ams.name,
    masterAirWaybill: ams.masterAirWaybill,
    airportCode: ams.airportCode || AMS_DEFAULTS.airportCode,
    hawb: ams.hawb,
    carrier: isCarrier(ams.carrier) ? ams.carrier : AMS_DEFAULTS.carrier,
    serviceType: ams.serviceType || AMS_DEFAULTS.serviceType,
  };
}

/** The POST /ams/order body for one barcode, from the fields as they were when it was scanned. */
export function orderInput(fields: AmsScanFields, barcode: string): AmsOrderInput {
  const receptacleId = fields.receptacleId.trim();
  return {
    ams_sid: fields.ams_sid,
    barcode,
    ams_carton_label: fields.ams_carton_label.trim(),
    masterAirWaybill: fields.masterAirWaybill.trim(),
    airportCode: fields.airportCode.trim(),
    hawb: fields.hawb.trim(),
    carrier: fields.carrier,
    serviceType: fields.serviceType.trim(),
    ...(receptacleId ? { receptacleId } : {}),
  };
}

/** Fields read back from session storage: every one a string, the carrier one of ours. */
export function isFields(value: unknown): value is AmsScanFields {
  if (typeof value !== 'object' || value === null) return false;
  const record = value as Record<string, unknown>;
  return (
    Object.keys(EMPTY_FIELDS).every((key) => typeof record[key] === 'string') && isCarrier(record.carrier)
  );
}
