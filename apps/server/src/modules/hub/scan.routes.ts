import {
  OrderSchema,
  SCANNED_ORDERS_FILE,
  ScanParamsSchema,
  ScanQuerySchema,
  ScanReportInputSchema,
} from '@parcelops/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sendFile, XLSX_TYPE, xlsxDownload } from '../../lib/downloads.ts';
import { routes } from '../../lib/routes.ts';
import { commonErrors, ErrorBodySchema } from '../../lib/schemas.ts';
import { access, actorOf } from '../../plugins/access.ts';
import type { OrdersScanService } from './scan.service.ts';

export function ordersScanRoutes(scan: OrdersScanService): FastifyPluginAsyncZod {
  return routes({ tags: ['orders'], errors: commonErrors }, (route) => {
    route.get('/orders/scan/barcode/:code', {
      access: access.hub(),
      summary: 'Scan a parcel at a hub: the order; a Generated one moves to Scanned',
      description:
        'The barcode is matched trimmed and upper-cased. A Generated order moves to Scanned with the ' +
        'tracking event "Received at <hub> hub" (location Sai Gon or Ha Noi); scanning again changes nothing. ' +
        'An Order Failed order is refused (409) with its reason; an unknown barcode answers 404.',
      params: ScanParamsSchema,
      querystring: ScanQuerySchema,
      response: { 200: OrderSchema, 409: ErrorBodySchema },
      handler: async (request) => scan.scan(actorOf(request), request.params.code, request.query.hub),
    });

    route.post('/orders/scan/report', {
      access: access.hub(),
      summary: 'The scan table as scanned_orders.xlsx, with each order as it stands now',
      description:
        'One row per barcode (trimmed, upper-cased, each once, in the order given): Id, Order number, ' +
        'Barcode, Status, Reason, Weight in grams. An unknown barcode keeps its row with the reason.',
      body: ScanReportInputSchema,
      response: { 200: xlsxDownload },
      handler: async (request, reply) => {
        const file = await scan.report(request.body.barcodes);
        return sendFile(reply, { type: XLSX_TYPE, name: SCANNED_ORDERS_FILE, body: file });
      },
    });
  });
}
