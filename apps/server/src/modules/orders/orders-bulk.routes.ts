import { BulkDeleteResultSchema, BulkOrdersInputSchema } from '@parcelops/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { commonErrors } from '../../lib/schemas.ts';
import { sendXlsx, workbookReply } from '../../lib/uploads.ts';
import { access, actorOf } from '../../plugins/access.ts';
import type { OrdersBulkService } from './orders-bulk.service.ts';

export const CHOSEN_ORDERS =
  'The orders are named by `sids` or chosen by `filter` (the list’s filters), at most 1,000. Account users and ' +
  "API keys reach their own account's orders only; named orders they cannot reach are left out (404 when none is left).";

export function ordersBulkRoutes(bulk: OrdersBulkService): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/orders/export',
      {
        config: { access: access.signedIn() },
        schema: {
          tags: ['orders'],
          summary: 'Many orders as an xlsx workbook, one row per order',
          description: CHOSEN_ORDERS,
          body: BulkOrdersInputSchema,
          response: workbookReply,
        },
      },
      async (request, reply) => {
        const file = await bulk.export(actorOf(request), request.body);
        return sendXlsx(reply, 'orders.xlsx', file);
      },
    );

    app.post(
      '/orders/delete',
      {
        // As DELETE /orders/{sid}: sellers (and their keys) their own orders, admins any; operators do not delete.
        config: { access: access.roles(['account', 'admin']) },
        schema: {
          tags: ['orders'],
          summary:
            'Delete many orders: the Generated ones, each refunded; the others are listed with the reason',
          description: CHOSEN_ORDERS,
          body: BulkOrdersInputSchema,
          response: { 200: BulkDeleteResultSchema, ...commonErrors },
        },
      },
      async (request) => bulk.delete(actorOf(request), request.body),
    );
  };
}
