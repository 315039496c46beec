import {
  ApiKeyAccountQuerySchema,
  ApiKeySchema,
  CreatedApiKeySchema,
  SidParamsSchema,
} from '@parcelops/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { commonErrors, DeletedSchema } from '../../lib/schemas.ts';
import { access, actorOf } from '../../plugins/access.ts';
import type { ApiKeysService } from './api-keys.service.ts';

// A key cannot mint or revoke keys: only a signed-in person can.
const keyManagers = access.roles(['admin', 'account'], { apiKey: false });

export function apiKeysRoutes(keys: ApiKeysService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/keys',
      {
        config: { access: keyManagers },
        schema: {
          tags: ['api keys'],
          summary: "An account's API keys: hints and last use, never the tokens (admins name account_sid)",
          querystring: ApiKeyAccountQuerySchema,
          response: { 200: z.array(ApiKeySchema), ...commonErrors },
        },
      },
      async (request) => keys.list(actorOf(request), request.query.account_sid),
    );

    app.post(
      '/keys',
      {
        config: { access: keyManagers },
        schema: {
          tags: ['api keys'],
          summary: 'Create an API key (empty body); the token is in this reply only',
          querystring: ApiKeyAccountQuerySchema,
          response: { 201: CreatedApiKeySchema, ...commonErrors },
        },
      },
      async (request, reply) =>
        reply.status(201).send(await keys.create(actorOf(request), request.query.account_sid)),
    );

    app.delete(
      '/keys/:id',
      {
        config: { access: keyManagers },
        schema: {
          tags: ['api keys'],
          summary: 'Revoke an API key; calls with it are refused at once',
          params: SidParamsSchema,
          response: { 200: DeletedSchema, ...commonErrors },
        },
      },
      async (request) => keys.delete(actorOf(request), request.params.id),
    );
  };
}
