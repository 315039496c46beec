import { z } from 'zod';

/** GET /settings/public: what the sign-in page may know before anyone signs in. */
export const PublicSettingsSchema = z.object({ company_name: z.string() });
export type PublicSettings = z.infer<typeof PublicSettingsSchema>;
