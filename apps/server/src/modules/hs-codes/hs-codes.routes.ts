import { HsCodeInputSchema, HsCodeSchema, ListFilterQuerySchema, SidParamsSchema } from '@parcelops/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { commonErrors, DeletedSchema, ErrorBodySchema } from '../../lib/schemas.ts';
import { access } from '../../plugins/access.ts';
import type { HsCodesService } from './hs-codes.service.ts';

export function hsCodesRoutes(hsCodes: HsCodesService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/hs_codes',
      {
        // Everyone reads the tariff codes (declarations and orders refer to them); admins maintain them.
        config: { access: access.signedIn() },
        schema: {
          tags: ['hs codes'],
          summary: 'HS tariff codes, filtered by code or description',
          querystring: ListFilterQuerySchema,
          response: { 200: z.array(HsCodeSchema), ...commonErrors },
        },
      },
      async (request) => hsCodes.list(request.query.filter),
    );

    app.post(
      '/hs_codes',
      {
        config: { access: access.admin() },
        schema: {
          tags: ['hs codes'],
          summary: 'Add an HS code',
          body: HsCodeInputSchema,
          response: { 201: HsCodeSchema, ...commonErrors, 409: ErrorBodySchema },
        },
      },
      async (request, reply) => reply.status(201).send(await hsCodes.create(request.body)),
    );

    app.put(
      '/hs_codes/:id',
      {
        config: { access: access.admin() },
        schema: {
          tags: ['hs codes'],
          summary: 'Change an HS code or its description',
          params: SidParamsSchema,
          body: HsCodeInputSchema,
          response: { 200: HsCodeSchema, ...commonErrors, 409: ErrorBodySchema },
        },
      },
      async (request) => hsCodes.update(request.params.id, request.body),
    );

    app.delete(
      '/hs_codes/:id',
      {
        config: { access: access.admin() },
        schema: {
          tags: ['hs codes'],
          summary: 'Delete an HS code',
          params: SidParamsSchema,
          response: { 200: DeletedSchema, ...commonErrors },
        },
      },
      async (request) => hsCodes.delete(request.params.id),
    );
  };
}
