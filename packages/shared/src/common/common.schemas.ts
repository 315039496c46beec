import { z } from 'zod';
import type { FieldName } from '../texts/catalog/fields.ts';
import { field, says } from '../texts/issues.ts';

/** Entity identifiers are UUIDv7 strings on the wire. */
export const SidSchema = z.string().min(1).max(64);
export const SidParamsSchema = z.object({ id: SidSchema });
export type SidParams = z.infer<typeof SidParamsSchema>;

/** Trimmed, required text; `label` names the field (a `field.*` text) in the message people see. */
export const requiredText = (label: FieldName, max = 200) => {
  const name = field(label);
  const required = says('validation.required', { label: name });
  const notText = says('validation.mustBeText', { label: name });
  return (
    z
      .string({ error: (issue) => (issue.input === undefined || issue.input === null ? required : notText) })
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
export const optionalText = (max = 500) =>
  z
    .string()
    .trim()
    .max(max, says('validation.atMostChars', { max }))
    .nullable()
    .transform((value) => (value ? value : null))
    .optional();

export const ListFilterQuerySchema = z.object({ filter: z.string().trim().max(200).optional() });
