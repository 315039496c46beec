/**
 * Country names in English and Vietnamese, from the `i18n-iso-countries` package's en and vi locale files
 * (read directly: its entry module would bring the other 76 locales on the server and a diacritics table to
 * the browser, neither needed here). The web's country picker shows them; the rules read a country written as
 * a name ("Vietnam", "United States", "Hoa Kỳ", "USA") to say which code to use instead.
 */
import en from 'i18n-iso-countries/langs/en.json';
import vi from 'i18n-iso-countries/langs/vi.json';
import { COUNTRY_CODES } from '../orders/item-customs.ts';
import type { TextLanguage } from '../texts/text.ts';
import { foldName } from './us-states.ts';

type Names = Record<string, string | string[]>;
const LOCALES: Record<TextLanguage, Names> = { en: en.countries, vi: vi.countries };

/**
 * The usual short names where the package's first name is the formal one ("United States of America",
 * "Hợp chủng quốc Hoa Kỳ").
 */
const SHORT_NAMES: Record<TextLanguage, Record<string, string>> = {
  en: { US: 'United States' },
  vi: { US: 'Hoa Kỳ' },
};

/** Every name a locale gives a country: the first is its official one, the others aliases. */
function namesOf(code: string, language: TextLanguage): string[] {
  const names = LOCALES[language][code];
  return names === undefined ? [] : typeof names === 'string' ? [names] : names;
}

/** The country's name in the language (its usual, short form), or undefined for a code that is not one. */
export function countryName(code: string, language: TextLanguage): string | undefined {
  return SHORT_NAMES[language][code] ?? namesOf(code, language)[0];
}

let byName: Map<string, string> | undefined;

/** Every name of every country in both languages, aliases included, folded. */
function namesIndex(): Map<string, string> {
  if (byName) return byName;
  byName = new Map();
  for (const code of COUNTRY_CODES) {
    for (const name of [...namesOf(code, 'en'), ...namesOf(code, 'vi')]) {
      const folded = foldName(name);
      if (folded && !byName.has(folded)) byName.set(folded, code);
    }
  }
  for (const [alias, code] of [
    ['America', 'US'],
    ['Hoa Ky', 'US'],
    ['Viet Nam', 'VN'],
  ] as const)
    byName.set(foldName(alias), code);
  return byName;
}

/** The ISO 3166-1 alpha-2 code of a country written by name, in English or Vietnamese, any case or accents. */
export function countryCodeOfName(name: string): string | undefined {
  const folded = foldName(name);
  return folded ? namesIndex().get(folded) : undefined;
}
