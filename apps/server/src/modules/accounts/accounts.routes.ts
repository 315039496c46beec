import {
  AccountListSchema,
  AccountSchema,
  CreateAccountInputSchema,
  ListFilterQuerySchema,
  SidParamsSchema,
  text,
  UpdateAccountInputSchema,
} from '@parcelops/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { routes } from '../../lib/routes.ts';
import { commonErrors, DeletedSchema, ErrorBodySchema } from '../../lib/schemas.ts';
import { access, actorOf } from '../../plugins/access.ts';
import type { AccountsService } from './accounts.service.ts';

export function accountsRoutes(accounts: AccountsService): FastifyPluginAsyncZod {
  return routes({ tags: ['accounts'], errors: commonErrors }, (route) => {
    route.get('/accounts', {
      access: access.signedIn(),
      summary: 'All accounts (admin); sid and name only for operators',
      querystring: ListFilterQuerySchema,
      response: { 200: AccountListSchema },
      handler: async (request) => accounts.list(actorOf(request), request.query.filter),
    });

    route.get('/accounts/:id', {
      access: access.signedIn(),
      summary: 'One account with its address and credit balance (account users: their own)',
      params: SidParamsSchema,
      response: { 200: AccountSchema },
      handler: async (request) => accounts.get(actorOf(request), request.params.id),
    });

    route.post('/accounts', {
      access: access.admin(),
      createCall: true,
      summary: 'Create an account; a topup opens its credit balance',
      body: CreateAccountInputSchema,
      // 422 INSUFFICIENT_CREDIT: a negative topup larger than the balance.
      response: { 201: AccountSchema, 422: ErrorBodySchema },
      handler: async (request, reply) =>
        reply.status(201).send(await accounts.create(actorOf(request), request.body)),
    });

    route.put('/accounts/:id', {
      access: access.roles(['admin', 'account'], { apiKey: false }),
      createCall: true,
      summary: 'Change an account (account users: only order_status_hook); a topup adds to the balance',
      params: SidParamsSchema,
      body: UpdateAccountInputSchema,
      // 422 INSUFFICIENT_CREDIT: a negative topup larger than the balance.
      response: { 200: AccountSchema, 422: ErrorBodySchema },
      handler: async (request) => accounts.update(actorOf(request), request.params.id, request.body),
    });

    route.delete('/accounts/:id', {
      access: access.admin(text('access.noPermissionDeleteAccount')),
      summary: 'Delete an account with its users, API keys and credit ledger',
      params: SidParamsSchema,
      // 409 IN_USE: the account has orders.
      response: { 200: DeletedSchema, 409: ErrorBodySchema },
      handler: async (request) => accounts.delete(request.params.id),
    });
  });
}
