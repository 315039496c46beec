import { z } from 'zod';
import { field, says } from '../texts/issues.ts';

const reportDay = (what: 'fromDate' | 'toDate', described: string) =>
  z.preprocess(
    (value) => (typeof value === 'string' && value.trim() === '' ? undefined : value),
    z
      .string()
      .trim()
      // Blank never gets here (it means no date), but the document shows this pattern: it admits blank so
      // that it tells clients the truth about what the route accepts.
      .regex(/^\s*(\d{4}-\d{2}-\d{2})?\s*$/, says('validation.dateFormat', { label: field(what) }))
      .optional()
      .describe(`${described} (YYYY-MM-DD, UTC, inclusive; blank for none)`),
  );

/**
 * GET /accounts/{id}/credit_usages_report: the days to cover, both included (whole UTC days); either left out
 * (or blank) defaults to one month back to today (spec §9). The server checks the days are real ones.
 */
export const CreditReportQuerySchema = z.object({
  from_date: reportDay('fromDate', 'The from date'),
  to_date: reportDay('toDate', 'The to date'),
});
export type CreditReportQuery = z.output<typeof CreditReportQuerySchema>;
