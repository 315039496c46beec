import {
  issueText,
  STATUS_PREVIEW_LIST_MAX,
  STATUS_RESULT_HEADERS,
  StatusUploadPreviewSchema,
  text,
  UPLOADABLE_STATUSES,
  UpdateOrdersStatusFieldsSchema,
} from '@parcelops/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError, fieldIssue } from '../../lib/app-error.ts';
import { sendFile, sendStreamedWorkbook, workbookTemplate, XLSX_TYPE } from '../../lib/downloads.ts';
import { clientGone } from '../../lib/excel/client-gone.ts';
import { routes } from '../../lib/routes.ts';
import { commonErrors, ErrorBodySchema, fileReply, multipartForm, uploadErrors } from '../../lib/schemas.ts';
import { readUpload, requireFile } from '../../lib/uploads.ts';
import { access, actorOf } from '../../plugins/access.ts';
import { barcodesTemplate, type OrderUploadsService } from './barcode-uploads.service.ts';

const BARCODES_FILE =
  'A one-column xlsx of barcodes; the first row is a header (any text). Blank lines are skipped, an order ' +
  'listed twice is kept once, and barcodes are matched as a scan matches them (whitespace, control ' +
  "characters, case and a scanner's AIM prefix do not matter; failing an exact match, the one barcode of " +
  'ours inside the text is used).';

function statusFieldsOf(fields: Record<string, string>) {
  const parsed = UpdateOrdersStatusFieldsSchema.safeParse({
    status: fields.status ?? '',
    reason: fields.reason || undefined,
  });
  if (parsed.success) return parsed.data;
  const issues = parsed.error.issues.map((issue) => ({
    path: issue.path.join('.') || 'status',
    words: issueText(issue),
  }));
  throw AppError.badRequest(
    issues[0]?.words ?? text('hub.status.chooseStatus'),
    issues.map((issue) => fieldIssue(issue.path, issue.words)),
  );
}

/** The form of a status upload and of its preview. */
const STATUS_FORM = multipartForm(
  {
    status: z.string().describe(`The status to set, one of ${UPLOADABLE_STATUSES.join(', ')} (spec §4)`),
    reason: z
      .string()
      .optional()
      .describe(
        "Why: required for Failed (5), and the order's reason then. From an admin, it also lets the upload " +
          'make changes the transition rules otherwise refuse (recorded on their events).',
      ),
  },
  BARCODES_FILE,
);

export function orderUploadsRoutes(uploads: OrderUploadsService): FastifyPluginAsyncZod {
  return routes({ tags: ['orders'], errors: { ...commonErrors, ...uploadErrors } }, (route) => {
    // The template of both barcode uploads, offered beside each as the other uploads offer theirs.
    for (const [path, name, upload] of [
      ['/orders/getDetails/template', 'order_details_template.xlsx', 'POST /orders/getDetails'],
      ['/orders/status/template', 'order_status_template.xlsx', 'POST /orders/status'],
    ] as const) {
      route.get(path, {
        access: access.hub(),
        summary: `The barcode workbook template of ${upload} (xlsx): the one Barcode column, as text`,
        ...workbookTemplate(name, barcodesTemplate),
      });
    }

    route.post('/orders/getDetails', {
      access: access.hub(),
      summary: 'Order_details.xlsx for a list of barcodes (multipart: file)',
      description:
        'One row per barcode of the upload, in its order: the order’s fields and its items on one line, or ' +
        '"not found" with the barcode. The file is streamed while it is read from the database (a failure ' +
        'midway cuts the transfer); it shares the cap of the order reports: beyond it, 503 with Retry-After.',
      multipart: multipartForm({}, BARCODES_FILE),
      response: { 200: fileReply(XLSX_TYPE, 'Order_details.xlsx'), 503: ErrorBodySchema },
      handler: async (request, reply) => {
        const upload = await readUpload(request);
        const file = await uploads.details(requireFile(upload), clientGone(reply));
        return sendStreamedWorkbook(reply, file, 'Order_details.xlsx');
      },
    });

    route.post('/orders/status/preview', {
      access: access.hub(),
      summary: 'What POST /orders/status would do with this file and fields, changing nothing',
      description:
        'The same multipart fields and checks as POST /orders/status; nothing is written or locked. The ' +
        'answer counts the distinct orders of the file (`total`), the moves by from -> to status, those ' +
        'already in the status (`unchanged`), those the transition rules refuse (`refused`: barcode, order ' +
        `number, the rule's code and why; the first ${STATUS_PREVIEW_LIST_MAX} listed, \`refusedCount\` ` +
        `counts all) and unknown barcodes (the first ${STATUS_PREVIEW_LIST_MAX} listed, \`notFoundCount\`).`,
      multipart: STATUS_FORM,
      response: { 200: StatusUploadPreviewSchema },
      handler: async (request, reply) => {
        const upload = await readUpload(request);
        const fields = statusFieldsOf(upload.fields);
        return uploads.previewStatus(actorOf(request), requireFile(upload), fields, clientGone(reply));
      },
    });

    route.post('/orders/status', {
      access: access.hub(),
      summary: 'Set one status on every order of a barcode list (multipart: file, status, reason)',
      description:
        'Any status but Order Failed (10); `reason` is required for Failed (5). Each order moves only as the ' +
        'status transition rules allow (never back to Generated; Delivered and Order Failed are final; no ' +
        'step backwards); an admin who gives a `reason` may set the rules aside (except back to Generated), ' +
        'an operator never. Each order that changes gets a tracking event. The reply is an xlsx with one row ' +
        'per order: updated, unchanged (already in that status), not found, or refused with why. The reply ' +
        `headers count each outcome: ${Object.values(STATUS_RESULT_HEADERS).join(', ')} (same origin as the ` +
        'web app, so a browser script reads them without CORS exposure).',
      multipart: STATUS_FORM,
      response: {
        200: {
          ...fileReply(XLSX_TYPE, 'The result of each barcode; the headers count the outcomes'),
          headers: {
            [STATUS_RESULT_HEADERS.updated]: { type: 'integer', description: 'Orders moved to the status' },
            [STATUS_RESULT_HEADERS.unchanged]: {
              type: 'integer',
              description: 'Orders already in the status',
            },
            [STATUS_RESULT_HEADERS.refused]: {
              type: 'integer',
              description: 'Orders the transition rules refused (the workbook says why)',
            },
            [STATUS_RESULT_HEADERS.notFound]: { type: 'integer', description: 'Barcodes of no order' },
          },
        },
      },
      handler: async (request, reply) => {
        const upload = await readUpload(request);
        const fields = statusFieldsOf(upload.fields);
        const { file, counts } = await uploads.updateStatus(
          actorOf(request),
          requireFile(upload),
          fields,
          clientGone(reply),
        );
        for (const [name, header] of Object.entries(STATUS_RESULT_HEADERS))
          reply.header(header, String(counts[name as keyof typeof STATUS_RESULT_HEADERS]));
        return sendFile(reply, { type: XLSX_TYPE, name: 'order_status_result.xlsx', body: file });
      },
    });
  });
}
