/** Orders for the component tests of every order room (orders, order-entry, order-detail, labels, hub, ams). */
import type { Order, OrderItem, OrderSummary } from '@parcelops/shared';

export const orderItem = (over: Partial<OrderItem> = {}): OrderItem => ({
  sid: 'item-1',
  skuNumber: 'SKU-TEE',
  quantity: 2,
  itemDescription: 'Cotton T-shirt',
  itemWeight: 300,
  itemWidth: 20,
  itemHeight: 2,
  itemLength: 30,
  hs_code: null,
  declaredValue: null,
  originCountry: 'VN',
  ...over,
});

export const order = (over: Partial<Order> = {}): Order => ({
  sid: 'ord-1',
  orderNumber: 'ORD-1001',
  account_sid: 'acc-1',
  account_name: 'Seller One',
  status: 0,
  reason: null,
  name: 'Jane Buyer',
  phone: null,
  address1: '1 Main St',
  address2: null,
  city: 'Austin',
  state: 'TX',
  country: 'US',
  postalCode: '73301',
  weight: 1250,
  width: 20,
  length: 30,
  height: 4,
  vnd: 180000,
  usd: 7.5,
  barcode: 'PO123456789',
  shipping_partner: null,
  date_created: '2026-11-01T08:30:00.000Z',
  sellerInformation: null,
  batch_sid: null,
  batch_name: null,
  ams_sid: null,
  ams_carton_label: null,
  ams_masterAirWaybill: null,
  ams_automatedManifestSystemId: null,
  ams_details: null,
  items: [orderItem()],
  items_version: 0,
  ...over,
});

export const orderSummary = (over: Partial<OrderSummary> = {}): OrderSummary => {
  const { items: _items, items_version: _version, ...summary } = order();
  return { ...summary, ...over };
};
