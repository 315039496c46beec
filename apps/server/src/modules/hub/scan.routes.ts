import {
  HubStationScansInputSchema,
  SCAN_CLOCK_SKEW_MS,
  SCAN_MAX_AGE_MS,
  SCANNED_ORDERS_FILE,
  ScanParamsSchema,
  ScanQuerySchema,
  ScanReplySchema,
  ScanReportInputSchema,
  STATION_SCANS_MAX,
  StationVerdictsSchema,
} from '@parcelops/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sendFile, XLSX_TYPE, xlsxDownload } from '../../lib/downloads.ts';
import { routes } from '../../lib/routes.ts';
import { commonErrors } from '../../lib/schemas.ts';
import { access, actorOf } from '../../plugins/access.ts';
import type { HubStationService } from './hub-station.service.ts';
import type { OrdersScanService } from './scan.service.ts';

export function ordersScanRoutes(scan: OrdersScanService, station: HubStationService): FastifyPluginAsyncZod {
  return routes({ tags: ['orders'], errors: commonErrors }, (route) => {
    route.get('/orders/scan/barcode/:code', {
      access: access.hub(),
      summary: 'Scan a parcel at a hub: the order and what the scan found; a Generated one moves to Scanned',
      description:
        'The barcode is matched without whitespace or control characters, upper-cased and without a ' +
        "scanner's AIM prefix (`]C0`); when that matches nothing, by the one barcode of ours (PO and ten " +
        'digits) inside it, so a prefix, suffix or trailing check character does not matter. Every order ' +
        'found answers 200 with the order and `scan`: `code` says what the scan found, `msg` says it in ' +
        'English, `received_at` and `received_hub` say when and where the parcel was first received (its ' +
        'first Scanned event). RECEIVED: a Generated order moved to Scanned now, with the tracking event ' +
        '"Received at <hub> hub" (location Sai Gon or Ha Noi). Anything else changes nothing: ' +
        'ALREADY_RECEIVED (received earlier at this hub, or by another station at the same moment), ' +
        'RECEIVED_AT_OTHER_HUB, IN_MANIFEST (Processing), DEPARTED (Processed), DELIVERED, FAILED (with the ' +
        "order's reason) and ORDER_FAILED (with its reason). An unknown barcode answers 404.",
      params: ScanParamsSchema,
      querystring: ScanQuerySchema,
      response: { 200: ScanReplySchema },
      handler: async (request) => scan.scan(actorOf(request), request.params.code, request.query.hub),
    });

    route.post('/orders/scan/batch', {
      access: access.hub(),
      summary:
        "A station's queued hub scans (up to 500), each applied once, in the order sent, with one verdict each",
      description:
        `Each scan is \`{ client_scan_id, barcode, scanned_at, hub }\` (at most ${STATION_SCANS_MAX}) and is the ` +
        'scan of GET /orders/scan/barcode/{code}: a Generated order moves to Scanned with "Received at <hub> ' +
        'hub", its event at `scanned_at`. Every scan answers a verdict, in the order sent: `status` is what the ' +
        'single scan would have answered (200, or 404 with NOT_FOUND for an unknown barcode), `code` its ' +
        'outcome (RECEIVED, ALREADY_RECEIVED, …), `msg` in English with `key` and `params`, and the order. A ' +
        'scan is known by the caller and its `client_scan_id`: sent again, it is not applied again and answers ' +
        'its first verdict with `replayed: true`; the same id with another barcode or hub answers 422 ' +
        `SCAN_ID_REUSED and does nothing. A \`scanned_at\` more than ${SCAN_CLOCK_SKEW_MS / 60_000} minutes ahead ` +
        `of the server's clock answers 422 SCAN_TIME_AHEAD, one older than ${SCAN_MAX_AGE_MS / 86_400_000} days ` +
        '422 SCAN_TOO_OLD, and nothing is done. A scan that fails its own form (a barcode over 100 characters, ' +
        'an unknown hub, an id that is not a UUID) answers 400 VALIDATION_FAILED naming the field, is not kept, ' +
        'and the scans around it are applied; only a list without ids or times is refused whole. A failure that is not a verdict (the database gone) fails the ' +
        'whole call; the scans before it are done and answer `replayed` when the list is sent again.',
      body: HubStationScansInputSchema,
      response: { 200: StationVerdictsSchema },
      handler: async (request) => station.receive(actorOf(request), request.body),
    });

    route.post('/orders/scan/report', {
      access: access.hub(),
      summary: 'The scan table as scanned_orders.xlsx, with each order as it stands now',
      description:
        'One row per order (barcodes matched as the scan matches them, each order once, in the order given): ' +
        'Id, Order number, Barcode, Status, Reason, Weight in grams. An unknown barcode keeps its row with ' +
        'the reason.',
      body: ScanReportInputSchema,
      response: { 200: xlsxDownload },
      handler: async (request, reply) => {
        const file = await scan.report(request.body.barcodes);
        return sendFile(reply, { type: XLSX_TYPE, name: SCANNED_ORDERS_FILE, body: file });
      },
    });
  });
}
