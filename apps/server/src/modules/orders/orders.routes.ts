import {
  CreateOrderInputSchema,
  ListOrdersQuerySchema,
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
import { commonErrors, DeletedSchema, ErrorBodySchema } from '../../lib/schemas.ts';
import { access, actorOf } from '../../plugins/access.ts';
import type { OrdersService } from './orders.service.ts';

export function ordersRoutes(orders: OrdersService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/orders',
      {
        config: { access: access.signedIn() },
        schema: {
          tags: ['orders'],
          summary: 'Orders, newest first, without items (account users: their own account)',
          querystring: ListOrdersQuerySchema,
          response: { 200: OrderListSchema, ...commonErrors },
        },
      },
      async (request) => orders.list(actorOf(request), request.query),
    );

    app.get(
      '/orders/statistic',
      {
        config: { access: access.signedIn() },
        schema: {
          tags: ['orders'],
          summary: "The number of orders in each status, with the list's filters",
          querystring: OrderStatisticQuerySchema,
          response: { 200: OrderStatisticSchema, ...commonErrors },
        },
      },
      async (request) => orders.statistic(actorOf(request), request.query),
    );

    app.get(
      '/orders/:id',
      {
        config: { access: access.signedIn() },
        schema: {
          tags: ['orders'],
          summary: 'One order with its items',
          params: SidParamsSchema,
          response: { 200: OrderSchema, ...commonErrors },
        },
      },
      async (request) => orders.get(actorOf(request), request.params.id),
    );

    app.post(
      '/orders',
      {
        // Sellers (and their API keys) order for their own account, admins for any; operators do not order.
        config: { access: access.roles(['account', 'admin']) },
        schema: {
          tags: ['orders'],
          summary:
            'Create an order: priced, charged to credit when the account uses it, first tracking event',
          body: CreateOrderInputSchema,
          response: { 201: OrderSchema, ...commonErrors, 409: ErrorBodySchema, 422: ErrorBodySchema },
        },
      },
      async (request, reply) => reply.status(201).send(await orders.create(actorOf(request), request.body)),
    );

    app.post(
      '/orders/quote',
      {
        config: { access: access.roles(['account', 'admin']) },
        schema: {
          tags: ['orders'],
          summary:
            "Price a parcel before ordering it: its chargeable weight and the account's price in VND and USD",
          body: OrderQuoteInputSchema,
          response: { 200: OrderQuoteSchema, ...commonErrors },
        },
      },
      async (request) => orders.quote(actorOf(request), request.body),
    );

    app.put(
      '/orders/items/:id',
      {
        config: { access: access.admin() },
        schema: {
          tags: ['orders'],
          summary: "Set an order item's HS code (replies with the whole order)",
          params: SidParamsSchema,
          body: UpdateOrderItemInputSchema,
          response: { 200: OrderSchema, ...commonErrors },
        },
      },
      async (request) => orders.updateItem(actorOf(request), request.params.id, request.body.hs_code),
    );

    app.put(
      '/orders/:id',
      {
        config: { access: access.admin() },
        schema: {
          tags: ['orders'],
          summary: "Correct the customer's details and/or the weight (re-prices; credit charged or refunded)",
          params: SidParamsSchema,
          body: UpdateOrderInputSchema,
          response: { 200: OrderSchema, ...commonErrors, 409: ErrorBodySchema, 422: ErrorBodySchema },
        },
      },
      async (request) => orders.update(actorOf(request), request.params.id, request.body),
    );

    app.delete(
      '/orders/:id',
      {
        config: { access: access.roles(['account', 'admin']) },
        schema: {
          tags: ['orders'],
          summary: 'Delete a Generated order, refunding what it cost on credit',
          params: SidParamsSchema,
          response: { 200: DeletedSchema, ...commonErrors, 409: ErrorBodySchema },
        },
      },
      async (request) => orders.delete(actorOf(request), request.params.id),
    );
  };
}
