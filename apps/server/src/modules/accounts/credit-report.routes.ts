import { CreditReportQuerySchema, SidParamsSchema, text } from '@parcelops/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sendFile, XLSX_TYPE, xlsxDownload } from '../../lib/downloads.ts';
import { routes } from '../../lib/routes.ts';
import { commonErrors } from '../../lib/schemas.ts';
import { access, actorOf } from '../../plugins/access.ts';
import type { CreditReportService } from './credit-report.service.ts';

export function creditReportRoutes(reports: CreditReportService): FastifyPluginAsyncZod {
  return routes({ tags: ['accounts'], errors: commonErrors }, (route) => {
    route.get('/accounts/:id/credit_usages_report', {
      access: access.roles(['admin', 'account'], { deniedMessage: text('access.noAccess') }),
      summary: "The account's credit ledger between two days (xlsx)",
      description:
        'One row per balance change (topup, order charge, refund, re-weigh), oldest first, then a total. ' +
        'Without dates the report covers one month back to today.',
      params: SidParamsSchema,
      querystring: CreditReportQuerySchema,
      response: { 200: xlsxDownload },
      handler: async (request, reply) => {
        const { fileName, file } = await reports.report(actorOf(request), request.params.id, request.query);
        // The ASCII name for old clients, and the exact one for account names in Vietnamese.
        return sendFile(reply, { type: XLSX_TYPE, name: fileName, body: file, utf8Name: true });
      },
    });
  });
}
