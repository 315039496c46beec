import { z } from 'zod';
import type { FieldName } from '../texts/catalog/fields.ts';
import { field, says } from '../texts/issues.ts';
import type { Text } from '../texts/text.ts';

/** Entity identifiers are UUIDv7 strings on the wire. */
export const SidSchema = z.string().min(1).max(64);
export const SidParamsSchema = z.object({ id: SidSchema });
export type SidParams = z.infer<typeof SidParamsSchema>;

/**
 * What free text may not hold (issue 30): C0 and C1 control characters, DEL, and the bidi embeddings,
 * overrides and isolates (U+202A-U+202E, U+2066-U+2069), which make a name read backwards in a manifest or a
 * file name. A multi-line field keeps its line breaks.
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point
const HIDDEN_CONTROLS = /[\u0000-\u001F\u007F-\u009F\u202A-\u202E\u2066-\u2069]/u;
// biome-ignore lint/suspicious/noControlCharactersInRegex: as above, with the line break allowed
const HIDDEN_CONTROLS_BUT_LINES = /[\u0000-\u0009\u000B-\u001F\u007F-\u009F\u202A-\u202E\u2066-\u2069]/u;

/** `value` without the characters free text may not hold (a file name built from text stored before the rule). */
export function withoutHiddenControls(value: string): string {
  return value.replace(new RegExp(HIDDEN_CONTROLS.source, 'gu'), '').normalize('NFC');
}

/** Whether `value` holds a character free text may not (HIDDEN_CONTROLS). */
export function hasHiddenControls(value: string, multiline = false): boolean {
  return (multiline ? HIDDEN_CONTROLS_BUT_LINES : HIDDEN_CONTROLS).test(value);
}

/**
 * The one text rule for free text: composed (NFC) so "Nguyễn" typed on two keyboards is stored and compared
 * the same; tabs and line breaks, which spreadsheet cells carry, folded to a space in a one-line field (a
 * multi-line one keeps its line breaks, as \n); any other control or bidi character refused with the field
 * named. Applied before trimming and length checks.
 */
export function freeText(schema: z.ZodString, label: Text | null, { multiline = false } = {}) {
  const message = label
    ? says('validation.hiddenControls', { label })
    : says('validation.hiddenControlsHere');
  return schema
    .normalize('NFC')
    .overwrite((value) =>
      multiline ? value.replace(/\r\n?/g, '\n').replace(/\t/g, ' ') : value.replace(/[\t\r\n]+/g, ' '),
    )
    .refine((value) => !hasHiddenControls(value, multiline), { message });
}

/** Trimmed, required text; `label` names the field (a `field.*` text) in the message people see. */
export const requiredText = (label: FieldName, max = 200, options: { multiline?: boolean } = {}) => {
  const name = field(label);
  const required = says('validation.required', { label: name });
  const notText = says('validation.mustBeText', { label: name });
  return (
    freeText(
      z.string({
        error: (issue) => (issue.input === undefined || issue.input === null ? required : notText),
      }),
      name,
      options,
    )
      .trim()
      // Aborting here keeps a blank value to one message, not "required" plus every later rule.
      .min(1, { message: required, abort: true })
      .max(max, says('validation.maxChars', { label: name, max }))
  );
};

/**
 * Optional free text: blank or null becomes null (cleared), and an absent key stays undefined (unchanged),
 * which is what partial updates need.
 */
export const optionalText = (max = 500, options: { multiline?: boolean } = {}) =>
  freeText(z.string(), null, options)
    .trim()
    .max(max, says('validation.atMostChars', { max }))
    .nullable()
    .transform((value) => (value ? value : null))
    .optional();

export const ListFilterQuerySchema = z.object({ filter: z.string().trim().max(200).optional() });
