import { UPLOADABLE_STATUSES, UpdateOrdersStatusFieldsSchema } from '@parcelops/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/app-error.ts';
import { fileReply, multipartForm, uploadErrors } from '../../lib/schemas.ts';
import { attachment, readUpload, requireFile, XLSX_TYPE } from '../../lib/uploads.ts';
import { access } from '../../plugins/access.ts';
import type { OrderUploadsService } from './barcode-uploads.service.ts';

/** Hub work: admins and operators, never account users or their API keys (product decisions, Hub work). */
const HUB = access.roles(['admin', 'operator'], { apiKey: false });

const BARCODES_FILE =
  'A one-column xlsx of barcodes; the first row is a header (any text). Blank lines are skipped, a barcode ' +
  'listed twice is kept once, and barcodes are matched trimmed and upper-cased.';

function statusFieldsOf(fields: Record<string, string>) {
  const parsed = UpdateOrdersStatusFieldsSchema.safeParse({
    status: fields.status ?? '',
    reason: fields.reason || undefined,
  });
  if (parsed.success) return parsed.data;
  const details = parsed.error.issues.map((issue) => ({
    path: issue.path.join('.') || 'status',
    message: issue.message,
  }));
  throw AppError.badRequest(details[0]?.message ?? 'Choose a status.', details);
}

export function orderUploadsRoutes(uploads: OrderUploadsService): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/orders/getDetails',
      {
        config: { access: HUB },
        schema: {
          tags: ['orders'],
          summary: 'Order_details.xlsx for a list of barcodes (multipart: file)',
          description:
            'One row per barcode of the upload, in its order: the order’s fields and its items on one line, or ' +
            '"not found" with the barcode.',
          multipart: multipartForm({}, BARCODES_FILE),
          response: { 200: fileReply(XLSX_TYPE, 'Order_details.xlsx'), ...uploadErrors },
        },
      },
      async (request, reply) => {
        const upload = await readUpload(request);
        const file = await uploads.details(requireFile(upload));
        return reply
          .type(XLSX_TYPE)
          .header('content-disposition', attachment('Order_details.xlsx'))
          .send(file);
      },
    );

    app.post(
      '/orders/status',
      {
        config: { access: HUB },
        schema: {
          tags: ['orders'],
          summary: 'Set one status on every order of a barcode list (multipart: file, status, reason)',
          description:
            'Any status but Order Failed (10); `reason` is required for Failed (5). Each order that changes gets ' +
            'a tracking event. The reply is an xlsx with one row per barcode: updated, unchanged (already in ' +
            'that status), not found, or refused (an Order Failed order) with why.',
          multipart: multipartForm(
            {
              status: z
                .string()
                .describe(`The status to set, one of ${UPLOADABLE_STATUSES.join(', ')} (spec §4)`),
              reason: z.string().optional().describe('Why, for Failed (5); required then, ignored otherwise'),
            },
            BARCODES_FILE,
          ),
          response: { 200: fileReply(XLSX_TYPE, 'The result of each barcode'), ...uploadErrors },
        },
      },
      async (request, reply) => {
        const upload = await readUpload(request);
        const fields = statusFieldsOf(upload.fields);
        const file = await uploads.updateStatus(requireFile(upload), fields);
        return reply
          .type(XLSX_TYPE)
          .header('content-disposition', attachment('order_status_result.xlsx'))
          .send(file);
      },
    );
  };
}
