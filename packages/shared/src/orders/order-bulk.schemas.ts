/**
 * Bulk actions on orders (POST /orders/labels, /orders/export, /orders/delete): the orders are named one by
 * one (`sids`, a page or a hand-picked few) or by the list's filters (`filter`, "all that match").
 */
import { z } from 'zod';
import { says } from '../texts/issues.ts';
import { TextSchema } from '../texts/text.schemas.ts';
import { ListOrdersQuerySchema } from './order.schemas.ts';

/** How many orders one bulk action takes: a PDF of 1,000 labels is already a big file to print. */
export const MAX_BULK_ORDERS = 1000;

/** The list's filters without paging or order: "all the orders the list finds". */
export const BulkOrdersFilterSchema = ListOrdersQuerySchema.omit({
  page: true,
  page_size: true,
  sort: true,
  direction: true,
});
export type BulkOrdersFilter = z.input<typeof BulkOrdersFilterSchema>;

export const BulkOrdersInputSchema = z
  .object({
    sids: z
      .array(z.string().trim().min(1).max(64))
      .min(1, says('orderInput.chooseOrders'))
      .max(
        MAX_BULK_ORDERS,
        says('orderInput.tooManyOrders', { max: MAX_BULK_ORDERS.toLocaleString('en-US') }),
      )
      .optional(),
    filter: BulkOrdersFilterSchema.optional(),
  })
  .refine((body) => (body.sids === undefined) !== (body.filter === undefined), {
    message: says('orderInput.sidsOrFilter'),
    path: ['sids'],
  });
export type BulkOrdersInput = z.input<typeof BulkOrdersInputSchema>;

/** An order a bulk delete left alone, and why. */
export const BulkSkippedOrderSchema = z.object({
  sid: z.string(),
  orderNumber: z.string().nullable(),
  /** Why, in English; `key` and `params` are the same words as a catalogue text. */
  msg: z.string(),
  key: z.string(),
  params: TextSchema.shape.params,
});
export type BulkSkippedOrder = z.infer<typeof BulkSkippedOrderSchema>;

export const BulkDeleteResultSchema = z.object({
  deleted: z.number().int(),
  skipped: z.array(BulkSkippedOrderSchema),
});
export type BulkDeleteResult = z.infer<typeof BulkDeleteResultSchema>;
