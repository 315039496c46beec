/**
 * The hub's barcode uploads (spec §2 Scan Orders tabs 2 and 3, §7 Order uploads): POST /orders/getDetails
 * and POST /orders/status. Both take a one-column barcode workbook; the status upload also names the status
 * to set (any of spec §4 but Order Failed, which only the system sets) and, for Failed, why.
 */
import { z } from 'zod';
import { ORDER_STATUSES, OrderStatus } from './order-status.ts';

/** The statuses an operator may set by upload: every status but Order Failed. */
export const UPLOADABLE_STATUSES: readonly OrderStatus[] = ORDER_STATUSES.filter(
  (status) => status !== OrderStatus.OrderFailed,
);

export const STATUS_REASON_MAX = 500;

/** The text fields of POST /orders/status. */
export const UpdateOrdersStatusFieldsSchema = z
  .object({
    // Multipart sends text: '' means no choice (not 0, Generated), other text must be a whole number.
    status: z
      .preprocess(
        (value) => (value === '' || value === null ? undefined : Number(value)),
        z.number({ error: 'Choose a status.' }).int('Choose a status.'),
      )
      .refine((value) => (UPLOADABLE_STATUSES as readonly number[]).includes(value), {
        message: 'Choose a status other than Order Failed.',
      }),
    reason: z.string().trim().max(STATUS_REASON_MAX).optional(),
  })
  .superRefine((fields, context) => {
    if (fields.status === OrderStatus.Failed && !fields.reason) {
      context.addIssue({ code: 'custom', path: ['reason'], message: 'A reason is required for Failed.' });
    }
  });
export type UpdateOrdersStatusFields = z.output<typeof UpdateOrdersStatusFieldsSchema>;

/** How each barcode of a status upload ended, as the result workbook says it. */
export const StatusUploadOutcome = ['updated', 'unchanged', 'not found', 'refused'] as const;
export type StatusUploadOutcome = (typeof StatusUploadOutcome)[number];

/** Barcodes are matched after trimming and upper-casing (product decisions, Hub work). */
export function normaliseBarcode(text: string): string {
  return text.trim().toUpperCase();
}
