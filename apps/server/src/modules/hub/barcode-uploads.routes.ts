import { UPLOADABLE_STATUSES, UpdateOrdersStatusFieldsSchema } from '@parcelops/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/app-error.ts';
import { sendFile, XLSX_TYPE } from '../../lib/downloads.ts';
import { routes } from '../../lib/routes.ts';
import { commonErrors, fileReply, multipartForm, uploadErrors } from '../../lib/schemas.ts';
import { readUpload, requireFile } from '../../lib/uploads.ts';
import { access, actorOf } from '../../plugins/access.ts';
import type { OrderUploadsService } from './barcode-uploads.service.ts';

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
  return routes({ tags: ['orders'], errors: { ...commonErrors, ...uploadErrors } }, (route) => {
    route.post('/orders/getDetails', {
      access: access.hub(),
      summary: 'Order_details.xlsx for a list of barcodes (multipart: file)',
      description:
        'One row per barcode of the upload, in its order: the order’s fields and its items on one line, or ' +
        '"not found" with the barcode.',
      multipart: multipartForm({}, BARCODES_FILE),
      response: { 200: fileReply(XLSX_TYPE, 'Order_details.xlsx') },
      handler: async (request, reply) => {
        const upload = await readUpload(request);
        const file = await uploads.details(requireFile(upload));
        return sendFile(reply, { type: XLSX_TYPE, name: 'Order_details.xlsx', body: file });
      },
    });

    route.post('/orders/status', {
      access: access.hub(),
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
      response: { 200: fileReply(XLSX_TYPE, 'The result of each barcode') },
      handler: async (request, reply) => {
        const upload = await readUpload(request);
        const fields = statusFieldsOf(upload.fields);
        const file = await uploads.updateStatus(actorOf(request), requireFile(upload), fields);
        return sendFile(reply, { type: XLSX_TYPE, name: 'order_status_result.xlsx', body: file });
      },
    });
  });
}
