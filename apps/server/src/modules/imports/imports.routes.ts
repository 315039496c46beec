import { OrderImportFieldsSchema, OrderImportResultSchema } from '@parcelops/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { commonErrors, ErrorBodySchema, fileReply, multipartForm, uploadErrors } from '../../lib/schemas.ts';
import { attachment, readUpload, requireFile, XLSX_TYPE } from '../../lib/uploads.ts';
import { access, actorOf } from '../../plugins/access.ts';
import type { OrderImportService } from './imports.service.ts';

export function orderImportRoutes(imports: OrderImportService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/orders/import/template',
      {
        config: { access: access.signedIn() },
        schema: {
          tags: ['orders'],
          summary: 'The order import workbook template (xlsx): the header row and one order of two items',
          response: { 200: fileReply(XLSX_TYPE, 'An xlsx workbook'), ...commonErrors },
        },
      },
      async (_request, reply) =>
        reply
          .type(XLSX_TYPE)
          .header('content-disposition', attachment('orders_import_template.xlsx'))
          .send(await imports.template()),
    );

    app.post(
      '/orders/import',
      {
        // Admins and operators for any account, account users (and their API keys) for their own.
        config: { access: access.signedIn() },
        schema: {
          tags: ['orders'],
          summary: 'Import orders from an Excel upload (multipart: file, account_sid)',
          description:
            'Rows sharing an order number are one order with several items. Each order is checked by the rules of ' +
            'POST /orders; the good ones are placed (priced, charged until the credit runs out) and each bad one ' +
            'is listed in failedOrders with its rows and column. 409 when another call placed the same order ' +
            'numbers meanwhile (nothing imported).',
          multipart: multipartForm(
            OrderImportFieldsSchema.shape,
            'The order import workbook (xlsx), in the template format',
          ),
          response: { 200: OrderImportResultSchema, ...uploadErrors, 409: ErrorBodySchema },
        },
      },
      async (request) => {
        const upload = await readUpload(request);
        return imports.import(actorOf(request), upload.fields.account_sid || undefined, requireFile(upload));
      },
    );
  };
}
