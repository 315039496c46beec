import { ListOrdersQuerySchema } from '@parcelops/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { commonErrors, fileReply } from '../../lib/schemas.ts';
import { attachment, XLSX_TYPE } from '../../lib/uploads.ts';
import { access, actorOf } from '../../plugins/access.ts';
import type { OrderReportsService, ReportFile } from './reports.service.ts';

const FILTERS =
  "The orders list's filters and order (page and page_size are ignored: every matching order is in the file). " +
  "Account users and API keys get their own account's orders only. The file is streamed while it is read " +
  'from the database: a failure midway cuts the transfer.';

export function orderReportsRoutes(reports: OrderReportsService): FastifyPluginAsyncZod {
  return async (app) => {
    const send = (file: ReportFile, fileName: string, log: { error: (o: object, m: string) => void }) => {
      file.done.catch((error: unknown) => log.error({ err: error }, 'Order report broke off'));
      return { type: XLSX_TYPE, disposition: attachment(fileName), stream: file.stream };
    };

    app.get(
      '/orders/report',
      {
        config: { access: access.signedIn() },
        schema: {
          tags: ['orders'],
          summary: 'The listed orders as an xlsx: one row per order with its items, money and status',
          description: FILTERS,
          querystring: ListOrdersQuerySchema,
          response: { 200: fileReply(XLSX_TYPE, 'An xlsx workbook'), ...commonErrors },
        },
      },
      async (request, reply) => {
        const file = send(reports.report(actorOf(request), request.query), 'orders_report.xlsx', request.log);
        return reply.type(file.type).header('content-disposition', file.disposition).send(file.stream);
      },
    );

    app.get(
      '/orders/deliveryTimeReport',
      {
        config: { access: access.signedIn() },
        schema: {
          tags: ['orders'],
          summary:
            'Delivered orders as an xlsx: hours from creation to first scan, departure and delivery, ' +
            'and a summary per ISO week (count, average, median, 90th percentile)',
          description: FILTERS,
          querystring: ListOrdersQuerySchema,
          response: { 200: fileReply(XLSX_TYPE, 'An xlsx workbook'), ...commonErrors },
        },
      },
      async (request, reply) => {
        const file = send(
          reports.deliveryTimeReport(actorOf(request), request.query),
          'delivery_time_report.xlsx',
          request.log,
        );
        return reply.type(file.type).header('content-disposition', file.disposition).send(file.stream);
      },
    );
  };
}
