import { CreditReportQuerySchema, Messages, SidParamsSchema } from '@parcelops/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { attachment, workbookReply, XLSX_TYPE } from '../../lib/uploads.ts';
import { access, actorOf } from '../../plugins/access.ts';
import type { CreditReportService } from './credit-report.service.ts';

/** The ASCII name for old clients plus the exact UTF-8 name (RFC 6266) for account names in Vietnamese. */
function attachmentUtf8(fileName: string): string {
  const encoded = encodeURIComponent(fileName).replace(
    /['()*]/g,
    (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `${attachment(fileName)}; filename*=UTF-8''${encoded}`;
}

export function creditReportRoutes(reports: CreditReportService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/accounts/:id/credit_usages_report',
      {
        config: { access: access.roles(['admin', 'account'], { deniedMessage: Messages.noAccess }) },
        schema: {
          tags: ['accounts'],
          summary: "The account's credit ledger between two days (xlsx)",
          description:
            'One row per balance change (topup, order charge, refund, re-weigh), oldest first, then a total. ' +
            'Without dates the report covers one month back to today.',
          params: SidParamsSchema,
          querystring: CreditReportQuerySchema,
          response: workbookReply,
        },
      },
      async (request, reply) => {
        const { fileName, file } = await reports.report(actorOf(request), request.params.id, request.query);
        return reply.type(XLSX_TYPE).header('content-disposition', attachmentUtf8(fileName)).send(file);
      },
    );
  };
}
