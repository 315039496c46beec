/**
 * The Vietnamese texts of the public pages (the namespaces of resources-en-public.ts), loaded when a person
 * chooses Tiếng Việt; the signed-in pages' follow with those pages (resources-vi.ts). One part for every public
 * page, the sign-in page's included: cutting it as English is would spare Vietnamese visitors about a kilobyte.
 */
import viAuth from './locales/vi/auth.json';
import viCommon from './locales/vi/common.json';
import viDashboard from './locales/vi/dashboard.json';
import viTracking from './locales/vi/tracking.json';
import type { LanguageResources } from './resources-en.ts';
import type { PublicNamespace } from './resources-en-public.ts';

export const vietnamesePublicResources = {
  common: viCommon,
  auth: viAuth,
  tracking: viTracking,
  dashboard: viDashboard,
} satisfies Pick<LanguageResources, PublicNamespace>;
