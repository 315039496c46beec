import { z } from 'zod';

/** Tokens start with this prefix, so a bearer value can be told from a session JWT at a glance. */
export const API_KEY_PREFIX = 'po_';

export const ApiKeySchema = z.object({
  sid: z.string(),
  account_sid: z.string(),
  /** The token's first and last characters; the token itself is shown once, at creation. */
  token_hint: z.string(),
  last_used: z.string().nullable(),
  date_created: z.string(),
});
export type ApiKey = z.infer<typeof ApiKeySchema>;

export const CreatedApiKeySchema = ApiKeySchema.extend({ token: z.string() });
export type CreatedApiKey = z.infer<typeof CreatedApiKeySchema>;

export const ApiKeyAccountQuerySchema = z.object({ account_sid: z.string().trim().max(64).optional() });
