import {
  BulkOrdersInputSchema,
  LabelFormatQuerySchema,
  labelOutputOf,
  SidParamsSchema,
} from '@parcelops/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sendFile } from '../../lib/downloads.ts';
import { routes } from '../../lib/routes.ts';
import { commonErrors, ErrorBodySchema } from '../../lib/schemas.ts';
import { access, actorOf } from '../../plugins/access.ts';
import { CHOSEN_ORDERS } from '../orders/orders-bulk.routes.ts';
import { LABEL_FORMATS_NOTE, labelReply } from './label-files.ts';
import type { LabelsService } from './labels.service.ts';

export function labelsRoutes(labels: LabelsService): FastifyPluginAsyncZod {
  return routes({ tags: ['orders'], errors: commonErrors }, (route) => {
    route.get('/orders/:id/label', {
      access: access.signedIn(),
      summary: "The order's 4x6 inch shipping label with its Code 128 barcode (PDF)",
      description:
        'Account users and API keys may print their own orders only. Orders in status 10 (Order Failed) ' +
        `cannot be printed (409). ${LABEL_FORMATS_NOTE}`,
      params: SidParamsSchema,
      querystring: LabelFormatQuerySchema,
      response: {
        200: labelReply('A PDF document, one 4x6 inch page (or one ZPL label)'),
        409: ErrorBodySchema,
      },
      handler: async (request, reply) => {
        const output = labelOutputOf(request.query);
        const { barcode, file, body } = await labels.orderLabel(actorOf(request), request.params.id, output);
        // A PDF is shown in the browser's PDF viewer (the label print page); either is saved under the barcode.
        const name = `label-${barcode}.${file.extension}`;
        return sendFile(reply, { type: file.type, name, body, inline: file.extension === 'pdf' });
      },
    });

    route.post('/orders/labels', {
      access: access.signedIn(),
      summary: 'The labels of many orders as one PDF, a 4x6 inch page each',
      description: `${CHOSEN_ORDERS} Order Failed orders are skipped (the X-Labels-Skipped header counts them); 409 when nothing is left to print. ${LABEL_FORMATS_NOTE}`,
      body: BulkOrdersInputSchema,
      querystring: LabelFormatQuerySchema,
      response: {
        200: labelReply(
          'A PDF document, one 4x6 inch page per order (or their ZPL labels, one after another)',
        ),
        409: ErrorBodySchema,
      },
      handler: async (request, reply) => {
        const output = labelOutputOf(request.query);
        const { file, body, printed, skipped } = await labels.bulkLabels(
          actorOf(request),
          request.body,
          output,
        );
        reply.header('x-labels-printed', String(printed)).header('x-labels-skipped', String(skipped));
        return sendFile(reply, { type: file.type, name: `labels-${printed}.${file.extension}`, body });
      },
    });
  });
}
