/**
 * What the add-order form holds and how it becomes the POST /orders payload. Field names mirror the wire's
 * (`items.0.quantity`), so the shared schema's and the server's field errors land on the right inputs.
 * Number inputs hold '' while empty: an empty quantity is an error, an empty weight or size counts as 0.
 */
import {
  BLANK_ORDER_ITEM,
  type CreateOrderInput,
  CreateOrderInputSchema,
  DEFAULT_DESTINATION_COUNTRY,
  type OrderItemInput,
  requiredText,
  type WeighedItem,
} from '@parcelops/shared';
import type { Path } from 'react-hook-form';

/** Spec §3 Order's customer (recipient) fields, also edited on an existing order. */
export interface CustomerFormValues {
  name: string;
  phone: string;
  address1: string;
  address2: string;
  city: string;
  state: string;
  postalCode: string;
  country: string;
}

export const CUSTOMER_FIELDS = [
  'name',
  'phone',
  'address1',
  'address2',
  'city',
  'state',
  'postalCode',
  'country',
] as const satisfies readonly (keyof CustomerFormValues)[];

const SELLER_FIELDS = ['name', 'address1', 'address2', 'city', 'state', 'postalCode', 'country'] as const;
export type SellerFormValues = Record<(typeof SELLER_FIELDS)[number], string>;

type NumberField = number | string;

export interface OrderItemFormValues {
  skuNumber: string;
  itemDescription: string;
  quantity: NumberField;
  itemWeight: NumberField;
  itemWidth: NumberField;
  itemHeight: NumberField;
  itemLength: NumberField;
  /** '' for none: the server takes the code from the SKU's item declaration. */
  hs_code: string;
  /** USD; '' for none: the server takes the SKU's declared value, if any. */
  declaredValue: NumberField;
  /** ISO 3166-1 alpha-2; '' for none: the server takes the SKU's declared origin, else VN. */
  originCountry: string;
}

export interface OrderFormValues extends CustomerFormValues {
  /** Admins only: whose order it is. */
  account_sid: string | null;
  orderNumber: string;
  sellerInformation: SellerFormValues;
  items: OrderItemFormValues[];
}

export const ITEM_FIELDS = [
  'skuNumber',
  'itemDescription',
  'quantity',
  'itemWeight',
  'itemWidth',
  'itemHeight',
  'itemLength',
  'hs_code',
  'declaredValue',
  'originCountry',
] as const satisfies readonly (keyof OrderItemFormValues)[];

export const blankOrderItem = (): OrderItemFormValues => ({
  ...BLANK_ORDER_ITEM,
  declaredValue: '',
  originCountry: '',
});

export function blankOrderForm(): OrderFormValues {
  return {
    account_sid: null,
    orderNumber: '',
    name: '',
    phone: '',
    address1: '',
    address2: '',
    city: '',
    state: '',
    postalCode: '',
    // Orders ship to the US (issue 21): the country starts as its code.
    country: DEFAULT_DESTINATION_COUNTRY,
    sellerInformation: Object.fromEntries(SELLER_FIELDS.map((field) => [field, ''])) as SellerFormValues,
    items: [blankOrderItem()],
  };
}

/** '' becomes `empty`; text that is not a number becomes NaN, which the schema refuses with its message. */
function toNumber(value: NumberField, empty: number): number {
  if (typeof value === 'number') return value;
  return value.trim() === '' ? empty : Number(value);
}

function itemPayload(item: OrderItemFormValues): OrderItemInput {
  return {
    skuNumber: item.skuNumber,
    itemDescription: item.itemDescription,
    quantity: toNumber(item.quantity, Number.NaN),
    itemWeight: toNumber(item.itemWeight, 0),
    itemWidth: toNumber(item.itemWidth, 0),
    itemHeight: toNumber(item.itemHeight, 0),
    itemLength: toNumber(item.itemLength, 0),
    hs_code: item.hs_code,
    // Left out when empty, so the SKU's declaration (or VN) applies rather than a value the seller never gave.
    ...(String(item.declaredValue).trim() !== '' && {
      declaredValue: toNumber(item.declaredValue, Number.NaN),
    }),
    ...(item.originCountry !== '' && { originCountry: item.originCountry }),
  };
}

/** The item as the chargeable weight sees it while it is being typed: anything unreadable counts as 0. */
export function weighedItem(item: OrderItemFormValues): WeighedItem {
  const read = (value: NumberField) => {
    const number = toNumber(value, 0);
    return Number.isFinite(number) && number > 0 ? number : 0;
  };
  return {
    quantity: read(item.quantity),
    itemWeight: read(item.itemWeight),
    itemWidth: read(item.itemWidth),
    itemHeight: read(item.itemHeight),
    itemLength: read(item.itemLength),
  };
}

/** Only the customer's fields, from a form that may hold more. */
export function customerPayload(values: CustomerFormValues): CustomerFormValues {
  const { name, phone, address1, address2, city, state, postalCode, country } = values;
  return { name, phone, address1, address2, city, state, postalCode, country };
}

/** Seller information is optional as a whole: sent only when some part of it is filled. */
export function orderPayload(values: OrderFormValues, withAccount: boolean): CreateOrderInput {
  const seller = values.sellerInformation;
  const hasSeller = Object.values(seller).some((value) => value.trim() !== '');
  return {
    orderNumber: values.orderNumber,
    ...customerPayload(values),
    ...(withAccount && { account_sid: values.account_sid ?? '' }),
    ...(hasSeller && { sellerInformation: seller }),
    items: values.items.map(itemPayload),
  };
}

/** Admins must name the account the order is for; sellers always order for their own. */
export const AdminCreateOrderInputSchema = CreateOrderInputSchema.extend({
  account_sid: requiredText('account', 64),
});

/** The fields a 400's details may name (items by index), so they land on the form. */
export function orderFormFields(itemCount: number): Path<OrderFormValues>[] {
  const fields: Path<OrderFormValues>[] = [
    'account_sid',
    'orderNumber',
    ...CUSTOMER_FIELDS,
    ...SELLER_FIELDS.map((field) => `sellerInformation.${field}` as const),
  ];
  for (let index = 0; index < itemCount; index += 1) {
    fields.push(...ITEM_FIELDS.map((field) => `items.${index}.${field}` as const));
  }
  return fields;
}
