import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import en from '../../i18n/locales/en/auth.json';

type MessageKey = keyof typeof en.messages;

// The shared package and the session code speak English (the spec's texts, also used by the server); the
// screens look each known text up here to show it in the chosen language.
const KEY_BY_TEXT = new Map(Object.entries(en.messages).map(([key, text]) => [text, key as MessageKey]));

/** Translates a text the app knows (sign-in notices, password rules); a server's own msg is shown as sent. */
export function useKnownMessage() {
  const { t } = useTranslation('auth');
  return useCallback(
    (text: string | undefined): string | undefined => {
      if (text === undefined) return undefined;
      const key = KEY_BY_TEXT.get(text);
      return key ? t(`messages.${key}`) : text;
    },
    [t],
  );
}
