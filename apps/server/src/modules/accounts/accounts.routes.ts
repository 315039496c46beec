import {
  AccountListSchema,
  AccountSchema,
  CreateAccountInputSchema,
  ListFilterQuerySchema,
  Messages,
  SidParamsSchema,
  UpdateAccountInputSchema,
} from '@parcelops/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { commonErrors, DeletedSchema, ErrorBodySchema } from '../../lib/schemas.ts';
import { access, actorOf } from '../../plugins/access.ts';
import type { AccountsService } from './accounts.service.ts';

export function accountsRoutes(accounts: AccountsService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/accounts',
      {
        config: { access: access.signedIn() },
        schema: {
          tags: ['accounts'],
          summary: 'All accounts (admin); sid and name only for operators',
          querystring: ListFilterQuerySchema,
          response: { 200: AccountListSchema, ...commonErrors },
        },
      },
      async (request) => accounts.list(actorOf(request), request.query.filter),
    );

    app.get(
      '/accounts/:id',
      {
        config: { access: access.signedIn() },
        schema: {
          tags: ['accounts'],
          summary: 'One account with its address and credit balance (account users: their own)',
          params: SidParamsSchema,
          response: { 200: AccountSchema, ...commonErrors },
        },
      },
      async (request) => accounts.get(actorOf(request), request.params.id),
    );

    app.post(
      '/accounts',
      {
        config: { access: access.admin() },
        schema: {
          tags: ['accounts'],
          summary: 'Create an account; a topup opens its credit balance',
          body: CreateAccountInputSchema,
          // 422 INSUFFICIENT_CREDIT: a negative topup larger than the balance.
          response: { 201: AccountSchema, ...commonErrors, 422: ErrorBodySchema },
        },
      },
      async (request, reply) => reply.status(201).send(await accounts.create(actorOf(request), request.body)),
    );

    app.put(
      '/accounts/:id',
      {
        config: { access: access.roles(['admin', 'account'], { apiKey: false }) },
        schema: {
          tags: ['accounts'],
          summary: 'Change an account (account users: only order_status_hook); a topup adds to the balance',
          params: SidParamsSchema,
          body: UpdateAccountInputSchema,
          // 422 INSUFFICIENT_CREDIT: a negative topup larger than the balance.
          response: { 200: AccountSchema, ...commonErrors, 422: ErrorBodySchema },
        },
      },
      async (request) => accounts.update(actorOf(request), request.params.id, request.body),
    );

    app.delete(
      '/accounts/:id',
      {
        config: { access: access.admin(Messages.noPermissionDeleteAccount) },
        schema: {
          tags: ['accounts'],
          summary: 'Delete an account with its users, API keys and credit ledger',
          params: SidParamsSchema,
          // 409 IN_USE: the account has orders.
          response: { 200: DeletedSchema, ...commonErrors, 409: ErrorBodySchema },
        },
      },
      async (request) => accounts.delete(request.params.id),
    );
  };
}
