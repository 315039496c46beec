import { z } from 'zod';
import { freeText, requiredText } from '../common/common.schemas.ts';
import { OrderSchema, optionalQueryText, queryDate } from '../orders/order.schemas.ts';
import { field, says, textIssue } from '../texts/issues.ts';
import { TextSchema } from '../texts/text.schemas.ts';
import { checkMawb } from './mawb.ts';

/** Spec §3 AMS, §9 defaults; product decisions, Air manifests. */
export const AMS_CARRIERS = ['DHL', 'USPS'] as const;
export type AmsCarrier = (typeof AMS_CARRIERS)[number];
export const AMS_HUBS = ['SGN', 'HAN'] as const;
export const AMS_STATUSES = ['initiated', 'closed'] as const;
export type AmsStatus = (typeof AMS_STATUSES)[number];
export const AMS_SUBMIT_STATUSES = ['initiated', 'submitted', 'failed'] as const;
export type AmsSubmitStatus = (typeof AMS_SUBMIT_STATUSES)[number];

export const AMS_DEFAULTS = {
  airportCode: 'LAX',
  serviceType: 'First Class',
  carrier: 'DHL',
  location: 'SGN',
} as const;
export const AMS_PAGE_SIZES = [25, 50, 100] as const;
export const DEFAULT_AMS_PAGE_SIZE = 25;
/** The list marks an AMS departing within this many hours that is not yet submitted. */
export const AMS_DEPARTING_SOON_HOURS = 12;
/** A MAWB used by an AMS created within this many months is refused for a new one. */
export const MAWB_REUSE_MONTHS = 12;

/** Where a carrier's tracking page shows a tracking number. */
export function carrierTrackingUrl(carrier: string, number: string): string | null {
  const code = encodeURIComponent(number);
  if (carrier === 'DHL') return `https://www.dhl.com/us-en/home/tracking.html?tracking-id=${code}`;
  if (carrier === 'USPS') return `https://tools.usps.com/go/TrackConfirmAction?tLabels=${code}`;
  return null;
}

export const MawbSchema = z
  .string({ error: says('validation.required', { label: field('masterAirWaybill') }) })
  .trim()
  .min(1, says('validation.required', { label: field('masterAirWaybill') }))
  .max(20, says('amsInput.mawbFormat'))
  .transform((text, context) => {
    const check = checkMawb(text);
    if (check.ok) return check.mawb;
    context.addIssue(textIssue(check.text));
    return z.NEVER;
  });

export const HawbSchema = z
  .string({ error: says('validation.required', { label: field('hawb') }) })
  .trim()
  .min(1, says('validation.required', { label: field('hawb') }))
  .regex(/^[A-Za-z0-9]{1,12}$/, says('amsInput.hawbFormat'))
  .transform((text) => text.toUpperCase());

export const AirportCodeSchema = z
  .string({ error: says('validation.required', { label: field('airportCode') }) })
  .trim()
  .regex(/^[A-Za-z]{3}$/, says('amsInput.airportCode'))
  .transform((text) => text.toUpperCase());

/** A departure date and time (ISO 8601). */
const departure = z
  .string({ error: says('validation.required', { label: field('departureDate') }) })
  .trim()
  .refine(
    // Year 0 and earlier read as times to JavaScript but not to the database; no flight left before 1970.
    (text) => Date.parse(text) >= Date.UTC(1970, 0, 1),
    says('validation.dateTime', { label: field('departureDate') }),
  )
  .transform((text) => new Date(text).toISOString());

export const CreateAmsInputSchema = z.object({
  name: requiredText('name', 100),
  departureDate: departure,
  masterAirWaybill: MawbSchema,
  airportCode: AirportCodeSchema.default(AMS_DEFAULTS.airportCode),
  hawb: HawbSchema,
  carrier: z.enum(AMS_CARRIERS, { error: says('amsInput.carrier') }).default(AMS_DEFAULTS.carrier),
  serviceType: requiredText('serviceType', 50).default(AMS_DEFAULTS.serviceType),
  location: z.enum(AMS_HUBS, { error: says('amsInput.location') }).default(AMS_DEFAULTS.location),
});
export type CreateAmsInput = z.input<typeof CreateAmsInputSchema>;
export type CreateAms = z.output<typeof CreateAmsInputSchema>;

/** PUT /ams/{id}: any field, and the status (only an existing AMS has one to change). */
export const UpdateAmsInputSchema = CreateAmsInputSchema.partial().extend({
  status: z.enum(AMS_STATUSES, { error: says('amsInput.status') }).optional(),
  /** An admin sets a failed filing back to initiated to file again. */
  submit_status: z.literal('initiated', { error: says('amsInput.submitStatus') }).optional(),
});
export type UpdateAmsInput = z.input<typeof UpdateAmsInputSchema>;

export const AmsSchema = z.object({
  sid: z.string(),
  name: z.string(),
  departureDate: z.string(),
  masterAirWaybill: z.string(),
  airportCode: z.string(),
  hawb: z.string(),
  carrier: z.string(),
  serviceType: z.string(),
  status: z.string(),
  location: z.string(),
  submit_status: z.string(),
  /** Why the last filing failed, in English; `submit_reason_text` is the same as a catalogue text. */
  submit_reason: z.string().nullable(),
  submit_reason_text: TextSchema.nullable(),
  is_updating: z.boolean(),
  date_created: z.string(),
  /** Departs within 12 hours and is not yet submitted. */
  departing_soon: z.boolean(),
  /** Parcels loaded and their weight (grams). */
  pieces: z.number().int(),
  total_weight: z.number(),
  /** The carrier's tracking page for the MAWB. */
  tracking_url: z.string().nullable(),
  /** A manifest file is kept (after a filing). */
  has_manifest_file: z.boolean(),
});
export type Ams = z.infer<typeof AmsSchema>;

/** `page` (zero-based) and `page_size` of the AMS lists: the manifests and a manifest's waiting parcels. */
const amsPaging = {
  page: z.coerce.number().int('page must be a whole number').min(0, 'page must be 0 or more').default(0),
  page_size: z.coerce
    .number()
    .int('page_size must be a whole number')
    .min(1, 'page_size must be at least 1')
    .max(500, 'page_size must be at most 500')
    .default(DEFAULT_AMS_PAGE_SIZE),
};

export const ListAmsQuerySchema = z.object({
  ...amsPaging,
  name: optionalQueryText,
  /** Created from this day on. */
  from_date: queryDate(false),
  to_date: queryDate(true),
  status: z.enum(AMS_STATUSES).optional(),
  /** AMS departing on this day (the scanning page's pick list). */
  departureDate: queryDate(false),
  /**
   * The scanning page's default pick list: manifests departing today (Asia/Ho_Chi_Minh) or later, soonest
   * departure first; initiated ones unless `status` says otherwise.
   */
  upcoming: z
    .enum(['true', 'false', '1', '0'])
    .optional()
    .transform((value) => value === 'true' || value === '1'),
});
export type ListAmsQuery = z.output<typeof ListAmsQuerySchema>;

export const AmsListSchema = z.object({ data: z.array(AmsSchema), total: z.number().int() });

/** POST /ams/order: a parcel scanned into an AMS carton. */
export const AmsOrderInputSchema = z.object({
  ams_sid: requiredText('ams', 64),
  barcode: requiredText('barcode', 100),
  ams_carton_label: requiredText('cartonLabel', 50),
  masterAirWaybill: MawbSchema,
  airportCode: AirportCodeSchema,
  hawb: HawbSchema,
  carrier: z.enum(AMS_CARRIERS, { error: says('amsInput.carrier') }),
  serviceType: requiredText('serviceType', 50),
  receptacleId: freeText(z.string(), field('receptacleId')).trim().max(50).optional(),
  /**
   * An admin's reason to load a parcel the hub set aside (Failed); recorded on its event. Anyone else's is
   * ignored: a Failed parcel stays refused.
   */
  reason: freeText(z.string(), null, { multiline: true })
    .trim()
    .max(500, says('validation.atMostChars', { max: 500 }))
    .optional()
    .transform((value) => value || undefined),
});
export type AmsOrderInput = z.input<typeof AmsOrderInputSchema>;

export const AmsCartonLabelUpdateSchema = z.object({
  old_ams_carton_label: requiredText('oldCartonLabel', 50),
  new_ams_carton_label: requiredText('newCartonLabel', 50),
});

/** DELETE /ams/orders: by MAWB or by carton label within an AMS, never with neither. */
export const AmsOrdersDeleteQuerySchema = z.object({
  ams_sid: optionalQueryText,
  masterAirWaybill: optionalQueryText,
  ams_carton_label: optionalQueryText,
});

/** PUT /ams/order/{order sid}: the hub's re-weigh, whole grams. */
export const AmsWeightInputSchema = z.object({
  weight: z
    .number({ error: says('validation.mustBeNumber', { label: field('weight') }) })
    .int(says('validation.wholeGrams', { label: field('weight') }))
    .min(0, says('validation.zeroOrMore', { label: field('weight') }))
    .max(1_000_000, says('validation.tooLarge', { label: field('weight') })),
});

export const AmsStatisticEntrySchema = z.object({
  ams_carton_label: z.string(),
  count: z.number().int(),
  total_weight: z.number(),
});
export const AmsStatisticSchema = z.object({
  data: z.array(AmsStatisticEntrySchema),
  total_weight: z.number(),
  count: z.number().int(),
});
export type AmsStatistic = z.infer<typeof AmsStatisticSchema>;
export const AmsStatisticQuerySchema = z.object({ ams_sid: requiredText('ams', 64) });

export const AmsSubmitInputSchema = z.object({ ams_sid: requiredText('ams', 64) });

/** POST /ams/order's answer: the order as it is now, its AMS id, and whether it was already in this AMS. */
export const AmsOrderReplySchema = z.object({
  order: OrderSchema,
  ams_automatedManifestSystemId: z.string(),
  already_in: z.boolean(),
  /**
   * The carton label the parcel had when it was already in this AMS under another one: it moved to the scanned
   * carton (recorded in its history). Null otherwise; always sent.
   */
  carton_moved_from: z.string().nullable().optional(),
});
export type AmsOrderReply = z.infer<typeof AmsOrderReplySchema>;

/** DELETE /ams/orders and DELETE /ams/order/{id}: how many parcels went back to Scanned. */
export const AmsOrdersRemovedSchema = z.object({ removed: z.number().int() });

const FindingSchema = z.object({
  order_sid: z.string(),
  /** The order item the finding is about; null for the order's own fields (name, street, phone, weight). */
  item_sid: z.string().nullable().optional(),
  barcode: z.string(),
  field: z.string(),
  /** English, for API clients; `key` and `params` are the same words as a catalogue text. */
  message: z.string(),
  key: z.string(),
  params: TextSchema.shape.params,
});
/** GET /ams/{id}/reconciliation: what stops the filing, what the broker's entry needs, the cartons and totals. */
export const ReconciliationSchema = z.object({
  problems: z.array(FindingSchema),
  warnings: z.array(FindingSchema),
  cartons: z.array(AmsStatisticEntrySchema),
  pieces: z.number().int(),
  total_weight: z.number(),
  /** Parcels received at the AMS's hub and in no manifest (GET /ams/{id}/waiting's total); always sent. */
  waiting: z.number().int().optional(),
});

/** GET /ams/{id}/waiting: one page of the parcels the manifest's hub received that no manifest holds yet. */
export const AmsWaitingQuerySchema = z.object(amsPaging);
export type AmsWaitingQuery = z.output<typeof AmsWaitingQuerySchema>;

/** A parcel received (hub scan) at the manifest's hub, Scanned, in no manifest. */
export const WaitingParcelSchema = z.object({
  sid: z.string(),
  barcode: z.string(),
  orderNumber: z.string(),
  account_sid: z.string(),
  accountName: z.string(),
  status: z.number().int(),
  /** Grams. */
  weight: z.number(),
  /** When the hub received it (ISO 8601). */
  received_at: z.string(),
});
export type WaitingParcel = z.infer<typeof WaitingParcelSchema>;
/** Newest scan first. */
export const AmsWaitingListSchema = z.object({ data: z.array(WaitingParcelSchema), total: z.number().int() });
export type AmsWaitingList = z.infer<typeof AmsWaitingListSchema>;

/**
 * The AMS batch upload's progress: the client names the upload with an id of its own (the optional multipart
 * field progress_id, a UUID) and reads GET /ams/batch/progress/{progress_id} while it loads.
 */
export const AmsBatchProgressParamsSchema = z.object({ progress_id: z.string().uuid() });
/** Rows loaded so far and in all (the file's rows, empty ones included); total 0 until the file is read. */
export const AmsBatchProgressSchema = z.object({
  done: z.number().int().nonnegative(),
  total: z.number().int().nonnegative(),
});
export type AmsBatchProgress = z.infer<typeof AmsBatchProgressSchema>;
