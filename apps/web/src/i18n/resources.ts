/**
 * Every text on the screens, by language and namespace (one namespace a feature, so features own their
 * files). English is the product spec's wording exactly; a test keeps the languages' keys identical.
 * English ships with the app; Vietnamese (resources-vi.ts) is loaded when chosen, so the first page a
 * person opens carries one language's texts only.
 * To add a namespace: a JSON file in each language folder, one line in resources-en.ts and one in
 * resources-vi.ts.
 */

import { englishResources, type LanguageResources } from './resources-en.ts';

export const LANGUAGES = ['en', 'vi'] as const;
export type Language = (typeof LANGUAGES)[number];

/** A language's texts: English at once, any other loaded on first use. */
export async function loadResources(language: Language): Promise<LanguageResources> {
  if (language === 'en') return englishResources;
  return (await import('./resources-vi.ts')).vietnameseResources;
}
