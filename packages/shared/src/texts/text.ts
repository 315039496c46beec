/**
 * Server texts in both languages (issue 21). The server answers every msg with a stable `key` and its
 * `params` beside it; the web renders the key in the chosen language and falls back to the English msg when it
 * does not know the key (an older web against a newer server). Entries keep both languages side by side, so a
 * text without its Vietnamese fails the typecheck instead of showing English on a Vietnamese screen.
 */

/** A text's parameter: a value shown as is, or another text rendered in the same language (a status, a hub). */
export type TextParam = string | number | Text;
export type TextParams = Record<string, TextParam>;

/** A text as it travels: the catalogue key and the values its `{{name}}` placeholders take. */
export interface Text {
  key: string;
  params?: TextParams;
}

/** English has plural forms chosen by `params.count`; Vietnamese does not inflect. */
export type EnglishTemplate = string | { one: string; other: string };
export interface TextEntry {
  en: EnglishTemplate;
  vi: string;
}

export type TextLanguage = 'en' | 'vi';

/** Keeps a domain's entries typed by their literal keys, both languages required. */
export function defineTexts<const Entries extends Record<string, TextEntry>>(entries: Entries): Entries {
  return entries;
}

export function isText(value: unknown): value is Text {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as { key?: unknown }).key === 'string' &&
    ((value as { params?: unknown }).params === undefined ||
      (typeof (value as { params?: unknown }).params === 'object' &&
        (value as { params?: unknown }).params !== null))
  );
}

const PLACEHOLDER = /\{\{\s*(\w+)\s*\}\}/g;

/**
 * Fills `{{name}}` placeholders; `renderParam` turns a nested text into words of the same language. A
 * placeholder without its parameter stays visible rather than vanishing, so a missing value is noticed.
 */
export function fillTemplate(
  template: string,
  params: TextParams | undefined,
  renderParam: (value: Text) => string,
): string {
  if (!params) return template;
  return template.replace(PLACEHOLDER, (whole, name: string) => {
    const value = params[name];
    if (value === undefined) return whole;
    return typeof value === 'object' ? renderParam(value) : String(value);
  });
}

/** The template for a language, choosing English's plural form by `count`. */
export function templateFor(entry: TextEntry, language: TextLanguage, params?: TextParams): string {
  if (language === 'vi') return entry.vi;
  if (typeof entry.en === 'string') return entry.en;
  return Number(params?.count) === 1 ? entry.en.one : entry.en.other;
}
