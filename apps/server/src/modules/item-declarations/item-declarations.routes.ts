import {
  ItemDeclarationBatchResultSchema,
  ItemDeclarationFieldsSchema,
  ItemDeclarationInputSchema,
  ItemDeclarationSchema,
  ListItemDeclarationsQuerySchema,
  SidParamsSchema,
} from '@parcelops/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { workbookTemplate } from '../../lib/downloads.ts';
import { clientGone } from '../../lib/excel/client-gone.ts';
import { routes } from '../../lib/routes.ts';
import {
  commonErrors,
  DeletedSchema,
  ErrorBodySchema,
  multipartForm,
  uploadErrors,
} from '../../lib/schemas.ts';
import { readUpload, requireFile } from '../../lib/uploads.ts';
import { access, actorOf } from '../../plugins/access.ts';
import type { ItemDeclarationsService } from './item-declarations.service.ts';

export function itemDeclarationsRoutes(declarations: ItemDeclarationsService): FastifyPluginAsyncZod {
  return routes({ tags: ['item declarations'], errors: commonErrors }, (route) => {
    route.get('/item_declarations/all', {
      access: access.signedIn(),
      summary: "An account's item declarations (account users: their own; others name account_sid)",
      querystring: ListItemDeclarationsQuerySchema,
      response: { 200: z.array(ItemDeclarationSchema) },
      handler: async (request) =>
        declarations.list(actorOf(request), request.query.account_sid, request.query.filter),
    });

    route.get('/item_declarations/template', {
      access: access.signedIn(),
      summary: 'The item declaration workbook template (xlsx)',
      ...workbookTemplate('item_declarations_template.xlsx', () => declarations.template()),
    });

    route.post('/item_declarations', {
      access: access.signedIn(),
      summary: 'Declare an item (SKU, description, weight, size, HS code) for an account',
      body: ItemDeclarationInputSchema,
      response: { 201: ItemDeclarationSchema, 409: ErrorBodySchema },
      handler: async (request, reply) => {
        const { account_sid, ...fields } = request.body;
        return reply.status(201).send(await declarations.create(actorOf(request), account_sid, fields));
      },
    });

    route.post('/item_declarations/batch', {
      access: access.signedIn(),
      summary: 'Create or update declarations by SKU from an Excel upload (multipart: file, account_sid)',
      multipart: multipartForm(
        {
          account_sid: ItemDeclarationInputSchema.shape.account_sid.describe(
            'The account the declarations belong to; account users and API keys may leave it out (their own is used)',
          ),
        },
        'The item declaration workbook (xlsx), in the template format',
      ),
      response: { 200: ItemDeclarationBatchResultSchema, ...uploadErrors },
      handler: async (request, reply) => {
        const upload = await readUpload(request);
        return declarations.batch(
          actorOf(request),
          upload.fields.account_sid || undefined,
          requireFile(upload),
          clientGone(reply),
        );
      },
    });

    route.put('/item_declarations/:id', {
      access: access.admin(),
      summary: 'Change an item declaration',
      params: SidParamsSchema,
      body: ItemDeclarationFieldsSchema,
      response: { 200: ItemDeclarationSchema, 409: ErrorBodySchema },
      handler: async (request) => declarations.update(request.params.id, request.body),
    });

    route.delete('/item_declarations/:id', {
      access: access.admin(),
      summary: 'Delete an item declaration',
      params: SidParamsSchema,
      response: { 200: DeletedSchema },
      handler: async (request) => declarations.delete(request.params.id),
    });
  });
}
