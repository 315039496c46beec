import {
  ListFilterQuerySchema,
  Messages,
  SidParamsSchema,
  VendorInputSchema,
  VendorSchema,
  VendorSummarySchema,
} from '@parcelops/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { commonErrors, DeletedSchema, ErrorBodySchema } from '../../lib/schemas.ts';
import { access } from '../../plugins/access.ts';
import type { VendorsService } from './vendors.service.ts';

// Credentials are shown only to admins (product decisions): every vendor route is admin only.
const adminOnly = access.admin(Messages.noPermissionViewVendors);

export function vendorsRoutes(vendors: VendorsService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/vendors',
      {
        config: { access: adminOnly },
        schema: {
          tags: ['vendors'],
          summary: 'Carrier vendors, without their credentials',
          querystring: ListFilterQuerySchema,
          response: { 200: z.array(VendorSummarySchema), ...commonErrors },
        },
      },
      async (request) => vendors.list(request.query.filter),
    );

    app.get(
      '/vendors/:id',
      {
        config: { access: adminOnly },
        schema: {
          tags: ['vendors'],
          summary: 'One vendor with its credentials',
          params: SidParamsSchema,
          response: { 200: VendorSchema, ...commonErrors },
        },
      },
      async (request) => vendors.get(request.params.id),
    );

    app.post(
      '/vendors',
      {
        config: { access: adminOnly },
        schema: {
          tags: ['vendors'],
          summary: 'Add a carrier vendor with the credentials of its kind',
          body: VendorInputSchema,
          response: { 201: VendorSchema, ...commonErrors, 409: ErrorBodySchema },
        },
      },
      async (request, reply) => reply.status(201).send(await vendors.create(request.body)),
    );

    app.put(
      '/vendors/:id',
      {
        config: { access: adminOnly },
        schema: {
          tags: ['vendors'],
          summary: "Change a vendor's name or credentials (its kind never changes)",
          params: SidParamsSchema,
          body: VendorInputSchema,
          response: { 200: VendorSchema, ...commonErrors, 409: ErrorBodySchema },
        },
      },
      async (request) => vendors.update(request.params.id, request.body),
    );

    app.delete(
      '/vendors/:id',
      {
        config: { access: adminOnly },
        schema: {
          tags: ['vendors'],
          summary: 'Delete a vendor no account uses',
          params: SidParamsSchema,
          response: { 200: DeletedSchema, ...commonErrors, 409: ErrorBodySchema },
        },
      },
      async (request) => vendors.delete(request.params.id),
    );
  };
}
