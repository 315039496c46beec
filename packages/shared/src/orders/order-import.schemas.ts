import { z } from 'zod';
import { TextParamSchema } from '../texts/text.schemas.ts';

/**
 * One problem of a failed import row: the column as the file's own header names it (null when the problem is
 * the row's or the order's as a whole: its price, the credit), the English words, and the same words as a
 * catalogue text (`key`, `params`) for the web to render in the chosen language.
 */
export const ImportCellProblemSchema = z.object({
  column: z.string().nullable(),
  message: z.string(),
  key: z.string(),
  params: z.record(z.string(), TextParamSchema).optional(),
});
export type ImportCellProblem = z.infer<typeof ImportCellProblemSchema>;

/** A row's problems, listed once per row; `row` null holds those of the order as a whole (several rows). */
export const ImportRowProblemsSchema = z.object({
  row: z.number().int().nullable(),
  problems: z.array(ImportCellProblemSchema),
});
export type ImportRowProblems = z.infer<typeof ImportRowProblemsSchema>;

/**
 * Spec §3 Import failure: an order of the file that was not imported, and why. `orderNumber` and `msg` (every
 * problem in English, rows and columns named) are the spec's; `rows` and `problems` say the same per sheet row.
 */
export const OrderImportFailureSchema = z.object({
  orderNumber: z.string(),
  msg: z.string(),
  /** Every sheet row of the order (an order is placed whole or not at all, so all of them are to upload again). */
  rows: z.array(z.number().int()),
  /** The problems grouped by sheet row, in sheet order, the order's own (row null) first. */
  problems: z.array(ImportRowProblemsSchema),
});
export type OrderImportFailure = z.infer<typeof OrderImportFailureSchema>;

/**
 * POST /orders/import: the orders that failed, how many were imported, and when: the orders list shows the
 * placed ones with the account and `from_date`/`to_date` set to `placed.from` and `placed.to` (null when none).
 */
export const OrderImportResultSchema = z.object({
  failedOrders: z.array(OrderImportFailureSchema),
  imported: z.number().int(),
  placed: z
    .object({
      account_sid: z.string(),
      /** The first and last placing instants (ISO 8601): the placed orders' date_created lie between them. */
      from: z.string(),
      to: z.string(),
    })
    .nullable(),
});
export type OrderImportResult = z.infer<typeof OrderImportResultSchema>;

/** The multipart text field: the account the orders are for (admins and operators; account users omit it). */
export const OrderImportFieldsSchema = z.object({
  account_sid: z
    .string()
    .trim()
    .max(64)
    .optional()
    .describe('The account the orders are for; account users and API keys leave it out (their own is used)'),
});
