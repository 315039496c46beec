/**
 * Every text the server says, by domain. A domain adds its file under catalog/ and one spread here; keys start
 * with the domain's name so two files never claim the same key.
 */
import { commonTexts } from './catalog/common.ts';
import {
  fillTemplate,
  isText,
  type Text,
  type TextEntry,
  type TextLanguage,
  type TextParams,
  templateFor,
} from './text.ts';

export const serverTexts = {
  ...commonTexts,
} satisfies Record<string, TextEntry>;

export type TextKey = keyof typeof serverTexts;

/** A text to send: typed by the catalogue's keys, so a key that does not exist fails the typecheck. */
export function text(key: TextKey, params?: TextParams): Text {
  return params ? { key, params } : { key };
}

/** A free-form English string with no catalogue entry (kept verbatim in both languages). */
export function plainText(english: string): Text {
  return { key: 'common.plain', params: { text: english } };
}

/** Renders a text in a language; `undefined` when the key is unknown here, so the caller can fall back. */
export function renderText(value: Text, language: TextLanguage): string | undefined {
  const entry = (serverTexts as Record<string, TextEntry | undefined>)[value.key];
  if (!entry || !Object.hasOwn(serverTexts, value.key)) return undefined;
  return fillTemplate(templateFor(entry, language, value.params), value.params, (nested) =>
    isText(nested) ? (renderText(nested, language) ?? nested.key) : String(nested),
  );
}

/** The English words of a text: the msg every reply keeps for API clients. */
export function englishOf(value: Text): string {
  return renderText(value, 'en') ?? value.key;
}
