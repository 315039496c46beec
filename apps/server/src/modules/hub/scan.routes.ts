import {
  SCANNED_ORDERS_FILE,
  ScanParamsSchema,
  ScanQuerySchema,
  ScanReplySchema,
  ScanReportInputSchema,
} from '@parcelops/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sendFile, XLSX_TYPE, xlsxDownload } from '../../lib/downloads.ts';
import { routes } from '../../lib/routes.ts';
import { commonErrors } from '../../lib/schemas.ts';
import { access, actorOf } from '../../plugins/access.ts';
import type { OrdersScanService } from './scan.service.ts';

export function ordersScanRoutes(scan: OrdersScanService): FastifyPluginAsyncZod {
  return routes({ tags: ['orders'], errors: commonErrors }, (route) => {
    route.get('/orders/scan/barcode/:code', {
      access: access.hub(),
      summary: 'Scan a parcel at a hub: the order and what the scan found; a Generated one moves to Scanned',
      description:
        'The barcode is matched without whitespace or control characters, upper-cased and without a ' +
        "scanner's AIM prefix (`]C0`); when that matches nothing, by the one barcode of ours (PO and ten " +
        'digits) inside it, so a prefix, suffix or trailing check character does not matter. Every order ' +
        'found answers 200 with the order and `scan`: `code` says what the scan found, `msg` says it in ' +
        'English, `received_at` and `received_hub` say when and where the parcel was first received (its ' +
        'first Scanned event). RECEIVED: a Generated order moved to Scanned now, with the tracking event ' +
        '"Received at <hub> hub" (location Sai Gon or Ha Noi). Anything else changes nothing: ' +
        'ALREADY_RECEIVED (received earlier at this hub, or by another station at the same moment), ' +
        'RECEIVED_AT_OTHER_HUB, IN_MANIFEST (Processing), DEPARTED (Processed), DELIVERED, FAILED (with the ' +
        "order's reason) and ORDER_FAILED (with its reason). An unknown barcode answers 404.",
      params: ScanParamsSchema,
      querystring: ScanQuerySchema,
      response: { 200: ScanReplySchema },
      handler: async (request) => scan.scan(actorOf(request), request.params.code, request.query.hub),
    });

    route.post('/orders/scan/report', {
      access: access.hub(),
      summary: 'The scan table as scanned_orders.xlsx, with each order as it stands now',
      description:
        'One row per order (barcodes matched as the scan matches them, each order once, in the order given): ' +
        'Id, Order number, Barcode, Status, Reason, Weight in grams. An unknown barcode keeps its row with ' +
        'the reason.',
      body: ScanReportInputSchema,
      response: { 200: xlsxDownload },
      handler: async (request, reply) => {
        const file = await scan.report(request.body.barcodes);
        return sendFile(reply, { type: XLSX_TYPE, name: SCANNED_ORDERS_FILE, body: file });
      },
    });
  });
}
