/**
 * The data most journeys start from, seeded through the API: an account that pays for its orders (a price
 * table and credit), a seller of it, and orders of the seller's.
 */
import type { APIRequestContext } from '@playwright/test';
import { Api, unique } from './api.ts';
import { type SheetCell, writeWorkbook } from './workbooks.ts';

/** An account with a price table of these rows (weight, vnd, usd) and credit to pay for its orders. */
export async function billedAccount(
  request: APIRequestContext,
  priceRows: readonly (readonly SheetCell[])[],
) {
  const admin = await Api.admin(request);
  const account = await admin.createAccount();
  const prices = await admin.createPriceTable(priceRows);
  await admin.setUpBilling(account.sid, prices.sid);
  return { admin, account, prices };
}

/** A billed account (billedAccount) and a seller of it, signed in through the API. */
export async function billedSeller(request: APIRequestContext, priceRows: readonly (readonly SheetCell[])[]) {
  const billed = await billedAccount(request, priceRows);
  const seller = await billed.admin.createReadyUser(0, billed.account.sid);
  const sellerApi = (await Api.signIn(request, seller.username, seller.password)).api;
  return { ...billed, seller, sellerApi };
}

/** A new account (of a new vendor) and a seller of it who has chosen their password, signed in through the API. */
export async function accountSeller(request: APIRequestContext) {
  const admin = await Api.admin(request);
  const account = await admin.createAccount();
  const seller = await admin.createReadyUser(0, account.sid);
  const sellerApi = (await Api.signIn(request, seller.username, seller.password)).api;
  return { admin, account, seller, sellerApi };
}

/**
 * An order of one 300 g item, SKU-1, 10 × 5 × 10 cm, to Westminster, CA (a Little Saigon address: orders ship to
 * the US, issue 21).
 */
export const hcmOrder = (orderNumber: string, name: string) => ({
  orderNumber,
  name,
  address1: '9200 Bolsa Ave',
  city: 'Westminster',
  state: 'CA',
  country: 'US',
  postalCode: '92683',
  items: [{ skuNumber: 'SKU-1', quantity: 1, itemWeight: 300, itemWidth: 10, itemHeight: 5, itemLength: 10 }],
});

/** An order to Austin of one 300 g mug, 10 × 10 × 10 cm, under a SKU of its own. */
export const austinOrder = (orderNumber: string, name: string) => ({
  orderNumber,
  name,
  address1: '1 Main St',
  city: 'Austin',
  state: 'TX',
  country: 'US',
  postalCode: '73301',
  items: [
    {
      skuNumber: unique('SKU-'),
      quantity: 1,
      itemDescription: 'Mug',
      itemWeight: 300,
      itemWidth: 10,
      itemHeight: 10,
      itemLength: 10,
    },
  ],
});

/** Places hcmOrder for each name, numbered `${prefix}-1`, `${prefix}-2`…, one after another; their replies. */
export async function placeHcmOrders<T = { sid: string; barcode: string; orderNumber: string }>(
  api: Api,
  prefix: string,
  names: readonly string[],
): Promise<T[]> {
  const placed: T[] = [];
  for (const [index, name] of names.entries()) {
    placed.push(await api.call<T>('POST', '/orders', hcmOrder(`${prefix}-${index + 1}`, name)));
  }
  return placed;
}

/** The order import's columns a batch or import workbook in these journeys fills (the template has more). */
export const ORDER_SHEET_HEADERS = [
  'orderNumber',
  'name',
  'address1',
  'city',
  'state',
  'country',
  'postalCode',
  'skuNumber',
  'quantity',
  'itemWeight',
  'itemWidth',
  'itemHeight',
  'itemLength',
] as const;

/** A row of ORDER_SHEET_HEADERS: an order to Seattle of one 300 g item, 10 × 10 × 10 cm; `city` may be changed. */
export const seattleRow = (orderNumber: string, name: string, city = 'Seattle'): SheetCell[] => [
  orderNumber,
  name,
  '400 Pine St',
  city,
  'WA',
  'US',
  '98101',
  'SKU-TEE',
  1,
  300,
  10,
  10,
  10,
];

/** An orders workbook (ORDER_SHEET_HEADERS, then these rows) for an import or a batch; its path. */
export const ordersWorkbook = (rows: readonly (readonly SheetCell[])[]) =>
  writeWorkbook(unique('orders-'), [ORDER_SHEET_HEADERS, ...rows]);
