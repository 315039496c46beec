import { z } from 'zod';
import { requiredText } from '../common/common.schemas.ts';

/** One row of a price table: up to `weight` grams costs `vnd` and `usd`. */
export const PriceRowSchema = z.object({
  weight: z.number().int().positive(),
  vnd: z.number().nonnegative(),
  usd: z.number().nonnegative(),
});
export type PriceRow = z.infer<typeof PriceRowSchema>;

export const PriceTableSummarySchema = z.object({
  sid: z.string(),
  name: z.string(),
  rows_count: z.number().int(),
  accounts_count: z.number().int(),
  date_created: z.string(),
});
export type PriceTableSummary = z.infer<typeof PriceTableSummarySchema>;

export const PriceTableSchema = PriceTableSummarySchema.extend({
  /** Spec §3: the rows as JSON text. */
  pricese: z.string(),
  /** The same rows, parsed and sorted by weight. */
  rows: z.array(PriceRowSchema),
});
export type PriceTable = z.infer<typeof PriceTableSchema>;

export const PriceTableNameSchema = requiredText('name');

/** Column headers of the price table workbook (spec §3 field names; any letter case, any order). */
export const PRICE_TABLE_COLUMNS = [
  { key: 'weight', headers: ['weight', 'weight (gram)', 'weight (grams)', 'weight (g)'], example: 500 },
  { key: 'vnd', headers: ['vnd'], example: 180000 },
  { key: 'usd', headers: ['usd'], example: 7.5 },
] as const;
