import {
  BatchOrderDetailSchema,
  BatchOrderListSchema,
  BatchOrderSchema,
  CreateBatchOrderFieldsSchema,
  issueText,
  LabelFormatQuerySchema,
  ListBatchOrdersQuerySchema,
  labelOutputOf,
  SidParamsSchema,
  text,
} from '@parcelops/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError, fieldIssue } from '../../lib/app-error.ts';
import { PDF_TYPE, sendFile, workbookTemplate, XLSX_TYPE, xlsxDownload } from '../../lib/downloads.ts';
import { clientGone } from '../../lib/excel/client-gone.ts';
import { routes } from '../../lib/routes.ts';
import { commonErrors, ErrorBodySchema, fileReply, multipartForm, uploadErrors } from '../../lib/schemas.ts';
import { readUpload, requireFile } from '../../lib/uploads.ts';
import { access, actorOf } from '../../plugins/access.ts';
import { LABEL_FORMATS_NOTE, labelFileOf, labelReply } from '../labels/label-files.ts';
import { batchErrorSheet } from './batch-error-sheet.ts';
import type { BatchOrdersService } from './batch-orders.service.ts';

const SCOPE =
  "Account users and their API keys see their own account's batches only (another's is not found); admins " +
  'and operators see every account’s.';

function fieldsOf(fields: Record<string, string>) {
  const parsed = CreateBatchOrderFieldsSchema.safeParse({
    name: fields.name ?? '',
    account_sid: fields.account_sid,
    check_only: fields.check_only,
  });
  if (parsed.success) return parsed.data;
  const issues = parsed.error.issues.map((issue) => ({
    path: issue.path.join('.') || 'name',
    words: issueText(issue),
  }));
  throw AppError.badRequest(
    issues[0]?.words ?? text('batch.nameRequired'),
    issues.map((issue) => fieldIssue(issue.path, issue.words)),
  );
}

/** A file name from the batch's name as typed (the download's exact UTF-8 name too): "<name><suffix>". */
const fileNameOf = (name: string, suffix: string) => `${name.replace(/[\\/:*?"<>|]/g, '_')}${suffix}`;

const FINISHED =
  'Only a batch that succeeded has labels and a report: 409 while it is in progress or when it failed. Drawn ' +
  'while it is sent (a failure midway cuts the transfer); at most two such files are written at once per ' +
  'server (with the order reports): another gets 503 with Retry-After.';

export function batchOrdersRoutes(batches: BatchOrdersService): FastifyPluginAsyncZod {
  return routes({ tags: ['batch orders'], errors: commonErrors }, (route) => {
    route.get('/batch_orders', {
      access: access.signedIn(),
      summary: 'Batch orders, newest first: page (zero-based), page_size, account_sid, date and name filters',
      description: SCOPE,
      querystring: ListBatchOrdersQuerySchema,
      response: { 200: BatchOrderListSchema },
      handler: async (request) => batches.list(actorOf(request), request.query),
    });

    route.get('/batch_orders/template', {
      access: access.signedIn(),
      summary: 'The batch order workbook template (xlsx): the order import’s columns, one order of two items',
      ...workbookTemplate('batch_order_template.xlsx', () => batches.template()),
    });

    route.get('/batch_orders/:id', {
      access: access.signedIn(),
      summary:
        'A batch order: status (initiated, in-progress, success, failed), reason, counts and first bad rows',
      description: `${SCOPE} A failed batch lists its first 1,000 bad rows (row, column, value, why); problem_count counts them all.`,
      params: SidParamsSchema,
      response: { 200: BatchOrderDetailSchema },
      handler: async (request) => batches.get(actorOf(request), request.params.id),
    });

    route.post('/batch_orders', {
      access: access.signedIn(),
      summary:
        'Create a batch order (multipart: name, file, account_sid): placed all or nothing in the background',
      description:
        'The file is checked at once (an xlsx within the upload limits, the import template’s columns, 1 to ' +
        '50,000 rows), stored, and the reply is the batch, in-progress. A background job then checks every ' +
        'row by the rules of POST /orders and places every order in one transaction: the batch ends success, ' +
        'or failed with a reason naming every bad row and no orders and no charge. `account_sid` is for admins ' +
        'and operators; account users and API keys create batches for their own account (403 naming another). ' +
        'With `check_only` "true" the job checks and prices every row by the same rules and places nothing: the ' +
        'batch ends initiated with its `quote` (orders, cost in the account’s unit, the balance), or failed with ' +
        'every problem (a balance short of the cost included); POST /batch_orders/{sid}/run then places it. ' +
        'Per account at most BATCHES_IN_PROGRESS_MAX batches in progress (409 TOO_MANY_BATCHES) and ' +
        'BATCH_FILES_MAX_MB of stored files (409 BATCH_STORAGE_FULL); a failed or checked batch keeps its file ' +
        'BATCH_FILE_KEEP_DAYS days after it finished.',
      multipart: multipartForm(
        {
          name: CreateBatchOrderFieldsSchema.shape.name.describe('The batch name (1-100 characters)'),
          account_sid: CreateBatchOrderFieldsSchema.shape.account_sid,
          check_only: CreateBatchOrderFieldsSchema.shape.check_only,
        },
        'The orders workbook (xlsx), in the template format',
      ),
      createCall: true,
      // 409 TOO_MANY_BATCHES or BATCH_STORAGE_FULL: the account's batch quotas.
      response: { 201: BatchOrderSchema, ...uploadErrors, 409: ErrorBodySchema },
      handler: async (request, reply) => {
        const upload = await readUpload(request);
        const fields = fieldsOf(upload.fields);
        const file = requireFile(upload);
        const batch = await batches.create(
          actorOf(request),
          fields,
          { buffer: file, filename: upload.file?.filename ?? 'orders.xlsx' },
          clientGone(reply),
        );
        return reply.status(201).send(batch);
      },
    });

    route.post('/batch_orders/:id/run', {
      access: access.signedIn(),
      summary: 'Run a failed or checked batch (again) from its stored file, without uploading it again',
      description:
        `${SCOPE} A failed batch (after a top-up, or once the account is active again) or a checked one ` +
        '(initiated, created with check_only) goes back in progress and its job places it from the stored file: ' +
        'the reply is the batch, in progress, with `runs` counted up; it ends success or failed as a new batch ' +
        'does, and its orders exist once however often it runs. A batch that failed on its rows fails the same ' +
        'way: upload a corrected file instead. 409 BATCH_NOT_RUNNABLE while it is in progress or once it has ' +
        'succeeded; 409 TOO_MANY_BATCHES when the account has BATCHES_IN_PROGRESS_MAX in progress; 409 CONFLICT ' +
        'when its file is no longer kept (dropped BATCH_FILE_KEEP_DAYS after it finished: upload it again).',
      params: SidParamsSchema,
      createCall: true,
      response: { 202: BatchOrderDetailSchema, 409: ErrorBodySchema },
      handler: async (request, reply) =>
        reply.status(202).send(await batches.run(actorOf(request), request.params.id)),
    });

    route.get('/batch_orders/:id/errors', {
      access: access.signedIn(),
      summary: "A failed batch's sheet given back, with an Error column beside each bad row (xlsx)",
      description: `${SCOPE} 409 for a batch that did not fail on its rows.`,
      params: SidParamsSchema,
      response: { 200: xlsxDownload, 409: ErrorBodySchema },
      handler: async (request, reply) => {
        const { batch, file, problems } = await batches.failedFile(actorOf(request), request.params.id);
        return sendFile(reply, {
          type: XLSX_TYPE,
          name: fileNameOf(batch.name, '_errors.xlsx'),
          utf8Name: true,
          body: await batchErrorSheet(file, problems),
        });
      },
    });

    route.get('/labels/:id', {
      access: access.signedIn(),
      summary: "A batch order's labels: one PDF, a 4x6 inch page per order (Order Failed orders skipped)",
      description: `${SCOPE} ${FINISHED} ${LABEL_FORMATS_NOTE}`,
      params: SidParamsSchema,
      querystring: LabelFormatQuerySchema,
      response: { 200: labelReply('The labels (PDF, or ZPL)'), 409: ErrorBodySchema, 503: ErrorBodySchema },
      handler: async (request, reply) => {
        const file = labelFileOf(labelOutputOf(request.query));
        const { batch, body } = await batches.batchLabels(actorOf(request), request.params.id, file);
        return sendFile(reply, {
          type: file.type,
          name: fileNameOf(batch.name, `_labels.${file.extension}`),
          utf8Name: true,
          body,
        });
      },
    });

    route.get('/report/:id', {
      access: access.signedIn(),
      summary:
        "A batch order's PDF summary: the batch, its account, orders, total chargeable weight, total charge, " +
        'count per status and the order list',
      description: `${SCOPE} ${FINISHED} Sent inline, named "<batch name>.pdf".`,
      params: SidParamsSchema,
      response: { 200: fileReply(PDF_TYPE, 'The report (PDF)'), 409: ErrorBodySchema, 503: ErrorBodySchema },
      handler: async (request, reply) => {
        const { batch, pdf } = await batches.report(actorOf(request), request.params.id);
        return sendFile(reply, {
          type: PDF_TYPE,
          name: fileNameOf(batch.name, '.pdf'),
          utf8Name: true,
          inline: true,
          body: pdf,
        });
      },
    });
  });
}
