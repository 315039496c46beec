/**
 * GET /orders/{sid}/credit_entries: what the order moved on its account's credit (charge, refunds, re-weighs),
 * for the order view. Whoever may open the order may read them; another account's order is not found.
 */
import { OrderCreditEntrySchema, SidParamsSchema } from '@parcelops/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { routes } from '../../lib/routes.ts';
import { commonErrors } from '../../lib/schemas.ts';
import { access, actorOf } from '../../plugins/access.ts';
import type { OrdersService } from './orders.service.ts';

export function orderLedgerRoutes(orders: OrdersService): FastifyPluginAsyncZod {
  return routes({ tags: ['orders'], errors: commonErrors }, (route) => {
    route.get('/orders/:id/credit_entries', {
      access: access.signedIn(),
      summary: "The order's credit ledger rows (charge, refunds, re-weighs), oldest first",
      params: SidParamsSchema,
      response: { 200: z.array(OrderCreditEntrySchema) },
      // The order's own access rule (and its 404 for another account's order) decides first.
      handler: async (request) => orders.creditEntries(actorOf(request), request.params.id),
    });
  });
}
