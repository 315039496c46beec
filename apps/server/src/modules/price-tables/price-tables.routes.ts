import {
  ListFilterQuerySchema,
  Messages,
  PriceTableNameSchema,
  PriceTableSchema,
  PriceTableSummarySchema,
  SidParamsSchema,
} from '@parcelops/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { fieldError } from '../../lib/app-error.ts';
import {
  commonErrors,
  DeletedSchema,
  ErrorBodySchema,
  multipartForm,
  uploadErrors,
} from '../../lib/schemas.ts';
import { readUpload, requireFile, sendXlsx, workbookReply } from '../../lib/uploads.ts';
import { access } from '../../plugins/access.ts';
import type { PriceTablesService } from './price-tables.service.ts';

const adminOnly = access.admin(Messages.noPermissionViewPricese);
const priceTableUploadErrors = { ...uploadErrors, 409: ErrorBodySchema };
const PriceTableFormSchema = multipartForm(
  { name: PriceTableNameSchema },
  'The price table workbook (xlsx), in the template format',
);

/** The name field of a multipart form, trimmed and required like any other name. */
function nameFrom(fields: Record<string, string>): string {
  const parsed = PriceTableNameSchema.safeParse(fields.name ?? '');
  if (!parsed.success) throw fieldError('name', parsed.error.issues[0]?.message ?? 'Name is required');
  return parsed.data;
}

export function priceTablesRoutes(prices: PriceTablesService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/pricese',
      {
        config: { access: adminOnly },
        schema: {
          tags: ['price tables'],
          summary: 'Price tables, by name',
          querystring: ListFilterQuerySchema,
          response: { 200: z.array(PriceTableSummarySchema), ...commonErrors },
        },
      },
      async (request) => prices.list(request.query.filter),
    );

    app.get(
      '/pricese/template',
      {
        config: { access: adminOnly },
        schema: {
          tags: ['price tables'],
          summary: 'The price table workbook template (xlsx)',
          response: workbookReply,
        },
      },
      async (_request, reply) => sendXlsx(reply, 'pricese_template.xlsx', await prices.template()),
    );

    app.get(
      '/pricese/:id',
      {
        config: { access: adminOnly },
        schema: {
          tags: ['price tables'],
          summary: 'One price table with its rows (weight in grams, VND, USD)',
          params: SidParamsSchema,
          response: { 200: PriceTableSchema, ...commonErrors },
        },
      },
      async (request) => prices.get(request.params.id),
    );

    app.get(
      '/pricese/:id/export',
      {
        config: { access: adminOnly },
        schema: {
          tags: ['price tables'],
          summary: 'The stored table as a workbook in the template format',
          params: SidParamsSchema,
          response: workbookReply,
        },
      },
      async (request, reply) => {
        const { name, file } = await prices.export(request.params.id);
        return sendXlsx(reply, `${name}.xlsx`, file);
      },
    );

    app.post(
      '/pricese',
      {
        config: { access: adminOnly },
        schema: {
          tags: ['price tables'],
          summary: 'Create a price table (multipart: name, file)',
          multipart: PriceTableFormSchema,
          response: { 201: PriceTableSchema, ...priceTableUploadErrors },
        },
      },
      async (request, reply) => {
        const upload = await readUpload(request);
        const name = nameFrom(upload.fields);
        return reply.status(201).send(await prices.create(name, requireFile(upload)));
      },
    );

    app.put(
      '/pricese/:id',
      {
        config: { access: adminOnly },
        schema: {
          tags: ['price tables'],
          summary: 'Replace the rows of a price table (multipart: name, file); the name cannot change',
          multipart: PriceTableFormSchema,
          params: SidParamsSchema,
          response: { 200: PriceTableSchema, ...priceTableUploadErrors },
        },
      },
      async (request) => {
        const upload = await readUpload(request);
        return prices.update(request.params.id, nameFrom(upload.fields), requireFile(upload));
      },
    );

    app.delete(
      '/pricese/:id',
      {
        config: { access: adminOnly },
        schema: {
          tags: ['price tables'],
          summary: 'Delete a price table no account uses',
          params: SidParamsSchema,
          response: { 200: DeletedSchema, ...commonErrors, 409: ErrorBodySchema },
        },
      },
      async (request) => prices.delete(request.params.id),
    );
  };
}
