import { z } from 'zod';

/** Spec §3 Import failure: an order of the file that was not imported, and why (rows and columns named). */
export const OrderImportFailureSchema = z.object({
  orderNumber: z.string(),
  msg: z.string(),
});
export type OrderImportFailure = z.infer<typeof OrderImportFailureSchema>;

/** POST /orders/import: the orders that failed, and how many were imported. */
export const OrderImportResultSchema = z.object({
  failedOrders: z.array(OrderImportFailureSchema),
  imported: z.number().int(),
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
