import { Messages, SidParamsSchema } from '@parcelops/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { commonErrors } from '../../lib/schemas.ts';
import { attachment, XLSX_TYPE } from '../../lib/uploads.ts';
import { access, actorOf } from '../../plugins/access.ts';
import type { CreditReportService } from './credit-report.ts';

const day = (what: string) =>
  z.preprocess(
    (value) => (typeof value === 'string' && value.trim() === '' ? undefined : value),
    z
      .string()
      .trim()
      .regex(/^\d{4}-\d{2}-\d{2}$/, `${what} must be a date as YYYY-MM-DD`)
      .optional()
      .describe(`${what} (YYYY-MM-DD, UTC, inclusive)`),
  );

export const CreditReportQuerySchema = z.object({
  from_date: day('The from date'),
  to_date: day('The to date'),
});

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
          response: { 200: z.any().describe('An xlsx workbook'), ...commonErrors },
        },
      },
      async (request, reply) => {
        const { fileName, file } = await reports.report(actorOf(request), request.params.id, request.query);
        return reply.type(XLSX_TYPE).header('content-disposition', attachmentUtf8(fileName)).send(file);
      },
    );
  };
}
