import {
  CreateOrderInputSchema,
  ListOrdersQuerySchema,
  OrderHistorySchema,
  OrderListSchema,
  OrderQuoteInputSchema,
  OrderQuoteSchema,
  OrderSchema,
  OrderStatisticQuerySchema,
  OrderStatisticSchema,
  SidParamsSchema,
  UpdateOrderInputSchema,
  UpdateOrderItemInputSchema,
} from '@parcelops/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { routes } from '../../lib/routes.ts';
import { commonErrors, DeletedSchema, ErrorBodySchema } from '../../lib/schemas.ts';
import { access, actorOf } from '../../plugins/access.ts';
import type { OrdersService } from './orders.service.ts';

export function ordersRoutes(orders: OrdersService): FastifyPluginAsyncZod {
  return routes({ tags: ['orders'], errors: commonErrors }, (route) => {
    route.get('/orders', {
      access: access.signedIn(),
      summary: 'Orders, newest first, without items (account users: their own account)',
      querystring: ListOrdersQuerySchema,
      response: { 200: OrderListSchema },
      handler: async (request) => orders.list(actorOf(request), request.query),
    });

    route.get('/orders/statistic', {
      access: access.signedIn(),
      summary: "The number of orders in each status, with the list's filters",
      querystring: OrderStatisticQuerySchema,
      response: { 200: OrderStatisticSchema },
      handler: async (request) => orders.statistic(actorOf(request), request.query),
    });

    route.get('/orders/:id', {
      access: access.signedIn(),
      summary: 'One order with its items',
      params: SidParamsSchema,
      response: { 200: OrderSchema },
      handler: async (request) => orders.get(actorOf(request), request.params.id),
    });

    route.get('/orders/:id/history', {
      // Who did what to an order is the staff's record; sellers see their parcels' events on tracking.
      access: access.hub(),
      summary:
        "The order's history, newest first: status changes, re-weighs, edits and deletion, each with who made it",
      params: SidParamsSchema,
      response: { 200: OrderHistorySchema },
      handler: async (request) => orders.history(actorOf(request), request.params.id),
    });

    route.post('/orders', {
      // Sellers (and their API keys) order for their own account, admins for any; operators do not order.
      access: access.roles(['account', 'admin']),
      createCall: true,
      summary: 'Create an order: priced, charged to credit when the account uses it, first tracking event',
      body: CreateOrderInputSchema,
      response: { 201: OrderSchema, 409: ErrorBodySchema, 422: ErrorBodySchema },
      handler: async (request, reply) =>
        reply.status(201).send(await orders.create(actorOf(request), request.body)),
    });

    route.post('/orders/quote', {
      access: access.roles(['account', 'admin']),
      summary:
        "Price a parcel before ordering it: its chargeable weight and the account's price in VND and USD",
      body: OrderQuoteInputSchema,
      response: { 200: OrderQuoteSchema },
      handler: async (request) => orders.quote(actorOf(request), request.body),
    });

    route.put('/orders/items/:id', {
      // Staff fix what the manifest's reconciliation finds; HS codes stay the admins' (spec §5: 403 otherwise).
      access: access.roles(['admin', 'operator'], { apiKey: false }),
      summary:
        "Correct an order item until its manifest is submitted: description, quantity, weight, declared value, origin, HS code (admins); recorded in the order's history, re-priced when the chargeable weight changes (replies with the whole order)",
      params: SidParamsSchema,
      body: UpdateOrderItemInputSchema,
      response: { 200: OrderSchema, 409: ErrorBodySchema, 422: ErrorBodySchema },
      handler: async (request) => orders.updateItem(actorOf(request), request.params.id, request.body),
    });

    route.put('/orders/:id', {
      // Admins correct anything; operators re-weigh at the hub (a body of `weight` alone, else 403).
      access: access.roles(['admin', 'operator'], { apiKey: false }),
      summary:
        "Correct the customer's details (admins) and/or re-weigh (admins and operators): re-prices, credit charged or refunded, recorded in the order's history",
      params: SidParamsSchema,
      body: UpdateOrderInputSchema,
      response: { 200: OrderSchema, 409: ErrorBodySchema, 422: ErrorBodySchema },
      handler: async (request) => orders.update(actorOf(request), request.params.id, request.body),
    });

    route.delete('/orders/:id', {
      access: access.roles(['account', 'admin']),
      summary: 'Delete a Generated order, refunding what it cost on credit',
      params: SidParamsSchema,
      response: { 200: DeletedSchema, 409: ErrorBodySchema },
      handler: async (request) => orders.delete(actorOf(request), request.params.id),
    });
  });
}
