import {
  ApiKeyAccountQuerySchema,
  ApiKeySchema,
  CreatedApiKeySchema,
  SidParamsSchema,
} from '@parcelops/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { routes } from '../../lib/routes.ts';
import { commonErrors, DeletedSchema } from '../../lib/schemas.ts';
import { access, actorOf } from '../../plugins/access.ts';
import type { ApiKeysService } from './api-keys.service.ts';

// A key cannot mint or revoke keys: only a signed-in person can.
const keyManagers = access.roles(['admin', 'account'], { apiKey: false });

export function apiKeysRoutes(keys: ApiKeysService): FastifyPluginAsyncZod {
  return routes({ tags: ['api keys'], errors: commonErrors }, (route) => {
    route.get('/keys', {
      access: keyManagers,
      summary: "An account's API keys: hints and last use, never the tokens (admins name account_sid)",
      querystring: ApiKeyAccountQuerySchema,
      response: { 200: z.array(ApiKeySchema) },
      handler: async (request) => keys.list(actorOf(request), request.query.account_sid),
    });

    route.post('/keys', {
      access: keyManagers,
      summary: 'Create an API key (empty body); the token is in this reply only',
      querystring: ApiKeyAccountQuerySchema,
      response: { 201: CreatedApiKeySchema },
      handler: async (request, reply) =>
        reply.status(201).send(await keys.create(actorOf(request), request.query.account_sid)),
    });

    route.delete('/keys/:id', {
      access: keyManagers,
      summary: 'Revoke an API key; calls with it are refused at once',
      params: SidParamsSchema,
      response: { 200: DeletedSchema },
      handler: async (request) => keys.delete(actorOf(request), request.params.id),
    });
  });
}
