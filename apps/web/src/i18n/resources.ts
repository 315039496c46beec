/**
 * Every text on the screens, by language and namespace (one namespace a feature, so features own their
 * files). English is the product spec's wording exactly; a test keeps the languages' keys identical.
 * The texts come in parts, each loaded with the first page that reads it (`loadTexts`, i18n.ts), so the
 * sign-in page carries only what it says (issue 31 item 8):
 * - `signIn`: the sign-in page and the public frame (common, auth; resources-en-sign-in.ts). English ships
 *   with the app.
 * - `public`: every public page's, adding the index and tracking pages' (tracking, dashboard).
 * - `signedIn`: every namespace, with the first signed-in page.
 * Another language's parts are fetched when it is chosen; Vietnamese has one public part for both public ones.
 * To add a namespace: a JSON file in each language folder, one line in resources-en.ts and one in
 * resources-vi.ts (or in the -public files, when a public page reads it).
 */

import type { LanguageResources } from './resources-en.ts';
import { englishSignInResources } from './resources-en-sign-in.ts';

export const LANGUAGES = ['en', 'vi'] as const;
export type Language = (typeof LANGUAGES)[number];

export type TextsPart = 'signIn' | 'public' | 'signedIn';

/** A part of a language's texts: the sign-in page's English at once, anything else loaded on first use. */
export async function loadResources(
  language: Language,
  part: TextsPart,
): Promise<Partial<LanguageResources>> {
  if (language === 'en') {
    if (part === 'signIn') return englishSignInResources;
    if (part === 'public') return (await import('./resources-en-public.ts')).englishPublicResources;
    return (await import('./resources-en.ts')).englishResources;
  }
  if (part === 'signedIn') return (await import('./resources-vi.ts')).vietnameseResources;
  return (await import('./resources-vi-public.ts')).vietnamesePublicResources;
}
