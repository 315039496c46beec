import { BulkOrdersInputSchema, SidParamsSchema } from '@parcelops/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { PDF_TYPE, sendFile } from '../../lib/downloads.ts';
import { routes } from '../../lib/routes.ts';
import { commonErrors, ErrorBodySchema, fileReply } from '../../lib/schemas.ts';
import { access, actorOf } from '../../plugins/access.ts';
import { CHOSEN_ORDERS } from '../orders/orders-bulk.routes.ts';
import type { LabelsService } from './labels.service.ts';

export function labelsRoutes(labels: LabelsService): FastifyPluginAsyncZod {
  return routes({ tags: ['orders'], errors: commonErrors }, (route) => {
    route.get('/orders/:id/label', {
      access: access.signedIn(),
      summary: "The order's 4x6 inch shipping label with its Code 128 barcode (PDF)",
      description:
        'Account users and API keys may print their own orders only. Orders in status 10 (Order Failed) ' +
        'cannot be printed (409).',
      params: SidParamsSchema,
      response: {
        200: fileReply(PDF_TYPE, 'A PDF document, one 4x6 inch page'),
        409: ErrorBodySchema,
      },
      handler: async (request, reply) => {
        const { barcode, pdf } = await labels.orderLabel(actorOf(request), request.params.id);
        // Shown in the browser's PDF viewer (the label print page), saved under the barcode's name.
        return sendFile(reply, { type: PDF_TYPE, name: `label-${barcode}.pdf`, body: pdf, inline: true });
      },
    });

    route.post('/orders/labels', {
      access: access.signedIn(),
      summary: 'The labels of many orders as one PDF, a 4x6 inch page each',
      description: `${CHOSEN_ORDERS} Order Failed orders are skipped (the X-Labels-Skipped header counts them); 409 when nothing is left to print.`,
      body: BulkOrdersInputSchema,
      response: {
        200: fileReply(PDF_TYPE, 'A PDF document, one 4x6 inch page per order'),
        409: ErrorBodySchema,
      },
      handler: async (request, reply) => {
        const { pdf, printed, skipped } = await labels.bulkLabels(actorOf(request), request.body);
        reply.header('x-labels-printed', String(printed)).header('x-labels-skipped', String(skipped));
        return sendFile(reply, { type: PDF_TYPE, name: `labels-${printed}.pdf`, body: pdf });
      },
    });
  });
}
