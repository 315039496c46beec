import { BulkOrdersInputSchema, SidParamsSchema } from '@parcelops/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { commonErrors, ErrorBodySchema, fileReply } from '../../lib/schemas.ts';
import { attachment } from '../../lib/uploads.ts';
import { access, actorOf } from '../../plugins/access.ts';
import { CHOSEN_ORDERS } from '../orders/orders-bulk.routes.ts';
import type { LabelsService } from './labels.service.ts';

export const PDF_TYPE = 'application/pdf';

/** Shown in the browser's PDF viewer (the label print page), saved under the barcode's name. */
export function inlinePdf(fileName: string): string {
  return `inline; filename="${fileName.replace(/[^\w.\- ]/g, '_')}"`;
}

export function labelsRoutes(labels: LabelsService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/orders/:id/label',
      {
        config: { access: access.signedIn() },
        schema: {
          tags: ['orders'],
          summary: "The order's 4x6 inch shipping label with its Code 128 barcode (PDF)",
          description:
            'Account users and API keys may print their own orders only. Orders in status 10 (Order Failed) ' +
            'cannot be printed (409).',
          params: SidParamsSchema,
          response: {
            200: fileReply(PDF_TYPE, 'A PDF document, one 4x6 inch page'),
            ...commonErrors,
            409: ErrorBodySchema,
          },
        },
      },
      async (request, reply) => {
        const { barcode, pdf } = await labels.orderLabel(actorOf(request), request.params.id);
        return reply
          .type(PDF_TYPE)
          .header('content-disposition', inlinePdf(`label-${barcode}.pdf`))
          .send(pdf);
      },
    );

    app.post(
      '/orders/labels',
      {
        config: { access: access.signedIn() },
        schema: {
          tags: ['orders'],
          summary: 'The labels of many orders as one PDF, a 4x6 inch page each',
          description: `${CHOSEN_ORDERS} Order Failed orders are skipped (the X-Labels-Skipped header counts them); 409 when nothing is left to print.`,
          body: BulkOrdersInputSchema,
          response: {
            200: fileReply(PDF_TYPE, 'A PDF document, one 4x6 inch page per order'),
            ...commonErrors,
            409: ErrorBodySchema,
          },
        },
      },
      async (request, reply) => {
        const { pdf, printed, skipped } = await labels.bulkLabels(actorOf(request), request.body);
        return reply
          .type(PDF_TYPE)
          .header('content-disposition', attachment(`labels-${printed}.pdf`))
          .header('x-labels-printed', String(printed))
          .header('x-labels-skipped', String(skipped))
          .send(pdf);
      },
    );
  };
}
