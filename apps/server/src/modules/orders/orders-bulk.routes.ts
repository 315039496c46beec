import { BulkDeleteResultSchema, BulkOrdersInputSchema } from '@parcelops/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sendFile, XLSX_TYPE, xlsxDownload } from '../../lib/downloads.ts';
import { routes } from '../../lib/routes.ts';
import { commonErrors } from '../../lib/schemas.ts';
import { access, actorOf } from '../../plugins/access.ts';
import type { OrdersBulkService } from './orders-bulk.service.ts';

export const CHOSEN_ORDERS =
  'The orders are named by `sids` or chosen by `filter` (the list’s filters), at most 1,000. Account users and ' +
  "API keys reach their own account's orders only; named orders they cannot reach are left out (404 when none is left).";

export function ordersBulkRoutes(bulk: OrdersBulkService): FastifyPluginAsyncZod {
  return routes({ tags: ['orders'], errors: commonErrors }, (route) => {
    route.post('/orders/export', {
      access: access.signedIn(),
      summary: 'Many orders as an xlsx workbook, one row per order',
      description: CHOSEN_ORDERS,
      body: BulkOrdersInputSchema,
      response: { 200: xlsxDownload },
      handler: async (request, reply) => {
        const file = await bulk.export(actorOf(request), request.body);
        return sendFile(reply, { type: XLSX_TYPE, name: 'orders.xlsx', body: file });
      },
    });

    route.post('/orders/delete', {
      // As DELETE /orders/{sid}: sellers (and their keys) their own orders, admins any; operators do not delete.
      access: access.roles(['account', 'admin']),
      summary: 'Delete many orders: the Generated ones, each refunded; the others are listed with the reason',
      description: CHOSEN_ORDERS,
      body: BulkOrdersInputSchema,
      response: { 200: BulkDeleteResultSchema },
      handler: async (request) => bulk.delete(actorOf(request), request.body),
    });
  });
}
