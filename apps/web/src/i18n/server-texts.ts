/**
 * The server's texts catalogue (packages/shared texts/: every refusal, status, hub name and validation message
 * in both languages) on demand, since it weighs about 13 KB gzipped and the sign-in page does without it: every
 * reply carries its English `msg` beside its key, and that is what shows while the catalogue is not here.
 * It is loaded before a screen shows in Vietnamese (with the Vietnamese texts, i18n.ts), with the first
 * signed-in page (whose hub names and checks come from it), and otherwise when a text is first asked for.
 */
import type { Text, TextLanguage } from '@parcelops/shared';
import { useSyncExternalStore } from 'react';

type Render = (value: Text, language: TextLanguage) => string | undefined;

let render: Render | undefined;
let loading: Promise<void> | undefined;
const listeners = new Set<() => void>();

/** Fetches the catalogue once; resolves when it is here. A failed fetch is tried again at the next call. */
export function loadServerTexts(): Promise<void> {
  loading ??= import('./server-texts-catalog.ts').then(
    (catalog) => {
      render = catalog.renderText;
      for (const listener of listeners) listener();
    },
    (error: unknown) => {
      loading = undefined;
      throw error;
    },
  );
  return loading;
}

export function serverTextsLoaded(): boolean {
  return render !== undefined;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * A text in a language, as the shared `renderText` answers it: `undefined` when the key is unknown here, and
 * also while the catalogue is on its way (asking starts it), so the caller shows the English the server sent.
 */
export function renderText(value: Text, language: TextLanguage): string | undefined {
  if (render) return render(value, language);
  loadServerTexts().catch(() => {
    // Unreachable now: the English beside the key shows, and the next text asked for tries again.
  });
  return undefined;
}

/** For components: true once the catalogue is here, rendering the component again when it arrives. */
export function useServerTextsLoaded(): boolean {
  return useSyncExternalStore(subscribe, serverTextsLoaded, serverTextsLoaded);
}
