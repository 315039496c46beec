/**
 * The chosen orders as an xlsx (POST /orders/export): a bold header row, one row per order with its main
 * fields (lib/excel/sheet-writer.ts writes it, formula-like text as text).
 */
import { orderStatusLabel } from '@parcelops/shared';
import { type RecordColumn, writeRecords } from '../../lib/excel/sheet-writer.ts';
import { DATE_TIME_FORMAT, zoned } from '../../lib/excel/workbook-dates.ts';
import type { OrderListItem } from './orders.service.ts';

export const ORDER_EXPORT_COLUMNS: readonly RecordColumn<OrderListItem>[] = [
  { header: 'Order number', width: 22, value: (o) => o.orderNumber },
  { header: 'Barcode', width: 16, value: (o) => o.barcode },
  { header: 'Account', width: 22, value: (o) => o.account_name },
  { header: 'Status', width: 14, value: (o) => orderStatusLabel(o.status) },
  { header: 'Reason', width: 30, value: (o) => o.reason },
  { header: 'Customer', width: 22, value: (o) => o.name },
  { header: 'Phone', width: 16, value: (o) => o.phone },
  { header: 'Address 1', width: 28, value: (o) => o.address1 },
  { header: 'Address 2', width: 18, value: (o) => o.address2 },
  { header: 'City', width: 16, value: (o) => o.city },
  { header: 'State', width: 8, value: (o) => o.state },
  { header: 'Postal code', width: 12, value: (o) => o.postalCode },
  { header: 'Country', width: 8, value: (o) => o.country },
  { header: 'Weight (g)', width: 11, value: (o) => o.weight, numFmt: '#,##0' },
  { header: 'Length (cm)', width: 11, value: (o) => o.length },
  { header: 'Width (cm)', width: 11, value: (o) => o.width },
  { header: 'Height (cm)', width: 11, value: (o) => o.height },
  { header: 'VND', width: 12, value: (o) => o.vnd, numFmt: '#,##0' },
  { header: 'USD', width: 10, value: (o) => o.usd, numFmt: '#,##0.00' },
  { header: 'Master air waybill', width: 18, value: (o) => o.ams_masterAirWaybill },
  { header: 'Carton label', width: 16, value: (o) => o.ams_carton_label },
  {
    header: zoned('Created'),
    width: 20,
    value: (o) => new Date(o.date_created),
    numFmt: DATE_TIME_FORMAT,
  },
];

export function ordersWorkbook(orders: readonly OrderListItem[]): Promise<Buffer> {
  return writeRecords('Orders', ORDER_EXPORT_COLUMNS, orders);
}
