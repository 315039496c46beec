import { useEffect } from 'react';

const APP_NAME = 'ParcelOps';

/** The browser tab names the page ("Orders · ParcelOps"), so a person with many tabs finds theirs. */
export function useDocumentTitle(title: string | null | undefined) {
  useEffect(() => {
    document.title = title ? `${title} · ${APP_NAME}` : APP_NAME;
  }, [title]);
}
