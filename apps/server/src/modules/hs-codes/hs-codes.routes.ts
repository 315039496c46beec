import { HsCodeInputSchema, HsCodeSchema, ListFilterQuerySchema, SidParamsSchema } from '@parcelops/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { routes } from '../../lib/routes.ts';
import { commonErrors, DeletedSchema, ErrorBodySchema } from '../../lib/schemas.ts';
import { access } from '../../plugins/access.ts';
import type { HsCodesService } from './hs-codes.service.ts';

export function hsCodesRoutes(hsCodes: HsCodesService): FastifyPluginAsyncZod {
  return routes({ tags: ['hs codes'], errors: commonErrors }, (route) => {
    route.get('/hs_codes', {
      // Everyone reads the tariff codes (declarations and orders refer to them); admins maintain them.
      access: access.signedIn(),
      summary: 'HS tariff codes, filtered by code or description',
      querystring: ListFilterQuerySchema,
      response: { 200: z.array(HsCodeSchema) },
      handler: async (request) => hsCodes.list(request.query.filter),
    });

    route.post('/hs_codes', {
      access: access.admin(),
      summary: 'Add an HS code',
      body: HsCodeInputSchema,
      response: { 201: HsCodeSchema, 409: ErrorBodySchema },
      handler: async (request, reply) => reply.status(201).send(await hsCodes.create(request.body)),
    });

    route.put('/hs_codes/:id', {
      access: access.admin(),
      summary: 'Change an HS code or its description',
      params: SidParamsSchema,
      body: HsCodeInputSchema,
      response: { 200: HsCodeSchema, 409: ErrorBodySchema },
      handler: async (request) => hsCodes.update(request.params.id, request.body),
    });

    route.delete('/hs_codes/:id', {
      access: access.admin(),
      summary: 'Delete an HS code',
      params: SidParamsSchema,
      response: { 200: DeletedSchema },
      handler: async (request) => hsCodes.delete(request.params.id),
    });
  });
}
