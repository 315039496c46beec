// First: zod's settings before any schema is parsed (zod-config.ts).
import './zod-config.ts';
import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App.tsx';
import { createQueryClient } from './app/query-client.ts';
import { prefetchPageData } from './app/routes/page-prefetch.ts';
import { i18nReady } from './i18n/i18n.ts';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

const queryClient = createQueryClient();
// The first page's data is on its way while its code and the language's texts load (app/routes/page-prefetch.ts).
void prefetchPageData(queryClient, window.location);

const root = createRoot(container);
// The remembered language's texts first (English is at hand at once), so no screen flashes in the other.
void i18nReady.finally(() =>
  root.render(
    <StrictMode>
      <App queryClient={queryClient} />
    </StrictMode>,
  ),
);

// The station's app shell offline (src/pwa/): production builds only, so Vite's dev server and the tests never
// run a service worker. Loaded apart once the page has loaded, so it never competes with the first page's code
// and data; the app works the same without it.
if (import.meta.env.PROD) {
  window.addEventListener(
    'load',
    () => {
      void import('./pwa/service-worker.ts')
        .then(({ startServiceWorker }) => startServiceWorker())
        .catch(() => {});
    },
    { once: true },
  );
}
