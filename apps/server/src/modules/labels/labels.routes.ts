import { SidParamsSchema } from '@parcelops/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { commonErrors, ErrorBodySchema } from '../../lib/schemas.ts';
import { access, actorOf } from '../../plugins/access.ts';
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
            200: z.any().describe('A PDF document, one 4x6 inch page'),
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
  };
}
