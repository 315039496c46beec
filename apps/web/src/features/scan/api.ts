import { type Hub, type Order, SCANNED_ORDERS_FILE } from '@parcelops/shared';
import { api } from '../../lib/api-client.ts';

/** GET /orders/scan/barcode/{code}: the order; a Generated one is moved to Scanned by the server. */
export const scanBarcode = (code: string, hub: Hub) =>
  api.get<Order>(`/orders/scan/barcode/${encodeURIComponent(code)}`, { hub });

/** POST /orders/scan/report: the table's barcodes as scanned_orders.xlsx, handed to the browser. */
export async function downloadScanReport(barcodes: readonly string[]): Promise<void> {
  const response = await api.request('POST', '/orders/scan/report', { barcodes });
  const href = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = href;
  link.download = SCANNED_ORDERS_FILE;
  link.click();
  URL.revokeObjectURL(href);
}
