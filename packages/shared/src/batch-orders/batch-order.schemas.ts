/**
 * Batch orders (spec §2 Batch orders, §3 Batch order, §4 Process/batch status, §7): a seller's file of orders
 * placed all or nothing by a background job. The file has the order import's columns and row rules.
 */
import { z } from 'zod';
import { CreditUnitSchema } from '../accounts/account.schemas.ts';
import { requiredText } from '../common/common.schemas.ts';
import { DEFAULT_ORDER_PAGE_SIZE, optionalQueryText, queryDate } from '../orders/order.schemas.ts';
import { TextSchema } from '../texts/text.schemas.ts';

/** Spec §4 Process/batch status, with the label each is shown as. */
export const BATCH_STATUSES = ['initiated', 'in-progress', 'success', 'failed'] as const;
export type BatchStatus = (typeof BATCH_STATUSES)[number];
export const BATCH_STATUS_LABELS: Record<BatchStatus, string> = {
  initiated: 'Generated',
  'in-progress': 'Processing',
  success: 'Processed',
  failed: 'Failed',
};

/** Product decisions, Batch orders: at most 50,000 rows a batch. */
export const BATCH_MAX_ROWS = 50_000;
export const BATCH_NAME_MAX = 100;
/** Bad rows listed on GET /batch_orders/{sid}; the error sheet has them all. */
export const BATCH_PROBLEMS_LISTED = 1_000;

/** A bad row of a failed batch: where, what it held, and why. */
export const BatchRowProblemSchema = z.object({
  /** The sheet's row number, as Excel shows it (the header is row 1). */
  row: z.number().int(),
  /** The column's header as the file has it; null when the problem is the whole order's (its price, credit). */
  column: z.string().nullable(),
  value: z.string().nullable(),
  /** Why, in English; `key` and `params` are the same words as a catalogue text (none on older batches). */
  msg: z.string(),
  key: z.string().optional(),
  params: TextSchema.shape.params,
});
export type BatchRowProblem = z.infer<typeof BatchRowProblemSchema>;

/**
 * What "Check only" found for a batch whose every row is good: how many orders it would place, what they cost
 * in the account's unit, and the balance when it was checked (null when the account does not order on credit:
 * nothing would be charged). Nothing was placed or charged.
 */
export const BatchQuoteSchema = z.object({
  orders: z.number().int(),
  cost: z.number(),
  unit: CreditUnitSchema.nullable(),
  balance: z.number().nullable(),
});
export type BatchQuote = z.infer<typeof BatchQuoteSchema>;

/** What is short when the batch is placed against the balance the check saw (0 when it is covered). */
export const quoteShortfall = (quote: BatchQuote): number =>
  quote.balance === null ? 0 : Math.max(0, quote.cost - quote.balance);

/**
 * The failure reasons (their catalogue keys) that the same file can get past by running the batch again: credit
 * topped up, the account made active, the server back. Any other failure is the file's and fails the same way.
 */
export const BATCH_RERUNNABLE_REASONS: readonly string[] = [
  'batch.creditShort',
  'batch.accountInactive',
  'batch.gaveUp',
];

export const BatchOrderSchema = z.object({
  sid: z.string(),
  name: z.string(),
  account_sid: z.string(),
  account_name: z.string(),
  status: z.enum(BATCH_STATUSES),
  /** Why it failed (every bad row named, or the balance and the cost); null otherwise. */
  reason: z.string().nullable(),
  /**
   * The reason as a catalogue text, for the web to show in its language; for bad rows it counts them (each row
   * has its own text in the problems). Null when there is no reason, or an older one has no key.
   */
  reason_text: TextSchema.nullable(),
  file_name: z.string(),
  /**
   * The uploaded file is still stored. A finished batch's file is dropped BATCH_FILE_KEEP_DAYS after it finished;
   * from then on neither "Run again" nor the error sheet can be had: only a new upload helps.
   */
  file_kept: z.boolean(),
  /** Data rows of the file. */
  rows: z.number().int(),
  /** Orders placed (0 until it succeeds). */
  orders: z.number().int(),
  /** What the batch's orders were charged, VND (0 until it succeeds). */
  total_charge: z.number(),
  /**
   * Orders written so far while the batch is placed (its progress: they stay hidden, uncharged, until it
   * succeeds); then the orders placed. 0 while the rows are checked, and for a failed or checked batch.
   */
  placed: z.number().int(),
  /** Bad rows found (a failed batch offers its sheet back with an error column when there are any). */
  problem_count: z.number().int(),
  date_created: z.string(),
  started_at: z.string().nullable(),
  finished_at: z.string().nullable(),
  /**
   * Created with "Check only": its job checks and prices every row and places nothing. A checked batch stays
   * `initiated` with its `quote` until POST /batch_orders/{sid}/run places it.
   */
  check_only: z.boolean(),
  /** What the check found (initiated batches only); null otherwise. */
  quote: BatchQuoteSchema.nullable(),
  /** How many times the batch has run: 1, and one more for every POST /batch_orders/{sid}/run. */
  runs: z.number().int(),
});
export type BatchOrder = z.infer<typeof BatchOrderSchema>;

/** GET /batch_orders/{sid}: the batch, and its first bad rows. */
export const BatchOrderDetailSchema = BatchOrderSchema.extend({
  problems: z.array(BatchRowProblemSchema),
});
export type BatchOrderDetail = z.infer<typeof BatchOrderDetailSchema>;

export const BatchOrderListSchema = z.object({
  data: z.array(BatchOrderSchema),
  total: z.number().int(),
});
export type BatchOrderList = z.infer<typeof BatchOrderListSchema>;

/** GET /batch_orders: page (zero-based), page_size, account_sid, date and text (name) filters. */
export const ListBatchOrdersQuerySchema = z.object({
  page: z.coerce.number().int('page must be a whole number').min(0, 'page must be 0 or more').default(0),
  page_size: z.coerce
    .number()
    .int('page_size must be a whole number')
    .min(1, 'page_size must be at least 1')
    .max(500, 'page_size must be at most 500')
    .default(DEFAULT_ORDER_PAGE_SIZE),
  from_date: queryDate(false),
  to_date: queryDate(true),
  account_sid: optionalQueryText,
  filter: optionalQueryText,
});
export type ListBatchOrdersQuery = z.output<typeof ListBatchOrdersQuerySchema>;

/** POST /batch_orders's text fields (the file is the `file` part). */
export const CreateBatchOrderFieldsSchema = z.object({
  name: requiredText('batchName', BATCH_NAME_MAX),
  account_sid: z
    .string()
    .trim()
    .max(64)
    .optional()
    .transform((value) => value || undefined)
    .describe('The account the orders are for: admins and operators only; account users leave it out'),
  check_only: z
    .enum(['true', 'false'])
    .optional()
    .transform((value) => value === 'true')
    .describe(
      '"true": check and price every row, place nothing and charge nothing; the batch ends initiated with its quote (or failed with every problem)',
    ),
});
export type CreateBatchOrderFields = z.output<typeof CreateBatchOrderFieldsSchema>;
