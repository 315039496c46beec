import { z } from 'zod';

/** Entity identifiers are UUIDv7 strings on the wire. */
export const SidSchema = z.string().min(1).max(64);
export const SidParamsSchema = z.object({ id: SidSchema });
export type SidParams = z.infer<typeof SidParamsSchema>;

/** Trimmed, required text; `label` names the field in the message people see. */
export const requiredText = (label: string, max = 200) =>
  z
    .string({
      error: (issue) =>
        issue.input === undefined || issue.input === null ? `${label} is required` : `${label} must be text`,
    })
    .trim()
    // Aborting here keeps a blank value to one message, not "required" plus every later rule.
    .min(1, { message: `${label} is required`, abort: true })
    .max(max, `${label} must be at most ${max} characters`);

/**
 * Optional free text: blank or null becomes null (cleared), and an absent key stays undefined (unchanged),
 * which is what partial updates need.
 */
export const optionalText = (max = 500) =>
  z
    .string()
    .trim()
    .max(max, `must be at most ${max} characters`)
    .nullable()
    .transform((value) => (value ? value : null))
    .optional();

export const ListFilterQuerySchema = z.object({ filter: z.string().trim().max(200).optional() });
