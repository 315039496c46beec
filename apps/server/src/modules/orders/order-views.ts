/** Order rows as the API answers them (spec field names). */
import type { Order } from '@parcelops/shared';
import type { OrderListRow, OrderWithItems } from './orders.repository.ts';

export type OrderListItem = Omit<Order, 'items' | 'items_version'>;

export function toOrderListItem(row: OrderListRow): OrderListItem {
  return {
    sid: row.sid,
    orderNumber: row.orderNumber,
    account_sid: row.accountSid,
    account_name: row.accountName,
    status: row.status,
    reason: row.reason,
    name: row.name,
    phone: row.phone,
    address1: row.address1,
    address2: row.address2,
    city: row.city,
    state: row.state,
    country: row.country,
    postalCode: row.postalCode,
    weight: row.weight,
    width: Number(row.width),
    length: Number(row.length),
    height: Number(row.height),
    vnd: Number(row.vnd),
    usd: Number(row.usd),
    barcode: row.barcode,
    shipping_partner: row.shippingPartner,
    date_created: row.dateCreated.toISOString(),
    sellerInformation: row.sellerInformation ?? null,
    batch_sid: row.batchSid,
    batch_name: row.batchName,
    ams_sid: row.amsSid,
    ams_carton_label: row.amsCartonLabel,
    ams_masterAirWaybill: row.amsMasterAirWaybill,
    ams_automatedManifestSystemId: row.amsAutomatedManifestSystemId,
    ams_details: row.amsDetails ?? null,
  };
}

export function toOrder(row: OrderWithItems): Order {
  return {
    ...toOrderListItem(row),
    items: row.items.map((item) => ({
      sid: item.sid,
      skuNumber: item.skuNumber,
      quantity: item.quantity,
      itemDescription: item.itemDescription,
      itemWeight: Number(item.itemWeight),
      itemWidth: Number(item.itemWidth),
      itemHeight: Number(item.itemHeight),
      itemLength: Number(item.itemLength),
      hs_code: item.hsCode,
      declaredValue: item.declaredValue === null ? null : Number(item.declaredValue),
      originCountry: item.originCountry,
    })),
    items_version: row.itemsVersion,
  };
}
