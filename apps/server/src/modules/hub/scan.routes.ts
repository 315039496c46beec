import {
  OrderSchema,
  SCANNED_ORDERS_FILE,
  ScanParamsSchema,
  ScanQuerySchema,
  ScanReportInputSchema,
} from '@parcelops/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { commonErrors, ErrorBodySchema, fileReply } from '../../lib/schemas.ts';
import { attachment, XLSX_TYPE } from '../../lib/uploads.ts';
import { access } from '../../plugins/access.ts';
import type { OrdersScanService } from './scan.service.ts';

/** Hub work (product decisions): admins and operators; account users and API keys are refused. */
const hubWork = access.roles(['admin', 'operator'], { apiKey: false });

export function ordersScanRoutes(scan: OrdersScanService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/orders/scan/barcode/:code',
      {
        config: { access: hubWork },
        schema: {
          tags: ['orders'],
          summary: 'Scan a parcel at a hub: the order; a Generated one moves to Scanned',
          description:
            'The barcode is matched trimmed and upper-cased. A Generated order moves to Scanned with the ' +
            'tracking event "Received at <hub> hub" (location Sai Gon or Ha Noi); scanning again changes nothing. ' +
            'An Order Failed order is refused (409) with its reason; an unknown barcode answers 404.',
          params: ScanParamsSchema,
          querystring: ScanQuerySchema,
          response: { 200: OrderSchema, ...commonErrors, 409: ErrorBodySchema },
        },
      },
      async (request) => scan.scan(request.params.code, request.query.hub),
    );

    app.post(
      '/orders/scan/report',
      {
        config: { access: hubWork },
        schema: {
          tags: ['orders'],
          summary: 'The scan table as scanned_orders.xlsx, with each order as it stands now',
          description:
            'One row per barcode (trimmed, upper-cased, each once, in the order given): Id, Order number, ' +
            'Barcode, Status, Reason, Weight in grams. An unknown barcode keeps its row with the reason.',
          body: ScanReportInputSchema,
          response: { 200: fileReply(XLSX_TYPE, 'An xlsx workbook'), ...commonErrors },
        },
      },
      async (request, reply) => {
        const file = await scan.report(request.body.barcodes);
        return reply
          .type(XLSX_TYPE)
          .header('content-disposition', attachment(SCANNED_ORDERS_FILE))
          .send(file);
      },
    );
  };
}
