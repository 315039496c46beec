/**
 * The English texts of every public page: the sign-in part (resources-en-sign-in.ts) and what the index and
 * tracking pages add, fetched with those pages.
 */
import enDashboard from './locales/en/dashboard.json';
import enTracking from './locales/en/tracking.json';
import { englishSignInResources } from './resources-en-sign-in.ts';

export const englishPublicResources = {
  ...englishSignInResources,
  tracking: enTracking,
  // The index page's words live in `dashboard` beside the signed-in home's (under `index.`).
  dashboard: enDashboard,
} as const;

export type PublicNamespace = keyof typeof englishPublicResources;
