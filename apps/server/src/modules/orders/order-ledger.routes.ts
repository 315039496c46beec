/**
 * GET /orders/{sid}/credit_entries: what the order moved on its account's credit (charge, refunds, re-weighs),
 * for the order view. Whoever may open the order may read them; another account's order is not found.
 */
import { CreditUnitSchema, SidParamsSchema } from '@parcelops/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Executor } from '../../db/database.ts';
import { commonErrors } from '../../lib/schemas.ts';
import { access, actorOf } from '../../plugins/access.ts';
import { CREDIT_ENTRY_KINDS } from '../accounts/credit-ledger.table.ts';
import { orderCreditEntries } from '../accounts/order-ledger.ts';
import type { OrdersService } from './orders.service.ts';

const OrderCreditEntrySchema = z.object({
  kind: z.enum(CREDIT_ENTRY_KINDS),
  amount: z.number(),
  balance_after: z.number(),
  unit: CreditUnitSchema,
  note: z.string().nullable(),
  date_created: z.string(),
});

export function orderLedgerRoutes(orders: OrdersService, db: Executor): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/orders/:id/credit_entries',
      {
        config: { access: access.signedIn() },
        schema: {
          tags: ['orders'],
          summary: "The order's credit ledger rows (charge, refunds, re-weighs), oldest first",
          params: SidParamsSchema,
          response: { 200: z.array(OrderCreditEntrySchema), ...commonErrors },
        },
      },
      async (request) => {
        // The order's own access rule (and its 404 for another account's order) decides first.
        const order = await orders.get(actorOf(request), request.params.id);
        return orderCreditEntries(db, order.sid);
      },
    );
  };
}
