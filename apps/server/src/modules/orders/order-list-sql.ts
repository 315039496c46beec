/**
 * The orders list's SQL: the columns a list row carries, the filters' conditions (with the text box's name,
 * number, barcode and phone search), the statistic's counts and the sort. The repository runs them; the reports
 * read the same rows with the same WHERE and ORDER BY.
 */

import { searchFold } from '@parcelops/shared';
import { and, asc, desc, eq, gte, lt, or, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import { type Bind, inline } from '../../db/bind.ts';
import type { Executor } from '../../db/database.ts';
import { escapeLike, foldedContains, foldedStartsWith, searchDigits, searchFolded } from '../../lib/sql.ts';
import { accounts } from '../accounts/accounts.table.ts';
import { batchOrders } from '../batch-orders/batch-orders.table.ts';
import { orderCounts, orders } from './orders.table.ts';
import { shownOrder } from './staged-orders.ts';

/**
 * The orders list and statistic filters, already checked and scoped by the service. Declared beside the SQL
 * that reads it (the repository and the reports both run that SQL), so neither file imports the other.
 */
export interface OrderFilter {
  accountSid?: string;
  status?: number;
  /** date_created >= from */
  from?: Date;
  /** date_created < toBefore (the service turns an inclusive day into the next midnight) */
  toBefore?: Date;
  text?: string;
  missingHsCode?: boolean;
  amsMasterAirWaybill?: string;
  amsCartonLabel?: string;
  amsSid?: string;
  batchSid?: string;
}

/**
 * The name of the batch that placed the order, beside its sid: a read of the batch room's table by key, as the
 * account's name is (ARCHITECTURE.md, exceptions). Computed for the rows answered only.
 */
export const batchNameOf = sql<
  string | null
>`(select ${batchOrders.name} from ${batchOrders} where ${batchOrders.sid} = ${orders.batchSid})`;

export const listColumns = {
  sid: orders.sid,
  orderNumber: orders.orderNumber,
  accountSid: orders.accountSid,
  accountName: accounts.name,
  status: orders.status,
  reason: orders.reason,
  name: orders.name,
  phone: orders.phone,
  address1: orders.address1,
  address2: orders.address2,
  city: orders.city,
  state: orders.state,
  country: orders.country,
  postalCode: orders.postalCode,
  weight: orders.weight,
  width: orders.width,
  length: orders.length,
  height: orders.height,
  vnd: orders.vnd,
  usd: orders.usd,
  barcode: orders.barcode,
  shippingPartner: orders.shippingPartner,
  sellerInformation: orders.sellerInformation,
  amsSid: orders.amsSid,
  amsCartonLabel: orders.amsCartonLabel,
  amsMasterAirWaybill: orders.amsMasterAirWaybill,
  amsAutomatedManifestSystemId: orders.amsAutomatedManifestSystemId,
  amsDetails: orders.amsDetails,
  batchSid: orders.batchSid,
  batchName: batchNameOf,
  dateCreated: orders.dateCreated,
};

/** Our own barcodes: 'PO' and ten digits (barcode.ts). */
const BARCODE_SHAPE = /^PO\d{10}$/i;

/** What a phone number typed into the box looks like: digits (three or more) and the usual separators. */
const PHONE_SHAPE = /^\+?[\d\s().-]+$/;
const MIN_PHONE_DIGITS = 3;

/** What may begin a barcode: letters, digits and dashes ("PO11635"); a name or a phone number cannot. */
const BARCODE_START = /^[A-Za-z0-9-]+$/;
/** What may begin a postal code: letters, digits, spaces and dashes, with a digit among them ("700", "SW1A"). */
const POSTAL_SHAPE = /^(?=.*\d)[\p{L}\d][\p{L}\d -]*$/u;
const POSTAL_MAX = 20;
const HAS_LETTER = /\p{L}/u;

/**
 * The shortest text searched inside names and phone numbers, and in postal codes. A single character is looked
 * for only at the beginning of an order number, a barcode or a city, each through its index: "a" inside every
 * name would read every row and find most of them (docs/decisions.md, issue 28).
 */
export const MIN_CONTAINS_LENGTH = 2;

/** Which matches the text box tries for a text (pure, so the choice is tested without a database). */
export type OrderTextMatch =
  | 'barcode'
  | 'barcodePrefix'
  | 'orderNumberPrefix'
  | 'cityPrefix'
  | 'postalCodePrefix'
  | 'phoneDigits'
  | 'nameContains';

export function orderTextMatches(text: string): OrderTextMatch[] {
  if (BARCODE_SHAPE.test(text)) return ['barcode', 'orderNumberPrefix'];
  const matches: OrderTextMatch[] = [];
  if (BARCODE_START.test(text)) matches.push('barcodePrefix');
  matches.push('orderNumberPrefix');
  if (HAS_LETTER.test(text)) matches.push('cityPrefix');
  if ([...text].length < MIN_CONTAINS_LENGTH) return matches;
  if (POSTAL_SHAPE.test(text) && text.length <= POSTAL_MAX) matches.push('postalCodePrefix');
  const digits = text.replace(/\D/g, '');
  if (PHONE_SHAPE.test(text)) {
    if (digits.length >= MIN_PHONE_DIGITS) matches.push('phoneDigits');
  } else matches.push('nameContains');
  return matches;
}

/**
 * The column starts with the text as typed or upper-cased (barcodes and postal codes are kept as given, ours
 * upper-case): a LIKE on a btree index with text_pattern_ops, which the planner turns into a range.
 */
function startsWith(column: SQLWrapper, text: string, name: string, bind: Bind): SQL {
  const upper = text.toUpperCase();
  const asTyped = sql`${column} like ${bind(`${name}Pattern`, `${escapeLike(upper)}%`)}`;
  if (upper === text) return asTyped;
  return or(asTyped, sql`${column} like ${bind(`${name}TypedPattern`, `${escapeLike(text)}%`)}`) as SQL;
}

/**
 * The text box matches what stays cheap on millions of rows, each through its own index and all without accents
 * or letter case where people type names (lib/sql.ts): a whole barcode exactly; else the beginning of a barcode
 * ("PO11635"), of an order number and of a city (folded); then, from two characters, the beginning of a postal
 * code, and for what looks like a phone number, part of the recipient's phone (its digits only, so any spacing
 * matches), for anything else, part of the customer's name. Each match binds values under its own names, so each combination
 * is its own statement shape (db/prepared.ts).
 */
export function orderTextCondition(text: string, bind: Bind = inline): SQL {
  return or(...orderTextMatches(text).map((match) => MATCH_CONDITIONS[match](text, bind))) as SQL;
}

const MATCH_CONDITIONS: Record<OrderTextMatch, (text: string, bind: Bind) => SQL> = {
  barcode: (text, bind) => eq(orders.barcode, bind('barcodeUpper', text.toUpperCase())),
  barcodePrefix: (text, bind) => startsWith(orders.barcode, text, 'barcodePrefix', bind),
  orderNumberPrefix: (text, bind) => foldedStartsWith(orders.orderNumber, text, bind),
  // Its own name, though the value is the order number's: a shape is known by the names it binds.
  cityPrefix: (text, bind) =>
    sql`${searchFolded(orders.city)} like ${bind('cityPrefixPattern', `${escapeLike(searchFold(text))}%`)}`,
  postalCodePrefix: (text, bind) => startsWith(orders.postalCode, text, 'postalCodePrefix', bind),
  phoneDigits: (text, bind) =>
    sql`${searchDigits(orders.phone)} like ${bind('phoneDigits', `%${text.replace(/\D/g, '')}%`)}`,
  nameContains: (text, bind) => foldedContains(orders.name, text, bind),
};

/** The filters' conditions; `bind` (db/prepared.ts) gives each value its own name, the shape's. */
export function whereOf(filter: OrderFilter, bind: Bind = inline): SQL | undefined {
  return and(
    // A running batch's orders are staged until it succeeds: no list, total or report shows them.
    shownOrder,
    filter.accountSid ? eq(orders.accountSid, bind('accountSid', filter.accountSid)) : undefined,
    filter.status === undefined ? undefined : eq(orders.status, bind('status', filter.status)),
    filter.from ? gte(orders.dateCreated, bind('from', filter.from)) : undefined,
    filter.toBefore ? lt(orders.dateCreated, bind('toBefore', filter.toBefore)) : undefined,
    filter.text ? orderTextCondition(filter.text, bind) : undefined,
    filter.missingHsCode ? eq(orders.missingHsCode, bind('missingHsCode', true)) : undefined,
    filter.amsMasterAirWaybill
      ? eq(orders.amsMasterAirWaybill, bind('amsMasterAirWaybill', filter.amsMasterAirWaybill))
      : undefined,
    filter.amsCartonLabel
      ? eq(orders.amsCartonLabel, bind('amsCartonLabel', filter.amsCartonLabel))
      : undefined,
    filter.amsSid ? eq(orders.amsSid, bind('amsSid', filter.amsSid)) : undefined,
    filter.batchSid ? eq(orders.batchSid, bind('batchSid', filter.batchSid)) : undefined,
  );
}

const DAY_MS = 86_400_000;
const isWholeUtcDay = (instant: Date | undefined) =>
  instant === undefined || instant.getTime() % DAY_MS === 0;
const utcDay = (instant: Date) => instant.toISOString().slice(0, 10);

/**
 * The same filter over order_counts, or null when it asks what the counts cannot answer: text, manifests, or
 * a range that does not start and end on UTC midnights (the screens always send whole days).
 */
export function countsWhereOf(filter: OrderFilter, bind: Bind = inline): SQL | undefined | null {
  if (filter.text || filter.amsMasterAirWaybill || filter.amsCartonLabel || filter.amsSid || filter.batchSid)
    return null;
  if (!isWholeUtcDay(filter.from) || !isWholeUtcDay(filter.toBefore)) return null;
  return and(
    filter.accountSid ? eq(orderCounts.accountSid, bind('accountSid', filter.accountSid)) : undefined,
    filter.status === undefined ? undefined : eq(orderCounts.status, bind('status', filter.status)),
    filter.from ? gte(orderCounts.day, bind('fromDay', utcDay(filter.from))) : undefined,
    filter.toBefore ? lt(orderCounts.day, bind('toBeforeDay', utcDay(filter.toBefore))) : undefined,
    filter.missingHsCode ? eq(orderCounts.missingHsCode, bind('missingHsCode', true)) : undefined,
  );
}

export function countQuery(db: Executor, filter: OrderFilter, bind: Bind = inline) {
  const counted = countsWhereOf(filter, bind);
  return counted === null
    ? db.select({ count: sql<number>`count(*)::int` }).from(orders).where(whereOf(filter, bind))
    : db
        .select({ count: sql<number>`coalesce(sum(${orderCounts.count}), 0)::int` })
        .from(orderCounts)
        .where(counted);
}

/** The list's order (GET /orders `sort` and `direction`). */
export interface OrderListSort {
  sort: 'date_created' | 'orderNumber' | 'status';
  direction: 'asc' | 'desc';
}

const SORT_COLUMNS = {
  date_created: orders.dateCreated,
  orderNumber: orders.orderNumber,
  status: orders.status,
} as const;

export function orderByOf({ sort, direction }: OrderListSort): SQL[] {
  const by = direction === 'asc' ? asc : desc;
  const column = SORT_COLUMNS[sort];
  // Within one status (or number) the newest come first, as on the default list.
  if (sort === 'date_created') return [by(column), by(orders.sid)];
  return [by(column), desc(orders.dateCreated), desc(orders.sid)];
}
