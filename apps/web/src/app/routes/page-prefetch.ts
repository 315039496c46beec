/**
 * A page's data, asked for while the page's code is still on its way (issue 21 item 9: a cold orders list
 * asked for its rows only once some fifty chunks had arrived, 1.5 s after navigation started). The table of
 * what each route asks for (route-data.ts) is a small chunk of its own, so the sign-in page carries none of it.
 * It uses the pages' own query options on the same URL, so the page renders from the cache.
 */
import type { QueryClient } from '@tanstack/react-query';
import { getPendingPassword, getToken, type Viewer, viewerFromToken } from '../../lib/session.ts';
import type { PageLocation } from './prefetched-queries.ts';

/**
 * Starts the data of the page at `location` for the signed-in viewer: nothing when signed out, while a forced
 * password change waits (the guards send those elsewhere) or for a page without prefetched data. Never
 * throws: the page asks again itself if anything here fails.
 */
export function prefetchPageData(
  client: QueryClient,
  location: PageLocation,
  viewer: Viewer | null = viewerFromToken(getToken()),
): Promise<void> {
  const signedInPage = location.pathname === '/internal' || location.pathname.startsWith('/internal/');
  if (!viewer || getPendingPassword() || !signedInPage) return Promise.resolve();
  return import('./route-data.ts')
    .then(async (routes) => {
      await routes.prefetchRouteData(client, location, viewer);
    })
    .catch(() => undefined);
}
