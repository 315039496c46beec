import { z } from 'zod';
import { requiredText } from '../common/common.schemas.ts';
import { says } from '../texts/issues.ts';

export const HsCodeSchema = z.object({ sid: z.string(), hs_code: z.string(), description: z.string() });
export type HsCode = z.infer<typeof HsCodeSchema>;

/** Spec §5: code and description are required and trimmed. */
export const HsCodeInputSchema = z.object({
  hs_code: requiredText('hsCode', 20).regex(/^[0-9A-Za-z.\- ]+$/, says('hsCodes.characters')),
  description: requiredText('description', 500, { multiline: true }),
});
export type HsCodeInput = z.infer<typeof HsCodeInputSchema>;

/** Spec §8: the failure prefixes the HS code screen puts before the server's msg. */
export const HS_CODE_FAILURE_PREFIX = {
  update: 'Failed to update HS code ',
  create: 'Failed to create HS code ',
  delete: 'Failed to delete Hs code: ',
} as const;
