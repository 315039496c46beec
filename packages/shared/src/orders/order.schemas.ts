import { z } from 'zod';
import { destinationCountryField, usStateField, usZipField } from '../addresses/address.schemas.ts';
import { optionalText, requiredText } from '../common/common.schemas.ts';
import { clampToStorable } from '../common/storable-date.ts';
import type { FieldName } from '../texts/catalog/fields.ts';
import { text } from '../texts/catalog.ts';
import { field, says, textIssue } from '../texts/issues.ts';
import { TextSchema } from '../texts/text.schemas.ts';
import { declaredValueInput, originCountryInput } from './item-customs.ts';
import { DEFAULT_ORDER_PAGE_SIZE, ORDER_SORTS } from './order-list-options.ts';

/** Most items one order may carry: more is a mistake in the caller's data, not a parcel. */
export const MAX_ORDER_ITEMS = 200;
/** The AMS view asks for every order of a manifest in one page (spec §9). */
export const MAX_PAGE_SIZE = 500_000;
// The list's paging, range and sort keys live apart, free of zod (the web's route data reads them).
export {
  DEFAULT_ORDER_DAYS,
  DEFAULT_ORDER_PAGE_SIZE,
  ORDER_PAGE_SIZES,
  ORDER_SORTS,
  type OrderSort,
} from './order-list-options.ts';

const measure = (name: FieldName) => {
  const label = field(name);
  const notANumber = says('validation.mustBeNumber', { label });
  return z
    .number({ error: notANumber })
    .finite(notANumber)
    .min(0, says('validation.zeroOrMore', { label }))
    .max(1_000_000, says('validation.tooLarge', { label }));
};

const quantity = field('quantity');

export const OrderItemInputSchema = z.object({
  skuNumber: requiredText('sku', 100),
  quantity: z
    .number({ error: says('validation.mustBeNumber', { label: quantity }) })
    .int(says('validation.wholeNumber', { label: quantity }))
    .min(1, says('validation.atLeast', { label: quantity, min: 1 }))
    .max(100_000, says('validation.tooLarge', { label: quantity })),
  itemDescription: optionalText(500),
  itemWeight: measure('itemWeight'),
  itemWidth: measure('itemWidth'),
  itemHeight: measure('itemHeight'),
  itemLength: measure('itemLength'),
  /** Taken from the account's item declaration for the SKU when left out. */
  hs_code: optionalText(20),
  /** USD; left out, the SKU's declared value (or none). */
  declaredValue: declaredValueInput,
  /** Left out, the SKU's declared origin, else VN. */
  originCountry: originCountryInput,
});
export type OrderItemInput = z.input<typeof OrderItemInputSchema>;

/** Spec §3 Order item: the blank template a new item row starts from. */
export const BLANK_ORDER_ITEM = {
  skuNumber: '',
  quantity: 1,
  itemDescription: '',
  itemWeight: 0,
  itemWidth: 0,
  itemHeight: 0,
  itemLength: 0,
  hs_code: '',
} as const;

export const SellerInformationSchema = z.object({
  name: optionalText(200),
  address1: optionalText(200),
  address2: optionalText(200),
  city: optionalText(100),
  state: optionalText(100),
  postalCode: optionalText(20),
  country: optionalText(100),
});

/**
 * Customer (recipient) fields: spec §5 requires name, address1, city, country, state and postalCode; the
 * country, state and ZIP code are codes of a US destination (issue 21).
 */
export const CustomerInfoSchema = z.object({
  name: requiredText('customerName'),
  phone: optionalText(40),
  address1: requiredText('address1'),
  address2: optionalText(200),
  city: requiredText('city', 100),
  /** A USPS code; the ZIP code must be the state's (addresses/, checked by the server's drafting). */
  state: usStateField,
  /** An ISO 3166-1 alpha-2 code of a destination: US (addresses/destinations.ts). */
  country: destinationCountryField,
  postalCode: usZipField,
});

export const NO_ITEMS_MESSAGE = says('orderInput.noItems');
const TOO_MANY_ITEMS = says('orderInput.tooManyItems', { max: MAX_ORDER_ITEMS });

export const CreateOrderInputSchema = CustomerInfoSchema.extend({
  orderNumber: requiredText('orderNumber', 100),
  /** Admins name the account; sellers (and their API keys) always order for their own. */
  account_sid: z.string().trim().max(64).optional(),
  sellerInformation: SellerInformationSchema.nullish(),
  items: z
    .array(OrderItemInputSchema, { error: NO_ITEMS_MESSAGE })
    .min(1, NO_ITEMS_MESSAGE)
    .max(MAX_ORDER_ITEMS, TOO_MANY_ITEMS),
});
export type CreateOrderInput = z.input<typeof CreateOrderInputSchema>;

/**
 * The order lines without what only a placed order needs: enough to weigh and price them. The SKU is optional:
 * given, a line without weight or dimensions is weighed from the account's declaration of it, as an order is.
 */
const QuoteItemSchema = OrderItemInputSchema.pick({
  quantity: true,
  itemWeight: true,
  itemWidth: true,
  itemHeight: true,
  itemLength: true,
}).extend({ skuNumber: optionalText(100) });

/**
 * POST /orders/quote: what an order of these items would weigh and cost for the account, priced exactly as
 * POST /orders would price it, without placing it. Admins name the account; sellers quote for their own.
 */
export const OrderQuoteInputSchema = z.object({
  account_sid: z.string().trim().max(64).optional(),
  items: z
    .array(QuoteItemSchema, { error: NO_ITEMS_MESSAGE })
    .min(1, NO_ITEMS_MESSAGE)
    .max(MAX_ORDER_ITEMS, TOO_MANY_ITEMS),
});
export type OrderQuoteInput = z.input<typeof OrderQuoteInputSchema>;

export const OrderQuoteSchema = z.object({
  /** The chargeable weight, grams. */
  weight: z.number().int(),
  vnd: z.number(),
  usd: z.number(),
});
export type OrderQuote = z.infer<typeof OrderQuoteSchema>;

/**
 * PUT /orders/{id}: the customer's details, or the weight (grams, at least 1), or both; admins. Operators re-weigh
 * at the hub with the weight alone.
 */
export const UpdateOrderInputSchema = CustomerInfoSchema.partial().extend({
  weight: z
    .number({ error: says('validation.mustBeNumber', { label: field('weight') }) })
    .int(says('validation.wholeGrams', { label: field('weight') }))
    .min(1, says('orderInput.weightAtLeastOneGram'))
    .max(1_000_000, says('validation.tooLarge', { label: field('weight') }))
    .optional(),
});
export type UpdateOrderInput = z.input<typeof UpdateOrderInputSchema>;

/**
 * PUT /orders/items/{id}: staff correct a placed order's item until its manifest is submitted (issue 28); the
 * fields left out stay. `{ hs_code }` alone is the spec's call (admins only: an operator sending hs_code is
 * refused). `items_version` is the order's `items_version` the editor read: given and no longer current, the
 * edit is refused (someone else changed the items first) rather than overwriting theirs.
 */
export const UpdateOrderItemInputSchema = z.object({
  hs_code: requiredText('hsCode', 20).optional(),
  itemDescription: requiredText('description', 500).optional(),
  quantity: OrderItemInputSchema.shape.quantity.optional(),
  /** Grams per piece. */
  itemWeight: measure('itemWeight').optional(),
  /** USD a piece; null clears it. */
  declaredValue: declaredValueInput,
  /** Blank or null is the default origin (VN). */
  originCountry: originCountryInput,
  items_version: z.number().int().min(0).max(2_147_483_647).optional(),
});
export type UpdateOrderItemInput = z.input<typeof UpdateOrderItemInputSchema>;

/** The fields of a placed order's item that staff may correct, by their names on the wire. */
export const EDITABLE_ITEM_FIELDS = [
  'itemDescription',
  'quantity',
  'itemWeight',
  'declaredValue',
  'originCountry',
  'hs_code',
] as const satisfies readonly (keyof UpdateOrderItemInput)[];
export type EditableItemField = (typeof EDITABLE_ITEM_FIELDS)[number];

export const OrderItemSchema = z.object({
  sid: z.string(),
  skuNumber: z.string(),
  quantity: z.number(),
  itemDescription: z.string().nullable(),
  itemWeight: z.number(),
  itemWidth: z.number(),
  itemHeight: z.number(),
  itemLength: z.number(),
  hs_code: z.string().nullable(),
  /** The customs value of one piece, USD; null when neither the order nor the SKU's declaration gave one. */
  declaredValue: z.number().nullable(),
  /** ISO 3166-1 alpha-2. */
  originCountry: z.string(),
});
export type OrderItem = z.infer<typeof OrderItemSchema>;

const nullableText = z.string().nullable();

export const OrderSchema = z.object({
  sid: z.string(),
  orderNumber: z.string(),
  account_sid: z.string(),
  account_name: nullableText,
  status: z.number().int(),
  reason: nullableText,
  name: z.string(),
  phone: nullableText,
  address1: z.string(),
  address2: nullableText,
  city: z.string(),
  state: z.string(),
  country: z.string(),
  postalCode: z.string(),
  /** The chargeable weight, grams. */
  weight: z.number(),
  width: z.number(),
  length: z.number(),
  height: z.number(),
  vnd: z.number(),
  usd: z.number(),
  barcode: z.string(),
  shipping_partner: nullableText,
  date_created: z.string(),
  sellerInformation: z
    .object({
      name: z.string().nullish(),
      address1: z.string().nullish(),
      address2: z.string().nullish(),
      city: z.string().nullish(),
      state: z.string().nullish(),
      postalCode: z.string().nullish(),
      country: z.string().nullish(),
    })
    .nullable(),
  /** The batch order that placed it (spec §2 Batch orders), with its name; null for an order placed otherwise. */
  batch_sid: nullableText,
  batch_name: nullableText,
  ams_sid: nullableText,
  ams_carton_label: nullableText,
  ams_masterAirWaybill: nullableText,
  ams_automatedManifestSystemId: nullableText,
  ams_details: z
    .object({
      airportCode: z.string().nullish(),
      hawb: z.string().nullish(),
      carrier: z.string().nullish(),
      serviceType: z.string().nullish(),
    })
    .nullable(),
  items: z.array(OrderItemSchema),
  /** Counts edits of the items; an item edit sends the one it read (PUT /orders/items/{id}). */
  items_version: z.number().int(),
});
export type Order = z.infer<typeof OrderSchema>;

/** A list's text query: trimmed, at most 200 characters, left out when blank. */
export const optionalQueryText = z
  .string()
  .trim()
  .max(200)
  .optional()
  .transform((value) => value || undefined);

const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;
const DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})?$/i;

/** A calendar day as its UTC midnight, or null when the text is not a real day (2024-02-30 is not). */
function dayStart(text: string): Date | null {
  const match = DATE_ONLY.exec(text);
  if (!match) return null;
  const date = new Date(`${text}T00:00:00Z`);
  const [, year, month, day] = match;
  return !Number.isNaN(date.getTime()) &&
    date.getUTCFullYear() === Number(year) &&
    date.getUTCMonth() + 1 === Number(month) &&
    date.getUTCDate() === Number(day)
    ? date
    : null;
}

/**
 * A query date: YYYY-MM-DD (a UTC day) or an ISO date-time (UTC unless it carries an offset); anything else is
 * refused rather than ignored or guessed. `end` turns the value into the exclusive end of an inclusive range:
 * a day means up to the end of that day, a date-time up to and including that instant.
 */
export const queryDate = (end: boolean) =>
  z
    .string()
    .trim()
    .optional()
    .transform((value, context) => {
      if (!value) return undefined;
      const day = dayStart(value);
      if (day) return clampToStorable(end ? new Date(day.getTime() + 86_400_000) : day);
      const withZone = /(Z|[+-]\d{2}:?\d{2})$/i.test(value) ? value : `${value}Z`;
      const instant = DATE_TIME.test(value) && dayStart(value.slice(0, 10)) ? new Date(withZone) : null;
      if (!instant || Number.isNaN(instant.getTime())) {
        context.addIssue(textIssue(text('validation.notADate', { value })));
        return z.NEVER;
      }
      return clampToStorable(end ? new Date(instant.getTime() + 1) : instant);
    });

const queryBoolean = z
  .enum(['true', 'false', '1', '0'])
  .optional()
  .transform((value) => value === 'true' || value === '1');

/** Spec §7 GET /orders (and /orders/statistic, which ignores paging and status). */

export const ListOrdersQuerySchema = z.object({
  page: z.coerce
    .number()
    .int(says('validation.wholeNumber', { label: 'page' }))
    .min(0, says('validation.zeroOrMore', { label: 'page' }))
    .default(0),
  page_size: z.coerce
    .number()
    .int(says('validation.wholeNumber', { label: 'page_size' }))
    .min(1, says('validation.atLeast', { label: 'page_size', min: 1 }))
    .max(MAX_PAGE_SIZE, says('validation.atMost', { label: 'page_size', max: MAX_PAGE_SIZE }))
    .default(DEFAULT_ORDER_PAGE_SIZE),
  /** Orders created from this day (or instant) on. */
  from_date: queryDate(false),
  /** Orders created up to the end of this day (or up to this instant); parsed to the exclusive end. */
  to_date: queryDate(true),
  account_sid: optionalQueryText,
  status: z.coerce
    .number()
    .int(says('validation.wholeNumber', { label: 'status' }))
    .min(0)
    .max(100)
    .optional(),
  filter: optionalQueryText,
  filter_missing_hs_code: queryBoolean,
  ams_masterAirWaybill: optionalQueryText,
  ams_carton_label: optionalQueryText,
  ams_sid: optionalQueryText,
  /** Only the orders a batch placed. */
  batch_sid: optionalQueryText,
  /** The column the list is ordered by; newest first unless asked otherwise. */
  sort: z.enum(ORDER_SORTS).default('date_created'),
  direction: z.enum(['asc', 'desc']).default('desc'),
});
export type ListOrdersQuery = z.output<typeof ListOrdersQuerySchema>;

/** GET /orders/statistic: the list's filters without paging, order and status. */
export const OrderStatisticQuerySchema = ListOrdersQuerySchema.omit({
  page: true,
  page_size: true,
  status: true,
  sort: true,
  direction: true,
});
export type OrderStatisticQuery = z.output<typeof OrderStatisticQuerySchema>;

/** An order as GET /orders lists it: everything but the items. */
export const OrderSummarySchema = OrderSchema.omit({ items: true, items_version: true });
export type OrderSummary = z.infer<typeof OrderSummarySchema>;

/** GET /orders: one page of orders and how many match in all. */
export const OrderListSchema = z.object({
  data: z.array(OrderSummarySchema),
  total: z.number().int(),
});
export type OrderList = z.infer<typeof OrderListSchema>;

/** GET /orders/statistic: how many orders match, per status. */
export const OrderStatusCountSchema = z.object({ status: z.number().int(), count: z.number().int() });
export type OrderStatusCount = z.infer<typeof OrderStatusCountSchema>;
export const OrderStatisticSchema = z.array(OrderStatusCountSchema);
export type OrderStatistic = z.infer<typeof OrderStatisticSchema>;

/** GET /tracking?filter={barcode} (public). */
export const TrackingQuerySchema = z.object({ filter: requiredText('barcode', 50) });

export const TrackingEventSchema = z.object({
  /** In English, for API clients; `description_text` is the same words as a catalogue text, when they have one. */
  description: z.string(),
  description_text: TextSchema.nullable(),
  location: z.string().nullable(),
  /** A hub's city as a catalogue text ("Sai Gon" / "Sài Gòn"); null for a place of free text. */
  location_text: TextSchema.nullable(),
  eventTime: z.string(),
  /** The order status the event records (spec §4 numbers): the page tells a Failed parcel's owner what next. */
  status: z.number().int(),
});
export type TrackingEvent = z.infer<typeof TrackingEventSchema>;

/** Who made a change on an order: a person, a seller's API key, or the system itself. */
export const ChangeActorSchema = z.object({
  kind: z.enum(['user', 'api_key', 'system']),
  /** The user's sid or the API key's sid; null for the system. */
  sid: z.string().nullable(),
  /** The username, or a short name for the key ("API key …1a2b"); null for the system. */
  name: z.string().nullable(),
});
export type ChangeActor = z.infer<typeof ChangeActorSchema>;

/**
 * GET /orders/{sid}/history (staff only): every status change, re-weigh and edit of the order, newest first,
 * with who made it. The public tracking page shows only description, location and time.
 */
export const OrderHistoryEntrySchema = z.object({
  at: z.string(),
  kind: z.enum(['status', 'reweighed', 'edited', 'deleted']),
  /** The status the order moved to, for a status change. */
  status: z.number().int().nullable(),
  description: z.string(),
  description_text: TextSchema.nullable(),
  location: z.string().nullable(),
  location_text: TextSchema.nullable(),
  actor: ChangeActorSchema,
  /** What changed, for a re-weigh (old and new weight, the credit difference) or an edit. */
  details: z.record(z.string(), z.unknown()).nullable(),
  /** Why, for a status change that has one (Failed, Order Failed, an admin's override); always sent. */
  reason: z.string().nullable().optional(),
});
export type OrderHistoryEntry = z.infer<typeof OrderHistoryEntrySchema>;
export const OrderHistorySchema = z.array(OrderHistoryEntrySchema);
