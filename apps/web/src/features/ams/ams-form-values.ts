/**
 * What the AMS form holds and how it becomes the wire payload. Fields are named as on the wire, so the shared
 * schema's issues and a 400's details land on the inputs. The departure is a local date and time in the form
 * (`<input type="datetime-local">`) and an ISO instant on the wire.
 */
import { AMS_DEFAULTS, type Ams } from '@parcelops/shared';

export interface AmsFormValues {
  name: string;
  /** YYYY-MM-DDTHH:mm in the viewer's time zone, as the input holds it; '' when not chosen. */
  departureDate: string;
  masterAirWaybill: string;
  airportCode: string;
  hawb: string;
  carrier: string;
  serviceType: string;
  location: string;
  /** Only an existing AMS has a status to change (spec §4). */
  status: string;
}

/** The fields a failed save's details may name. */
export const AMS_FORM_FIELDS = [
  'name',
  'departureDate',
  'masterAirWaybill',
  'airportCode',
  'hawb',
  'carrier',
  'serviceType',
  'location',
  'status',
] as const satisfies readonly (keyof AmsFormValues)[];

const pad = (value: number) => String(value).padStart(2, '0');

/** An ISO instant as the datetime-local input shows it, in the viewer's own time zone. */
export function toDateTimeInput(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

export function amsFormValues(ams?: Ams): AmsFormValues {
  return {
    name: ams?.name ?? '',
    departureDate: ams ? toDateTimeInput(ams.departureDate) : '',
    masterAirWaybill: ams?.masterAirWaybill ?? '',
    airportCode: ams?.airportCode ?? AMS_DEFAULTS.airportCode,
    hawb: ams?.hawb ?? '',
    carrier: ams?.carrier ?? AMS_DEFAULTS.carrier,
    serviceType: ams?.serviceType ?? AMS_DEFAULTS.serviceType,
    location: ams?.location ?? AMS_DEFAULTS.location,
    status: ams?.status ?? 'initiated',
  };
}

/** The local date and time as an instant; what was typed when it is no date, so the schema says why. */
function departureOnWire(value: string): string | undefined {
  if (value === '') return undefined;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? value : date.toISOString();
}

/**
 * The payload for POST /ams (`existing` false: a new AMS always starts initiated, so no status is sent) or
 * PUT /ams/{sid}. An empty departure is left out of a new AMS (the schema then says it is required) and
 * sent empty on an existing one, where leaving it out would mean "unchanged".
 */
export function amsPayload(values: AmsFormValues, existing: boolean): Record<string, unknown> {
  const payload: Record<string, unknown> = {
    name: values.name,
    departureDate: existing
      ? (departureOnWire(values.departureDate) ?? '')
      : departureOnWire(values.departureDate),
    masterAirWaybill: values.masterAirWaybill,
    airportCode: values.airportCode,
    hawb: values.hawb,
    carrier: values.carrier,
    serviceType: values.serviceType,
    location: values.location,
  };
  if (existing) payload.status = values.status;
  return payload;
}
