/**
 * The formats every label call answers in (issue 33; product decisions, Labels): PDF, the default, or ZPL II
 * for thermal printers at 203 or 300 dpi, drawn from one label layout. Given in the query string
 * (`?format=zpl&dpi=300`) of the single label, bulk labels and a batch's labels.
 */
import { z } from 'zod';

export const LABEL_FORMATS = ['pdf', 'zpl'] as const;
export type LabelFormat = (typeof LABEL_FORMATS)[number];
export const LABEL_DPIS = [203, 300] as const;
export type LabelDpi = (typeof LABEL_DPIS)[number];
/** A ZPL label's resolution when none is given: the most common thermal printer. */
export const DEFAULT_LABEL_DPI: LabelDpi = 203;

/** What a label download is drawn as. */
export type LabelOutput = { format: 'pdf' } | { format: 'zpl'; dpi: LabelDpi };

export const LabelFormatQuerySchema = z.object({
  /** pdf (the default) or zpl. */
  format: z.enum(LABEL_FORMATS).optional(),
  /** A ZPL label's resolution: 203 (the default) or 300; a PDF has none and ignores it. */
  dpi: z
    .enum(['203', '300'])
    .transform((dpi) => Number(dpi) as LabelDpi)
    .optional(),
});
export type LabelFormatQuery = z.output<typeof LabelFormatQuerySchema>;

/** The output a query asks for, with the defaults filled in. */
export function labelOutputOf(query: LabelFormatQuery): LabelOutput {
  return query.format === 'zpl' ? { format: 'zpl', dpi: query.dpi ?? DEFAULT_LABEL_DPI } : { format: 'pdf' };
}
