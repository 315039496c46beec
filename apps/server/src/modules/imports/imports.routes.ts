import { OrderImportFieldsSchema, OrderImportResultSchema } from '@parcelops/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { workbookTemplate } from '../../lib/downloads.ts';
import { clientGone } from '../../lib/excel/client-gone.ts';
import { routes } from '../../lib/routes.ts';
import { commonErrors, ErrorBodySchema, multipartForm, uploadErrors } from '../../lib/schemas.ts';
import { readUpload, requireFile } from '../../lib/uploads.ts';
import { access, actorOf } from '../../plugins/access.ts';
import type { OrderImportService } from './imports.service.ts';

export function orderImportRoutes(imports: OrderImportService): FastifyPluginAsyncZod {
  return routes({ tags: ['orders'], errors: commonErrors }, (route) => {
    route.get('/orders/import/template', {
      access: access.signedIn(),
      summary: 'The order import workbook template (xlsx): the header row and one order of two items',
      ...workbookTemplate('orders_import_template.xlsx', () => imports.template()),
    });

    route.post('/orders/import', {
      // Admins and operators for any account, account users (and their API keys) for their own.
      access: access.signedIn(),
      createCall: true,
      summary: 'Import orders from an Excel upload (multipart: file, account_sid)',
      description:
        'Rows sharing an order number are one order with several items. Each order is checked by the rules of ' +
        'POST /orders; the good ones are placed (priced, charged until the credit runs out) and each bad one ' +
        'is listed in failedOrders: msg says every problem in English with its rows and column, rows lists the ' +
        "order's sheet rows, and problems groups the problems by row (one entry a row; row null for the order's " +
        'own, such as its credit), each with the column as the file names it and a catalogue key with params. ' +
        'placed gives the account and the first and last instants the placed orders were created at (GET ' +
        '/orders with account_sid, from_date and to_date set to them lists them). Orders are placed a chunk at a time: an order ' +
        'number another call placed meanwhile is listed with its row; 409 when that kept happening before ' +
        'any order was placed (nothing imported); 404 when the account was deleted meanwhile.',
      multipart: multipartForm(
        OrderImportFieldsSchema.shape,
        'The order import workbook (xlsx), in the template format',
      ),
      response: { 200: OrderImportResultSchema, ...uploadErrors, 409: ErrorBodySchema },
      handler: async (request, reply) => {
        const upload = await readUpload(request);
        return imports.import(actorOf(request), upload.fields.account_sid || undefined, requireFile(upload), {
          signal: clientGone(reply),
          onStopped: (error) => request.log.error({ err: error }, 'Order import stopped midway'),
        });
      },
    });
  });
}
