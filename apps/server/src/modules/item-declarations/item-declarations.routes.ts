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
import {
  commonErrors,
  DeletedSchema,
  ErrorBodySchema,
  multipartForm,
  uploadErrors,
} from '../../lib/schemas.ts';
import { readUpload, requireFile, sendXlsx, workbookReply } from '../../lib/uploads.ts';
import { access, actorOf } from '../../plugins/access.ts';
import type { ItemDeclarationsService } from './item-declarations.service.ts';

export function itemDeclarationsRoutes(declarations: ItemDeclarationsService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/item_declarations/all',
      {
        config: { access: access.signedIn() },
        schema: {
          tags: ['item declarations'],
          summary: "An account's item declarations (account users: their own; others name account_sid)",
          querystring: ListItemDeclarationsQuerySchema,
          response: { 200: z.array(ItemDeclarationSchema), ...commonErrors },
        },
      },
      async (request) => declarations.list(actorOf(request), request.query.account_sid, request.query.filter),
    );

    app.get(
      '/item_declarations/template',
      {
        config: { access: access.signedIn() },
        schema: {
          tags: ['item declarations'],
          summary: 'The item declaration workbook template (xlsx)',
          response: workbookReply,
        },
      },
      async (_request, reply) =>
        sendXlsx(reply, 'item_declarations_template.xlsx', await declarations.template()),
    );

    app.post(
      '/item_declarations',
      {
        config: { access: access.signedIn() },
        schema: {
          tags: ['item declarations'],
          summary: 'Declare an item (SKU, description, weight, size, HS code) for an account',
          body: ItemDeclarationInputSchema,
          response: { 201: ItemDeclarationSchema, ...commonErrors, 409: ErrorBodySchema },
        },
      },
      async (request, reply) => {
        const { account_sid, ...fields } = request.body;
        return reply.status(201).send(await declarations.create(actorOf(request), account_sid, fields));
      },
    );

    app.post(
      '/item_declarations/batch',
      {
        config: { access: access.signedIn() },
        schema: {
          tags: ['item declarations'],
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
        },
      },
      async (request) => {
        const upload = await readUpload(request);
        return declarations.batch(
          actorOf(request),
          upload.fields.account_sid || undefined,
          requireFile(upload),
        );
      },
    );

    app.put(
      '/item_declarations/:id',
      {
        config: { access: access.admin() },
        schema: {
          tags: ['item declarations'],
          summary: 'Change an item declaration',
          params: SidParamsSchema,
          body: ItemDeclarationFieldsSchema,
          response: { 200: ItemDeclarationSchema, ...commonErrors, 409: ErrorBodySchema },
        },
      },
      async (request) => declarations.update(request.params.id, request.body),
    );

    app.delete(
      '/item_declarations/:id',
      {
        config: { access: access.admin() },
        schema: {
          tags: ['item declarations'],
          summary: 'Delete an item declaration',
          params: SidParamsSchema,
          response: { 200: DeletedSchema, ...commonErrors },
        },
      },
      async (request) => declarations.delete(request.params.id),
    );
  };
}
