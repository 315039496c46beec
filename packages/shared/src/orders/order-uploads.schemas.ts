/**
 * The hub's barcode uploads (spec §2 Scan Orders tabs 2 and 3, §7 Order uploads): POST /orders/getDetails
 * and POST /orders/status. Both take a one-column barcode workbook; the status upload also names the status
 * to set (any of spec §4 but Order Failed, which only the system sets) and, for Failed, why.
 */
import { z } from 'zod';
import { freeText } from '../common/common.schemas.ts';
import { text } from '../texts/catalog.ts';
import { says, textIssue } from '../texts/issues.ts';
import { TextSchema } from '../texts/text.schemas.ts';
import { ORDER_STATUSES, OrderStatus } from './order-status.ts';

/** The statuses an operator may set by upload: every status but Order Failed. */
export const UPLOADABLE_STATUSES: readonly OrderStatus[] = ORDER_STATUSES.filter(
  (status) => status !== OrderStatus.OrderFailed,
);

export const STATUS_REASON_MAX = 500;

/**
 * Multipart sends text. Only a plain decimal whole number names a status: a blank means no choice (never 0,
 * Generated), and Number()'s other readings ("0x4", "1e0", "+4", " ") are refused rather than guessed.
 */
function parseStatusText(value: unknown): unknown {
  if (typeof value === 'number') return value;
  if (typeof value !== 'string') return undefined;
  const text = value.trim();
  return /^[0-9]{1,3}$/.test(text) ? Number(text) : undefined;
}

/** The text fields of POST /orders/status. */
export const UpdateOrdersStatusFieldsSchema = z
  .object({
    // Multipart sends text: '' means no choice (not 0, Generated), other text must be a whole number.
    status: z
      .preprocess(
        parseStatusText,
        z.number({ error: says('orderInput.chooseStatus') }).int(says('orderInput.chooseStatus')),
      )
      .refine((value) => (UPLOADABLE_STATUSES as readonly number[]).includes(value), {
        message: says('orderInput.statusNotOrderFailed'),
      }),
    reason: freeText(z.string(), null).trim().max(STATUS_REASON_MAX).optional(),
  })
  .superRefine((fields, context) => {
    if (fields.status === OrderStatus.Failed && !fields.reason) {
      context.addIssue(textIssue(text('orderInput.reasonForFailed'), ['reason']));
    }
  });
export type UpdateOrdersStatusFields = z.output<typeof UpdateOrdersStatusFieldsSchema>;

/** How each barcode of a status upload ended, as the result workbook says it. */
export const StatusUploadOutcome = ['updated', 'unchanged', 'not found', 'refused'] as const;
export type StatusUploadOutcome = (typeof StatusUploadOutcome)[number];

/** One kind of move a status upload makes: so many orders from one status to another. */
export const StatusMoveSchema = z.object({
  from: z.number().int(),
  to: z.number().int(),
  count: z.number().int(),
});

/** A barcode the upload will not change, and why (a stable code the screen translates, and English words). */
export const StatusRefusalSchema = z.object({
  barcode: z.string(),
  orderNumber: z.string().nullable(),
  code: z.string(),
  msg: z.string(),
  /** The same words as a catalogue text, for the screen to show in its language. */
  key: z.string(),
  params: TextSchema.shape.params,
});
export type StatusRefusal = z.infer<typeof StatusRefusalSchema>;

/** At most this many refused and unknown barcodes are listed by name in a preview (all are counted). */
export const STATUS_PREVIEW_LIST_MAX = 200;

/**
 * POST /orders/status/preview: what POST /orders/status would do with the same file and fields, written
 * nowhere. The screen shows it and asks for a confirmation before the real upload.
 */
export const StatusUploadPreviewSchema = z.object({
  /** Distinct barcodes in the file. */
  total: z.number().int(),
  moves: z.array(StatusMoveSchema),
  unchanged: z.number().int(),
  refusedCount: z.number().int(),
  refused: z.array(StatusRefusalSchema),
  notFoundCount: z.number().int(),
  notFound: z.array(z.string()),
});
export type StatusUploadPreview = z.infer<typeof StatusUploadPreviewSchema>;

/** The counts POST /orders/status puts in its reply headers beside the result workbook, for the toast. */
export const STATUS_RESULT_HEADERS = {
  updated: 'x-status-updated',
  unchanged: 'x-status-unchanged',
  refused: 'x-status-refused',
  notFound: 'x-status-not-found',
} as const;
