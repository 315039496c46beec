/**
 * What the server stored or listed as catalogue texts (`{ key, params }`, packages/shared texts/), in the
 * chosen language: a tracking event's description and place, a batch's reason, an AMS finding, a scan's
 * refusal. The server sends the English beside every key; it is what shows when the key is unknown here (an
 * older web against a newer server) or there is none (words stored before the keys, a broker's own words),
 * and while the catalogue itself is on its way (i18n/server-texts.ts: it is loaded on demand).
 */
import { type Hub, hubText, isText, type Text } from '@parcelops/shared';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../i18n/i18n.ts';
import { renderText, useServerTextsLoaded } from '../i18n/server-texts.ts';
import { ApiError, errorMessage } from './api-client.ts';

/** Something that may carry a text: `{ key, params }` itself, or a reply's `{ msg, key, params }`. */
type MaybeText = { key?: unknown; params?: unknown } | null | undefined;

/** The text a reply carries, when its key and params are well formed. */
export function textOf(value: MaybeText): Text | undefined {
  if (!value) return undefined;
  const candidate = { key: value.key, params: value.params ?? undefined };
  return isText(candidate) ? candidate : undefined;
}

/** The words in the chosen language now (outside React: toasts, stored rows); `english` when unknown. */
export function serverWords(value: MaybeText, english: string): string {
  const words = textOf(value);
  return (words && renderText(words, currentLanguage())) ?? english;
}

/**
 * For components: renders texts in the chosen language, and renders the component again when the language
 * changes or the catalogue arrives (the function changes with them).
 */
export function useServerText(): (value: MaybeText, english: string) => string {
  const { i18n } = useTranslation();
  const language = i18n.language === 'vi' ? 'vi' : 'en';
  const catalogueHere = useServerTextsLoaded();
  // The catalogue's arrival changes what `renderText` answers: a new function renders the texts again.
  // biome-ignore lint/correctness/useExhaustiveDependencies: catalogueHere is that change's signal.
  return useCallback(
    (value: MaybeText, english: string) => {
      const words = textOf(value);
      return (words && renderText(words, language)) ?? english;
    },
    [language, catalogueHere],
  );
}

/** A hub's name in the chosen language ("Sài Gòn (SGN)"): the catalogue is the one place hubs are named. */
export function useHubName(): (hub: Hub) => string {
  const say = useServerText();
  return useCallback((hub: Hub) => `${say(hubText(hub), hub)} (${hub})`, [say]);
}

/**
 * A failure as a row keeps it (rows live in session storage, as JSON): the English, and what shows it in the
 * chosen language whenever the row is drawn: the server's text, or that the server could not be reached.
 */
export interface FailureWords {
  reason: string;
  reasonText?: Text;
  unreachable?: true;
}

export function failureWords(error: unknown): FailureWords {
  if (!(error instanceof ApiError)) return { reason: errorMessage(error) };
  if (error.code === 'NETWORK') return { reason: error.message, unreachable: true };
  return error.text ? { reason: error.message, reasonText: error.text } : { reason: error.message };
}

/** A kept failure's words in the chosen language (re-rendering when it changes). */
type KeptFailure = { reason: string | null; reasonText?: Text; unreachable?: true };

export function useFailureText(): (failure: KeptFailure) => string {
  const { t } = useTranslation('auth');
  const say = useServerText();
  return useCallback(
    (failure) => {
      if (failure.unreachable) return t('messages.serverUnreachable');
      return say(failure.reasonText, failure.reason ?? '');
    },
    [t, say],
  );
}
