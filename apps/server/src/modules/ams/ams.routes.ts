import {
  AmsBatchProgressParamsSchema,
  AmsBatchProgressSchema,
  AmsCartonLabelUpdateSchema,
  AmsListSchema,
  AmsOrderInputSchema,
  AmsOrderReplySchema,
  AmsOrdersDeleteQuerySchema,
  AmsOrdersRemovedSchema,
  AmsSchema,
  AmsStationScansInputSchema,
  AmsStatisticQuerySchema,
  AmsStatisticSchema,
  AmsSubmitInputSchema,
  AmsWaitingListSchema,
  AmsWaitingQuerySchema,
  AmsWeightInputSchema,
  CreateAmsInputSchema,
  ListAmsQuerySchema,
  OrderSchema,
  ReconciliationSchema,
  SCAN_CLOCK_SKEW_MS,
  SCAN_MAX_AGE_MS,
  SidParamsSchema,
  STATION_SCANS_MAX,
  StationVerdictsSchema,
  text,
  UpdateAmsInputSchema,
} from '@parcelops/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { fieldError } from '../../lib/app-error.ts';
import { sendFile, sendStreamedWorkbook, XLSX_TYPE, xlsxDownload } from '../../lib/downloads.ts';
import { clientGone } from '../../lib/excel/client-gone.ts';
import { routes } from '../../lib/routes.ts';
import {
  commonErrors,
  DeletedSchema,
  ErrorBodySchema,
  fileReply,
  multipartForm,
  uploadErrors,
} from '../../lib/schemas.ts';
import { readUpload, requireFile } from '../../lib/uploads.ts';
import { access, actorOf } from '../../plugins/access.ts';
import type { AmsService } from './ams.service.ts';
import { AMS_BATCH_MAX_ROWS, type AmsFilesService } from './ams-files.service.ts';
import type { AmsOrdersService } from './ams-orders.service.ts';
import type { AmsStationService } from './ams-station.service.ts';
import type { AmsSubmissionService } from './ams-submission.service.ts';

/**
 * Spec §6: the AMS screens are the admins'; the scanning page (its pick list, the scan, the weight and the
 * running counts) the admins' and operators'. Account users and API keys: 403 on every AMS call.
 */
export function amsRoutes(
  manifests: AmsService,
  amsOrders: AmsOrdersService,
  submission: AmsSubmissionService,
  files: AmsFilesService,
  station: AmsStationService,
): FastifyPluginAsyncZod {
  return routes({ tags: ['ams'], errors: commonErrors }, (route) => {
    route.post('/ams/batch', {
      access: access.admin(),
      createCall: true,
      summary: 'Scan in the parcels of an xlsx (barcode, carton label) row by row; the result file per row',
      description:
        `Multipart: ams_sid and the file (headers barcode and ams_carton_label, or "carton label"; at most ` +
        `${AMS_BATCH_MAX_ROWS} rows). The file is read and checked before any parcel moves. The reply is the ` +
        'file of outcomes (Added, Already in this AMS, or Failed with why), with the counts in x-ams-added, ' +
        'x-ams-already and x-ams-failed.',
      multipart: multipartForm({
        ams_sid: z.string().describe('The AMS to load'),
        progress_id: AmsBatchProgressParamsSchema.shape.progress_id
          .optional()
          .describe('Optional: a UUID of the client, to read the progress at GET /ams/batch/progress/{it}'),
      }),
      response: {
        200: fileReply(XLSX_TYPE, 'The outcome of each row'),
        ...uploadErrors,
        409: ErrorBodySchema,
      },
      handler: async (request, reply) => {
        const upload = await readUpload(request);
        const amsSid = upload.fields.ams_sid?.trim();
        if (!amsSid) throw fieldError('ams_sid', text('ams.chooseAms'));
        const progressId = upload.fields.progress_id?.trim() || undefined;
        if (progressId && !AmsBatchProgressParamsSchema.safeParse({ progress_id: progressId }).success)
          throw fieldError('progress_id', text('common.invalidValue'));
        const result = await files.batch(actorOf(request), amsSid, requireFile(upload), {
          signal: clientGone(reply),
          progressId,
        });
        reply.header('x-ams-added', String(result.added));
        reply.header('x-ams-already', String(result.already));
        reply.header('x-ams-failed', String(result.failed));
        return sendFile(reply, { type: XLSX_TYPE, name: 'AMS_batch_result.xlsx', body: result.workbook });
      },
    });

    route.get('/ams/batch/progress/:progress_id', {
      access: access.admin(),
      summary: "A running batch upload's progress (rows loaded and in all), for the user who started it",
      params: AmsBatchProgressParamsSchema,
      response: { 200: AmsBatchProgressSchema },
      handler: async (request) => files.progress(actorOf(request), request.params.progress_id),
    });

    route.get('/orders/amsreport', {
      access: access.admin(),
      summary:
        'The AMS report (xlsx, streamed): one row per parcel with carton, HAWB, weight, items and HS codes',
      querystring: AmsStatisticQuerySchema,
      response: { 200: xlsxDownload, 503: ErrorBodySchema },
      handler: async (request, reply) => {
        const { file, name } = await files.report(request.query.ams_sid);
        return sendStreamedWorkbook(reply, file, name);
      },
    });

    route.get('/ams', {
      access: access.hub(),
      summary:
        'AMS, newest first, paged (page zero-based); status=initiated&departureDate= for the scanning page, ' +
        'upcoming=true for those departing today (Asia/Ho_Chi_Minh) or later, soonest first',
      querystring: ListAmsQuerySchema,
      response: { 200: AmsListSchema },
      handler: async (request) => manifests.list(request.query),
    });

    route.get('/ams/:id', {
      access: access.hub(),
      summary: 'One AMS with its pieces and weight',
      params: SidParamsSchema,
      response: { 200: AmsSchema },
      handler: async (request) => manifests.get(request.params.id),
    });

    route.get('/ams/:id/waiting', {
      access: access.hub(),
      summary:
        "Parcels received at the AMS's hub (hub scan), Scanned and in no manifest: newest scan first, paged",
      params: SidParamsSchema,
      querystring: AmsWaitingQuerySchema,
      response: { 200: AmsWaitingListSchema },
      handler: async (request) =>
        manifests.waiting(request.params.id, request.query.page, request.query.page_size),
    });

    route.post('/ams', {
      access: access.admin(),
      summary: 'Create an AMS (always initiated); a MAWB used in the last 12 months is refused',
      body: CreateAmsInputSchema,
      response: { 201: AmsSchema },
      handler: async (request, reply) => reply.status(201).send(await manifests.create(request.body)),
    });

    route.put('/ams/:id', {
      access: access.admin(),
      summary: 'Change an AMS (not once submitted); its status; a failed filing back to initiated',
      params: SidParamsSchema,
      body: UpdateAmsInputSchema,
      response: { 200: AmsSchema, 409: ErrorBodySchema },
      handler: async (request) => manifests.update(request.params.id, request.body),
    });

    route.delete('/ams/:id', {
      access: access.admin(),
      summary: 'Delete an AMS that was not submitted; its parcels go back to Scanned',
      params: SidParamsSchema,
      response: { 200: DeletedSchema, 409: ErrorBodySchema },
      handler: async (request) => manifests.delete(actorOf(request), request.params.id),
    });

    route.put('/ams/:id/update-carton-label', {
      access: access.admin(),
      summary: 'Rename a carton label within an AMS (old and new label); 404 when no parcel has the old one',
      params: SidParamsSchema,
      body: AmsCartonLabelUpdateSchema,
      response: { 200: z.object({ updated: z.number().int() }), 409: ErrorBodySchema },
      handler: async (request) =>
        amsOrders.renameCartonLabel(
          request.params.id,
          request.body.old_ams_carton_label,
          request.body.new_ams_carton_label,
        ),
    });

    route.post('/ams/order', {
      access: access.hub(),
      createCall: true,
      summary:
        'Scan a parcel into an AMS carton: it moves to Processing; the same carton again changes nothing, ' +
        'another carton of the same AMS moves it there (carton_moved_from)',
      description:
        'A parcel the hub set aside (Failed) is refused with 409 PARCEL_SET_ASIDE naming its reason; an admin ' +
        'may load it by giving `reason`, recorded on its event.',
      body: AmsOrderInputSchema,
      // 409: set aside (Failed), in another AMS, Delivered or Order Failed, or the AMS is closed or submitted.
      response: { 200: AmsOrderReplySchema, 409: ErrorBodySchema },
      handler: async (request) => amsOrders.scanIn(actorOf(request), request.body),
    });

    route.post('/ams/order/batch', {
      access: access.hub(),
      createCall: true,
      summary:
        "A station's queued AMS loads (up to 500), each applied once, in the order sent, with one verdict each",
      description:
        `Each scan is POST /ams/order's body with \`client_scan_id\` and \`scanned_at\` (at most ` +
        `${STATION_SCANS_MAX}), and is that load: the parcel moves to Processing with its event at ` +
        '`scanned_at`. Every scan answers a verdict, in the order sent: `status` is what POST /ams/order would ' +
        'have answered, `code` LOADED, ALREADY_IN or MOVED (to the scanned carton, `carton_moved_from`) when ' +
        "it took the parcel, else that call's error code (PARCEL_SET_ASIDE, CONFLICT for another or a submitted " +
        'AMS, NOT_FOUND, VALIDATION_FAILED), `msg` in English with `key` and `params`, and the order. A scan is ' +
        'known by the caller and its `client_scan_id`: sent again, it is not applied again and answers its ' +
        'first verdict with `replayed: true`; the same id with another barcode, AMS or carton answers 422 ' +
        `SCAN_ID_REUSED and does nothing. A \`scanned_at\` more than ${SCAN_CLOCK_SKEW_MS / 60_000} minutes ahead ` +
        `answers 422 SCAN_TIME_AHEAD, one older than ${SCAN_MAX_AGE_MS / 86_400_000} days 422 SCAN_TOO_OLD. ` +
        'A scan that fails its own form (a carton label over 50 characters, a missing MAWB) answers 400 ' +
        'VALIDATION_FAILED naming the field, is not kept, and the scans around it are loaded. ' +
        'Counted as one creating call.',
      body: AmsStationScansInputSchema,
      response: { 200: StationVerdictsSchema },
      handler: async (request) => station.load(actorOf(request), request.body),
    });

    route.put('/ams/order/:id', {
      access: access.hub(),
      summary: "The hub's re-weigh of a parcel (whole grams): re-priced, the difference settled on credit",
      params: SidParamsSchema,
      body: AmsWeightInputSchema,
      response: { 200: OrderSchema, 422: ErrorBodySchema },
      handler: async (request) => amsOrders.reweigh(actorOf(request), request.params.id, request.body.weight),
    });

    route.delete('/ams/order/:id', {
      access: access.admin(),
      summary:
        'Take a parcel out of its AMS, with an event: back to the status it was loaded from (Failed with its ' +
        'reason if an admin loaded a set-aside parcel, else Scanned)',
      params: SidParamsSchema,
      response: { 200: AmsOrdersRemovedSchema, 409: ErrorBodySchema },
      handler: async (request) => amsOrders.removeOne(actorOf(request), request.params.id),
    });

    route.delete('/ams/orders', {
      access: access.admin(),
      summary: 'Take out the parcels of a MAWB or of a carton label (with ams_sid); never with neither',
      querystring: AmsOrdersDeleteQuerySchema,
      response: { 200: AmsOrdersRemovedSchema, 409: ErrorBodySchema },
      handler: async (request) => amsOrders.removeMany(actorOf(request), request.query),
    });

    route.get('/ams/:id/reconciliation', {
      access: access.admin(),
      summary:
        'What stops the filing (problems) and what the broker needs (warnings), per parcel; cartons and totals',
      params: SidParamsSchema,
      response: { 200: ReconciliationSchema },
      handler: async (request) => submission.reconciliation(request.params.id),
    });

    route.post('/ams/submitAms', {
      access: access.admin(),
      summary: 'File the AMS (a job; is_updating while it runs); 422 with every problem while any is left',
      body: AmsSubmitInputSchema,
      // 409: submitted already, being submitted, a failed filing not set back, or no parcels.
      response: { 202: AmsSchema, 409: ErrorBodySchema, 422: ErrorBodySchema },
      handler: async (request, reply) =>
        reply.status(202).send(await submission.submit(actorOf(request), request.body.ams_sid)),
    });

    route.get('/ams/:id/manifest', {
      access: access.admin(),
      summary: 'The filed manifest (xlsx, one row per house bill)',
      params: SidParamsSchema,
      response: { 200: xlsxDownload },
      handler: async (request, reply) => {
        const file = await submission.manifestFile(request.params.id);
        return sendFile(reply, { type: XLSX_TYPE, name: file.name, body: file.bytes });
      },
    });

    route.get('/orders/statisticForAms', {
      access: access.hub(),
      summary: "An AMS's parcels and grams per carton label, and its totals",
      querystring: AmsStatisticQuerySchema,
      response: { 200: AmsStatisticSchema },
      handler: async (request) => manifests.statistic(request.query.ams_sid),
    });
  });
}
