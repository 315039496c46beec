import {
  field,
  issueText,
  ListFilterQuerySchema,
  PriceTableNameSchema,
  PriceTableSchema,
  PriceTableSummarySchema,
  SidParamsSchema,
  text,
} from '@parcelops/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { fieldError } from '../../lib/app-error.ts';
import { sendFile, workbookTemplate, XLSX_TYPE, xlsxDownload } from '../../lib/downloads.ts';
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
import { access } from '../../plugins/access.ts';
import type { PriceTablesService } from './price-tables.service.ts';

const adminOnly = access.admin(text('access.noPermissionViewPricese'));
const priceTableUploadErrors = { ...uploadErrors, 409: ErrorBodySchema };
const PriceTableFormSchema = multipartForm(
  { name: PriceTableNameSchema },
  'The price table workbook (xlsx), in the template format',
);

/** The name field of a multipart form, trimmed and required like any other name. */
function nameFrom(fields: Record<string, string>): string {
  const parsed = PriceTableNameSchema.safeParse(fields.name ?? '');
  const [issue] = parsed.error?.issues ?? [];
  if (!parsed.success)
    throw fieldError(
      'name',
      issue ? issueText(issue) : text('validation.required', { label: field('name') }),
    );
  return parsed.data;
}

export function priceTablesRoutes(prices: PriceTablesService): FastifyPluginAsyncZod {
  return routes({ tags: ['price tables'], errors: commonErrors }, (route) => {
    route.get('/pricese', {
      access: adminOnly,
      summary: 'Price tables, by name',
      querystring: ListFilterQuerySchema,
      response: { 200: z.array(PriceTableSummarySchema) },
      handler: async (request) => prices.list(request.query.filter),
    });

    route.get('/pricese/template', {
      access: adminOnly,
      summary: 'The price table workbook template (xlsx)',
      ...workbookTemplate('pricese_template.xlsx', () => prices.template()),
    });

    route.get('/pricese/:id', {
      access: adminOnly,
      summary: 'One price table with its rows (weight in grams, VND, USD)',
      params: SidParamsSchema,
      response: { 200: PriceTableSchema },
      handler: async (request) => prices.get(request.params.id),
    });

    route.get('/pricese/:id/export', {
      access: adminOnly,
      summary: 'The stored table as a workbook in the template format',
      params: SidParamsSchema,
      response: { 200: xlsxDownload },
      handler: async (request, reply) => {
        const { name, file } = await prices.export(request.params.id);
        return sendFile(reply, { type: XLSX_TYPE, name: `${name}.xlsx`, body: file });
      },
    });

    route.post('/pricese', {
      access: adminOnly,
      summary: 'Create a price table (multipart: name, file)',
      multipart: PriceTableFormSchema,
      response: { 201: PriceTableSchema, ...priceTableUploadErrors },
      handler: async (request, reply) => {
        const upload = await readUpload(request);
        const name = nameFrom(upload.fields);
        return reply.status(201).send(await prices.create(name, requireFile(upload), clientGone(reply)));
      },
    });

    route.put('/pricese/:id', {
      access: adminOnly,
      summary: 'Replace the rows of a price table (multipart: name, file); the name cannot change',
      multipart: PriceTableFormSchema,
      params: SidParamsSchema,
      response: { 200: PriceTableSchema, ...priceTableUploadErrors },
      handler: async (request, reply) => {
        const upload = await readUpload(request);
        return prices.update(
          request.params.id,
          nameFrom(upload.fields),
          requireFile(upload),
          clientGone(reply),
        );
      },
    });

    route.delete('/pricese/:id', {
      access: adminOnly,
      summary: 'Delete a price table no account uses',
      params: SidParamsSchema,
      response: { 200: DeletedSchema, 409: ErrorBodySchema },
      handler: async (request) => prices.delete(request.params.id),
    });
  });
}
