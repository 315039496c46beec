/**
 * The app's one i18next instance. English by default, the sign-in page's texts always at hand; the other
 * pages' texts arrive with those pages (`loadTexts`), and another language's texts when it is chosen
 * (resources.ts). The remembered language is applied before the first render (`i18nReady`), so no screen
 * flashes in the other language.
 */
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { LANGUAGES, type Language, loadResources, type TextsPart } from './resources.ts';
import type { englishResources } from './resources-en.ts';
import { englishSignInResources } from './resources-en-sign-in.ts';
import { loadServerTexts } from './server-texts.ts';

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
// With resources given at init, i18next takes every namespace as loaded and never waits for one: a part is
// added before the first screen that reads it renders (the lazy pages wait for `loadTexts`).
// i18next keeps the object given here as its store and adds each part's namespaces to it: a copy, so the
// module's own object stays the sign-in part alone.
void i18n.use(initReactI18next).init({
  resources: { en: { ...englishSignInResources } },
  lng: 'en',
  fallbackLng: 'en',
  defaultNS: 'common',
  ns: Object.keys(englishSignInResources),
  interpolation: { escapeValue: false },
  returnNull: false,
  initAsync: false,
});

function applyToDocument(language: Language) {
  if (typeof document !== 'undefined') document.documentElement.lang = language;
}

/** The parts the screens opened so far read: the sign-in page's from the start, the others' as they open. */
const wantedParts = new Set<TextsPart>(['signIn']);
/** Each language's parts, loaded or on their way (`en:signIn` is here from the start). */
const parts = new Map<string, Promise<void>>([['en:signIn', Promise.resolve()]]);
/** The language being switched to, or shown: what a part asked for meanwhile must come in too. */
let targetLanguage: Language = 'en';

function loadPart(language: Language, part: TextsPart): Promise<void> {
  const key = `${language}:${part}`;
  let loading = parts.get(key);
  if (!loading) {
    loading = loadResources(language, part).then((bundles) => {
      for (const [namespace, texts] of Object.entries(bundles)) {
        // A wider part holds a narrower one's namespaces too (one module has every text): each added once.
        if (!i18n.hasResourceBundle(language, namespace)) {
          i18n.addResourceBundle(language, namespace, texts as object, true, true);
        }
      }
    });
    // A failed fetch is tried again when next asked for.
    loading.catch(() => parts.delete(key));
    parts.set(key, loading);
  }
  return loading;
}

/** Makes sure a language's texts are loaded (every part wanted, and the server's catalogue), then shows every screen in it. */
async function switchTo(language: Language): Promise<void> {
  targetLanguage = language;
  await Promise.all([
    ...[...wantedParts].map((part) => loadPart(language, part)),
    // English texts from the server carry their English beside them; another language needs the catalogue.
    language === 'en' ? undefined : loadServerTexts(),
  ]);
  await i18n.changeLanguage(language);
  applyToDocument(language);
}

/** Resolves once the language remembered on this device is ready to render. */
export const i18nReady: Promise<void> = switchTo(storedLanguage()).catch(() => switchTo('en'));

export function currentLanguage(): Language {
  return isLanguage(i18n.language) ? i18n.language : 'en';
}

/**
 * A part of the texts, in the language shown (and in the one being switched to); every language chosen later
 * brings it too. A page's chunk waits for its part (app/routes/AppRoutes.tsx), so no key shows untranslated.
 * The signed-in part comes with the server's catalogue, which those screens render hub names and form checks
 * from.
 */
export async function loadTexts(part: TextsPart): Promise<void> {
  wantedParts.add(part);
  const languages = new Set<Language>([currentLanguage(), targetLanguage]);
  await Promise.all([
    ...[...languages].map((language) => loadPart(language, part)),
    part === 'signedIn' ? loadServerTexts() : undefined,
  ]);
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
