import { ListOrdersQuerySchema } from '@parcelops/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sendStreamedWorkbook, xlsxDownload } from '../../lib/downloads.ts';
import { routes } from '../../lib/routes.ts';
import { commonErrors, ErrorBodySchema } from '../../lib/schemas.ts';
import { access, actorOf } from '../../plugins/access.ts';
import type { OrderReportsService } from './reports.service.ts';

const FILTERS =
  "The orders list's filters and order (page and page_size are ignored: every matching order is in the file). " +
  "Account users and API keys get their own account's orders only. The file is streamed while it is read " +
  'from the database: a failure midway cuts the transfer. At most two reports are written at once per server: ' +
  'another gets 503 with Retry-After.';

export function orderReportsRoutes(reports: OrderReportsService): FastifyPluginAsyncZod {
  return routes({ tags: ['orders'], errors: commonErrors }, (route) => {
    route.get('/orders/report', {
      access: access.signedIn(),
      summary: 'The listed orders as an xlsx: one row per order with its items, money and status',
      description: FILTERS,
      querystring: ListOrdersQuerySchema,
      response: { 200: xlsxDownload, 503: ErrorBodySchema },
      handler: async (request, reply) =>
        sendStreamedWorkbook(reply, reports.report(actorOf(request), request.query), 'orders_report.xlsx'),
    });

    route.get('/orders/deliveryTimeReport', {
      access: access.signedIn(),
      summary:
        'Delivered orders as an xlsx: hours from creation to first scan, departure and delivery, ' +
        'and a summary per ISO week (count, average, median, 90th percentile)',
      description: FILTERS,
      querystring: ListOrdersQuerySchema,
      response: { 200: xlsxDownload, 503: ErrorBodySchema },
      handler: async (request, reply) =>
        sendStreamedWorkbook(
          reply,
          reports.deliveryTimeReport(actorOf(request), request.query),
          'delivery_time_report.xlsx',
        ),
    });
  });
}
