/**
 * A catalogue text on the wire (`{ key, params }`, texts/text.ts) as a zod schema, for replies that carry a
 * stored or listed text beside its English (a tracking event's description, a batch's reason, an AMS finding).
 * A parameter is a value or a nested text; nesting is written out two levels deep (deeper texts pass as
 * objects), which keeps the OpenAPI document free of recursive references.
 */
import { z } from 'zod';
import type { Text, TextParams } from './text.ts';

const NestedTextSchema = z.object({
  key: z.string(),
  params: z.record(z.string(), z.unknown()).optional(),
});

export const TextParamSchema = z.union([z.string(), z.number(), NestedTextSchema]);

export const TextSchema = z.object({
  key: z.string(),
  params: z.record(z.string(), TextParamSchema).optional(),
});

/** A text stored as its key and params columns, as a reply carries it: null when no key was stored. */
export function storedText(key: string | null, params: TextParams | null | undefined): Text | null {
  if (!key) return null;
  return params ? { key, params } : { key };
}
