/**
 * The app's one i18next instance. English by default and always at hand; another language's texts are
 * fetched when it is chosen. The remembered language is applied before the first render (`i18nReady`), so
 * no screen flashes in the other language.
 */
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { LANGUAGES, type Language, loadResources } from './resources.ts';
import { englishResources } from './resources-en.ts';

const STORAGE_KEY = 'parcelops.language';

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'common';
    resources: typeof englishResources;
  }
}

function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

export function storedLanguage(): Language {
  try {
    const stored = localStorage.getItem(STORAGE_KEY);
    return isLanguage(stored) ? stored : 'en';
  } catch {
    return 'en';
  }
}

export const i18n = i18next.createInstance();
void i18n.use(initReactI18next).init({
  resources: { en: englishResources },
  lng: 'en',
  fallbackLng: 'en',
  defaultNS: 'common',
  ns: Object.keys(englishResources),
  interpolation: { escapeValue: false },
  returnNull: false,
  initAsync: false,
});

function applyToDocument(language: Language) {
  if (typeof document !== 'undefined') document.documentElement.lang = language;
}

/** Makes sure a language's texts are loaded, then shows every screen in it. */
async function switchTo(language: Language): Promise<void> {
  if (!i18n.hasResourceBundle(language, 'common')) {
    const bundles = await loadResources(language);
    for (const [namespace, texts] of Object.entries(bundles)) {
      i18n.addResourceBundle(language, namespace, texts as object, true, true);
    }
  }
  await i18n.changeLanguage(language);
  applyToDocument(language);
}

/** Resolves once the language remembered on this device is ready to render. */
export const i18nReady: Promise<void> = switchTo(storedLanguage()).catch(() => switchTo('en'));

export function currentLanguage(): Language {
  return isLanguage(i18n.language) ? i18n.language : 'en';
}

/** Switches every screen at once and remembers the choice on this device. */
export async function changeLanguage(language: Language): Promise<void> {
  try {
    localStorage.setItem(STORAGE_KEY, language);
  } catch {
    // Private windows may refuse storage: the choice then lasts for this visit.
  }
  await switchTo(language);
}
