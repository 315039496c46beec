/**
 * Order drafting: turns order inputs into priced, declared drafts, or says every problem of each, without
 * touching the database. One order (POST /orders), a quote and thousands (batch, import) go through the same
 * rules; what the rules need from the database comes in a DraftContext (draft-context.ts loads it once a call).
 */
import {
  type CreateOrderInputSchema,
  type CreditUnit,
  chargeableWeight,
  DEFAULT_ORIGIN_COUNTRY,
  destinationAddressProblem,
  englishOf,
  type OrderQuoteInputSchema,
  OrderStatus,
  PriceLookupError,
  type PriceRow,
  priceFor,
  type Text,
  text,
  type WeighedItem,
  type ZipStateLookup,
} from '@parcelops/shared';
import type { z } from 'zod';
import type { AccountRow } from '../accounts/accounts.service.ts';
import type { NewOrderItemRow, NewOrderRow } from './orders.repository.ts';

export type OrderInput = z.output<typeof CreateOrderInputSchema>;
type QuoteItem = z.output<typeof OrderQuoteInputSchema>['items'][number];

/** The largest chargeable weight a stored order can hold (an int column, grams). */
const MAX_WEIGHT = 2_147_483_647;

/** What an account declares about one of its SKUs, as orders use it. */
export interface DeclaredItem {
  hsCode: string | null;
  itemDescription: string;
  itemWeight: number;
  itemWidth: number;
  itemHeight: number;
  itemLength: number;
  /** USD, or null when none is declared. */
  declaredValue: number | null;
  originCountry: string;
}

export type DraftAccount = Pick<AccountRow, 'sid' | 'name' | 'useCredit' | 'creditUnit' | 'address'>;

export interface DraftContext {
  account: DraftAccount;
  /** The account's price table rows, sorted by weight; null when it has no table. */
  priceRows: readonly PriceRow[] | null;
  /** The account's declarations of the SKUs involved, by SKU. */
  declarations: ReadonlyMap<string, DeclaredItem>;
  /** Which of the HS codes the inputs give are in the HS code table. */
  knownHsCodes: ReadonlySet<string>;
  /** The state of a US ZIP code, from the server's ZIP data set (lib/us-zip-codes.ts). */
  zipStateOf: ZipStateLookup;
}

/** One thing wrong with an order: `path` names the field (as POST /orders reports it) when there is one. */
export interface OrderProblem {
  path?: string;
  message: string;
  /** The same words as a catalogue text, where the rule has one (`message` is its English). */
  text?: Text;
}

/** A problem from a catalogue text: its English as the message, the text beside it. */
export const textProblem = (words: Text, path?: string): OrderProblem => ({
  ...(path ? { path } : {}),
  message: englishOf(words),
  text: words,
});

/**
 * An order that weighs nothing (no weights, no measures, no declaration that gives them, or grams that round
 * to 0) cannot be priced: the price table's lowest row would be a guess, and the hub would re-weigh it anyway.
 */
export const zeroWeightProblem = (): OrderProblem => textProblem(text('orderWeight.zero'));

export interface Price {
  vnd: number;
  usd: number;
}

/** An order ready to be placed: its row values (sid and barcode come at placing), items, weight and price. */
export interface OrderDraft {
  /** The input's position in the call, so callers can report by row. */
  index: number;
  orderNumber: string;
  accountSid: string;
  /** Whether placing it charges the account's credit (the unit is read from the locked account row). */
  useCredit: boolean;
  /** The first tracking event's location: the account's city. */
  eventLocation: string | null;
  order: Omit<NewOrderRow, 'sid' | 'barcode'>;
  items: Omit<NewOrderItemRow, 'sid' | 'orderSid'>[];
  /** The chargeable weight, grams. */
  weight: number;
  vnd: number;
  usd: number;
}

export type DraftResult =
  | { ok: true; index: number; draft: OrderDraft }
  | { ok: false; index: number; problems: OrderProblem[] };

export const priceIn = (price: Price, unit: CreditUnit) => (unit === 'VND' ? price.vnd : price.usd);

const givesNoMeasures = (item: WeighedItem) =>
  item.itemWeight === 0 && item.itemWidth === 0 && item.itemHeight === 0 && item.itemLength === 0;

/**
 * The item as it is weighed: an item that gives no weight and no dimensions takes them from the account's
 * declaration of its SKU, all four together (one measured piece, not a mix of two).
 */
export function withDeclaredMeasures<T extends WeighedItem>(item: T, declared: DeclaredItem | undefined): T {
  if (!declared || !givesNoMeasures(item)) return item;
  return {
    ...item,
    itemWeight: declared.itemWeight,
    itemWidth: declared.itemWidth,
    itemHeight: declared.itemHeight,
    itemLength: declared.itemLength,
  };
}

/** SKUs whose declaration an item may need: for its HS code, or for its measures. */
export function skusToDeclare(
  items: readonly (WeighedItem & { skuNumber?: string | null; hs_code?: string | null })[],
) {
  return items.flatMap((item) =>
    item.skuNumber && (!item.hs_code || givesNoMeasures(item)) ? [item.skuNumber] : [],
  );
}

type OrderItemInput = OrderInput['items'][number];

/**
 * SKUs whose declaration an order's item may need: as a quote's, and for its description, declared value and
 * origin.
 */
export function skusToDeclareForOrder(items: readonly OrderItemInput[]) {
  return items.flatMap((item) =>
    !item.itemDescription || item.declaredValue == null || !item.originCountry
      ? [item.skuNumber]
      : skusToDeclare([item]),
  );
}

/** An order's item with every fact filled, as its row keeps it. */
export interface DeclaredOrderItem extends WeighedItem {
  skuNumber: string;
  itemDescription: string | null;
  hsCode: string | null;
  /** USD with cents, as the column keeps it; null when none is declared. */
  declaredValue: string | null;
  originCountry: string;
}

/**
 * The one way an order's item takes its SKU's declaration, whichever path placed the order (the form and
 * POST /orders, imports, batches: issue 28 found API orders without the declared description): each fact the
 * item leaves out comes from the account's declaration of the SKU, one by one: the description when it has none,
 * the weight and dimensions when it gives none of them, the HS code, the declared value, and the origin
 * (else none, and VN).
 */
export function declaredOrderItem(
  item: OrderItemInput,
  declared: DeclaredItem | undefined,
): DeclaredOrderItem {
  const measured = withDeclaredMeasures(item, declared);
  const value = item.declaredValue ?? declared?.declaredValue ?? null;
  return {
    skuNumber: item.skuNumber,
    quantity: item.quantity,
    itemDescription: item.itemDescription || declared?.itemDescription || null,
    itemWeight: measured.itemWeight,
    itemWidth: measured.itemWidth,
    itemHeight: measured.itemHeight,
    itemLength: measured.itemLength,
    hsCode: item.hs_code || declared?.hsCode || null,
    declaredValue: value === null ? null : value.toFixed(2),
    originCountry: item.originCountry || declared?.originCountry || DEFAULT_ORIGIN_COUNTRY,
  };
}

/**
 * The price of a chargeable weight from the account's table, or why there is none, in the words POST /orders
 * has always used: too heavy to store, no table, or over the table's largest row.
 */
export function priceOf(
  account: Pick<DraftAccount, 'name'>,
  priceRows: readonly PriceRow[] | null,
  weight: number,
): Price | OrderProblem {
  const grams = (value: number) => value.toLocaleString('en-US');
  if (weight > MAX_WEIGHT) return textProblem(text('orders.weightTooLarge', { weight: grams(weight) }));
  if (!priceRows) return textProblem(text('orders.noPriceTable', { name: account.name }));
  try {
    const row = priceFor(priceRows, weight);
    return { vnd: row.vnd, usd: row.usd };
  } catch (error) {
    if (!(error instanceof PriceLookupError)) throw error;
    const largest = priceRows.at(-1)?.weight ?? 0;
    // The lookup's own English, with the same words as a catalogue text beside it.
    const words =
      error.reason === 'empty_table'
        ? text('orders.priceTableEmpty')
        : error.reason === 'over_largest_weight'
          ? text('orders.priceOverLargest', { weight: grams(weight), largest: grams(largest) })
          : text('orders.priceInvalidWeight', { weight: String(weight) });
    return { message: error.message, text: words };
  }
}

export const isProblem = (value: Price | OrderProblem): value is OrderProblem => 'message' in value;

/** POST /orders/quote: what the items would weigh and cost, by the same rules as a draft. */
export function quoteItems(
  items: readonly QuoteItem[],
  context: Pick<DraftContext, 'account' | 'priceRows' | 'declarations'>,
): { weight: number; vnd: number; usd: number } | OrderProblem {
  const weighed = items.map((item) =>
    withDeclaredMeasures(item, item.skuNumber ? context.declarations.get(item.skuNumber) : undefined),
  );
  const weight = chargeableWeight(weighed);
  if (weight === 0) return zeroWeightProblem();
  const price = priceOf(context.account, context.priceRows, weight);
  return isProblem(price) ? price : { weight, ...price };
}

/**
 * One input to a draft, or every problem it has (the ZIP code not the state's, then the weight of 0 or the
 * price, then each unknown HS code, as POST /orders answers the first).
 */
export function draftOrder(input: OrderInput, index: number, context: DraftContext): DraftResult {
  const { account, declarations } = context;
  const items = input.items.map((item) => declaredOrderItem(item, declarations.get(item.skuNumber)));
  const weight = chargeableWeight(items);
  const problems: OrderProblem[] = [];
  const destination = destinationAddressProblem(input, context.zipStateOf);
  if (destination) problems.push(textProblem(destination.text, destination.path));
  const price = weight === 0 ? zeroWeightProblem() : priceOf(account, context.priceRows, weight);
  if (isProblem(price)) problems.push(price);
  // Only the codes the order gives are checked: a declaration's code was checked when it was declared.
  input.items.forEach((item, position) => {
    if (item.hs_code && !context.knownHsCodes.has(item.hs_code))
      problems.push(
        textProblem(text('orders.hsCodeUnknown', { code: item.hs_code }), `items.${position}.hs_code`),
      );
  });
  if (isProblem(price) || problems.length > 0) return { ok: false, index, problems };

  const rows = items.map((item, position) => ({
    position,
    skuNumber: item.skuNumber,
    quantity: item.quantity,
    itemDescription: item.itemDescription,
    itemWeight: String(item.itemWeight),
    itemWidth: String(item.itemWidth),
    itemHeight: String(item.itemHeight),
    itemLength: String(item.itemLength),
    hsCode: item.hsCode,
    declaredValue: item.declaredValue,
    originCountry: item.originCountry,
  }));
  const order: OrderDraft['order'] = {
    orderNumber: input.orderNumber,
    accountSid: account.sid,
    status: OrderStatus.Generated,
    name: input.name,
    phone: input.phone ?? null,
    address1: input.address1,
    address2: input.address2 ?? null,
    city: input.city,
    state: input.state,
    country: input.country,
    postalCode: input.postalCode,
    weight,
    width: String(Math.max(...items.map((item) => item.itemWidth))),
    length: String(Math.max(...items.map((item) => item.itemLength))),
    height: String(items.reduce((total, item) => total + item.quantity * item.itemHeight, 0)),
    vnd: price.vnd.toFixed(2),
    usd: price.usd.toFixed(2),
    sellerInformation: input.sellerInformation ?? null,
    // Flagged up front, so the items trigger that keeps the flag has nothing to correct.
    missingHsCode: rows.some((row) => row.hsCode === null),
  };
  return {
    ok: true,
    index,
    draft: {
      index,
      orderNumber: input.orderNumber,
      accountSid: account.sid,
      useCredit: account.useCredit,
      eventLocation: account.address?.city ?? null,
      order,
      items: rows,
      weight,
      vnd: price.vnd,
      usd: price.usd,
    },
  };
}

/** Every input of one account to a draft or its problems, in input order. */
export function draftOrders(inputs: readonly OrderInput[], context: DraftContext): DraftResult[] {
  return inputs.map((input, index) => draftOrder(input, index, context));
}
