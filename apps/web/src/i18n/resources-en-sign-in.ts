/**
 * The English texts of the sign-in page and what shows around it (the public frame, create password, not found):
 * the only texts in the app's first download. The index and tracking pages add theirs (resources-en-public.ts),
 * the signed-in pages every namespace (resources-en.ts); resources.ts loads each part with its pages.
 */
import enAuth from './locales/en/auth.json';
import enCommon from './locales/en/common.json';

export const englishSignInResources = {
  common: enCommon,
  auth: enAuth,
} as const;
