/** Order workbooks as sellers send them (the import and batch template's columns), for upload tests. */
import { xlsx } from './workbooks.ts';

export const ORDER_SHEET_HEADERS = [
  'orderNumber',
  'name',
  'phone',
  'address1',
  'city',
  'state',
  'country',
  'postalCode',
  'skuNumber',
  'quantity',
  'itemDescription',
  'itemWeight',
  'itemWidth',
  'itemHeight',
  'itemLength',
  'hs_code',
];

/** One sheet row: a 400 g item of SKU-1 for a customer in Seattle, with overrides by header. */
export function orderRow(
  orderNumber: string,
  overrides: Record<string, string | number> = {},
): (string | number)[] {
  const values: Record<string, string | number> = {
    orderNumber,
    name: 'Jane Doe',
    phone: '+1 206 555 0100',
    address1: '400 Pine St',
    city: 'Seattle',
    state: 'WA',
    country: 'US',
    postalCode: '98101',
    skuNumber: 'SKU-1',
    quantity: 1,
    itemDescription: 'T-shirt',
    itemWeight: 400,
    itemWidth: 10,
    itemHeight: 10,
    itemLength: 10,
    hs_code: '',
    ...overrides,
  };
  return ORDER_SHEET_HEADERS.map((header) => values[header] as string | number);
}

/** The workbook of these rows under the template's header. */
export const orderSheet = (rows: (string | number)[][]) => xlsx([ORDER_SHEET_HEADERS, ...rows]);
