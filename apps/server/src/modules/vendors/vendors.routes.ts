import {
  ListFilterQuerySchema,
  SidParamsSchema,
  text,
  VendorInputSchema,
  VendorSchema,
  VendorSummarySchema,
} from '@parcelops/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { routes } from '../../lib/routes.ts';
import { commonErrors, DeletedSchema, ErrorBodySchema } from '../../lib/schemas.ts';
import { access } from '../../plugins/access.ts';
import type { VendorsService } from './vendors.service.ts';

// Credentials are shown only to admins (product decisions): every vendor route is admin only.
const adminOnly = access.admin(text('access.noPermissionViewVendors'));

export function vendorsRoutes(vendors: VendorsService): FastifyPluginAsyncZod {
  return routes({ tags: ['vendors'], errors: commonErrors }, (route) => {
    route.get('/vendors', {
      access: adminOnly,
      summary: 'Carrier vendors, without their credentials',
      querystring: ListFilterQuerySchema,
      response: { 200: z.array(VendorSummarySchema) },
      handler: async (request) => vendors.list(request.query.filter),
    });

    route.get('/vendors/:id', {
      access: adminOnly,
      summary: 'One vendor with its credentials',
      params: SidParamsSchema,
      response: { 200: VendorSchema },
      handler: async (request) => vendors.get(request.params.id),
    });

    route.post('/vendors', {
      access: adminOnly,
      summary: 'Add a carrier vendor with the credentials of its kind',
      body: VendorInputSchema,
      response: { 201: VendorSchema, 409: ErrorBodySchema },
      handler: async (request, reply) => reply.status(201).send(await vendors.create(request.body)),
    });

    route.put('/vendors/:id', {
      access: adminOnly,
      summary: "Change a vendor's name or credentials (its kind never changes)",
      params: SidParamsSchema,
      body: VendorInputSchema,
      response: { 200: VendorSchema, 409: ErrorBodySchema },
      handler: async (request) => vendors.update(request.params.id, request.body),
    });

    route.delete('/vendors/:id', {
      access: adminOnly,
      summary: 'Delete a vendor no account uses',
      params: SidParamsSchema,
      response: { 200: DeletedSchema, 409: ErrorBodySchema },
      handler: async (request) => vendors.delete(request.params.id),
    });
  });
}
