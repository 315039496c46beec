import { z } from 'zod';
import { requiredText } from '../common/common.schemas.ts';
import { declaredValueField, originCountryInput } from '../orders/item-customs.ts';
import type { FieldName } from '../texts/catalog/fields.ts';
import { text } from '../texts/catalog.ts';
import { field, textIssue } from '../texts/issues.ts';

/**
 * Spec §5: numeric fields are parsed as decimals and an empty value becomes 0. Accepts numbers and numeric
 * text (the form and spreadsheets send both).
 */
export const decimalField = (name: FieldName) => {
  const label = field(name);
  const notANumber = text('validation.mustBeNumber', { label });
  const negative = text('validation.zeroOrMore', { label });
  const tooLarge = text('validation.atMost', { label, max: 1_000_000 });
  return (
    // Optional before the transform: a missing key must reach it as undefined (and become 0), not fail first.
    z
      .union([z.number(), z.string(), z.null()])
      .optional()
      .transform((value, context) => {
        if (value === null || value === undefined) return 0;
        const text = typeof value === 'number' ? String(value) : value.trim().replace(',', '.');
        if (text === '') return 0;
        const parsed = Number(text);
        if (!Number.isFinite(parsed) || !/^[-+]?\d*\.?\d+(e[-+]?\d+)?$/i.test(text)) {
          context.addIssue(textIssue(notANumber));
          return z.NEVER;
        }
        if (parsed < 0) {
          context.addIssue(textIssue(negative));
          return z.NEVER;
        }
        if (parsed > 1_000_000) {
          context.addIssue(textIssue(tooLarge));
          return z.NEVER;
        }
        return parsed;
      })
  );
};

const optionalHsCode = z
  .union([z.string(), z.null()])
  .optional()
  .transform((value) => (value ? value.trim() : '') || null);

const notBoolean = text('validation.trueOrFalse', { label: field('combinable') });
const booleanish = z
  .union([z.boolean(), z.string(), z.number(), z.null()])
  .optional()
  .transform((value, context) => {
    if (typeof value === 'boolean') return value;
    if (value === null || value === undefined) return false;
    const text = String(value).trim().toLowerCase();
    if (['true', 'yes', 'y', '1', 'x'].includes(text)) return true;
    if (['false', 'no', 'n', '0', ''].includes(text)) return false;
    context.addIssue(textIssue(notBoolean));
    return z.NEVER;
  });

export const ItemDeclarationFieldsSchema = z.object({
  skuNumber: requiredText('skuTitle', 100),
  name: requiredText('name', 200),
  refName: requiredText('refName', 200),
  itemDescription: requiredText('description', 500),
  hs_code: optionalHsCode,
  itemWeight: decimalField('weight'),
  itemWidth: decimalField('width'),
  itemHeight: decimalField('height'),
  itemLength: decimalField('length'),
  can_combine: booleanish,
  /**
   * Customs facts an order's item of this SKU takes when it gives none. Left out (an older client or file),
   * a stored declaration keeps its own and a new one has none and VN; blank clears them to none and VN.
   */
  declaredValue: declaredValueField,
  originCountry: originCountryInput,
});
export type ItemDeclarationFields = z.output<typeof ItemDeclarationFieldsSchema>;

export const ItemDeclarationInputSchema = ItemDeclarationFieldsSchema.extend({
  /** The account the declaration belongs to; account users may leave it out (their own is used). */
  account_sid: z.string().trim().max(64).optional(),
});
export type ItemDeclarationInput = z.input<typeof ItemDeclarationInputSchema>;

export const ItemDeclarationSchema = z.object({
  sid: z.string(),
  account_sid: z.string(),
  skuNumber: z.string(),
  name: z.string(),
  refName: z.string(),
  itemDescription: z.string(),
  hs_code: z.string().nullable(),
  itemWeight: z.number(),
  itemWidth: z.number(),
  itemHeight: z.number(),
  itemLength: z.number(),
  can_combine: z.boolean(),
  /** USD; null when none is declared. */
  declaredValue: z.number().nullable(),
  /** ISO 3166-1 alpha-2. */
  originCountry: z.string(),
  date_created: z.string(),
});
export type ItemDeclaration = z.infer<typeof ItemDeclarationSchema>;

export const ListItemDeclarationsQuerySchema = z.object({
  filter: z.string().trim().max(200).optional(),
  account_sid: z.string().trim().max(64).optional(),
});

/** What the batch upload answers: one entry per data row of the sheet. */
export const ItemDeclarationBatchResultSchema = z.object({
  created: z.number().int(),
  updated: z.number().int(),
  rows: z.array(
    z.object({
      row: z.number().int(),
      skuNumber: z.string(),
      result: z.enum(['created', 'updated']),
    }),
  ),
});
export type ItemDeclarationBatchResult = z.infer<typeof ItemDeclarationBatchResultSchema>;

/**
 * Columns of the item declaration workbook. Each is found by header, in any letter case and order; both the
 * spec's field names and the table titles of spec §2 are accepted.
 */
export const ITEM_DECLARATION_COLUMNS = [
  { key: 'skuNumber', headers: ['skuNumber', 'Sku'], required: true, example: 'SKU-TEE-001' },
  { key: 'name', headers: ['name'], required: true, example: 'Cotton T-shirt' },
  { key: 'refName', headers: ['refName'], required: true, example: 'Ao thun cotton' },
  {
    key: 'itemDescription',
    headers: ['itemDescription', 'Description'],
    required: true,
    example: "Men's cotton T-shirt",
  },
  // No example HS code: the template must upload on a fresh install, before any HS code exists.
  { key: 'hs_code', headers: ['hs_code', 'HS Code', 'hsCode'], required: false, example: '' },
  { key: 'itemWeight', headers: ['itemWeight', 'Weight'], required: true, example: 180 },
  { key: 'itemWidth', headers: ['itemWidth', 'Width'], required: true, example: 20 },
  { key: 'itemHeight', headers: ['itemHeight', 'Height'], required: true, example: 2 },
  { key: 'itemLength', headers: ['itemLength', 'Length'], required: true, example: 30 },
  {
    key: 'can_combine',
    headers: ['can_combine', 'Combinable', 'canCombine'],
    required: true,
    example: 'true',
  },
  {
    key: 'declaredValue',
    headers: ['declaredValue', 'Declared Value', 'Value (USD)', 'Declared Value (USD)'],
    required: false,
    example: 8.5,
  },
  {
    key: 'originCountry',
    headers: ['originCountry', 'Origin Country', 'Country of Origin', 'Origin'],
    required: false,
    example: 'VN',
  },
] as const;

export const ITEM_DECLARATION_FAILURE_PREFIX = {
  save: 'Failed to update/create Item Declaration ',
  delete: 'Failed to delete Item declaration: ',
} as const;
