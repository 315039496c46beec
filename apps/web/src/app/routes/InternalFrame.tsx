import { useQueryClient } from '@tanstack/react-query';
import { type ComponentType, useEffect } from 'react';
import { matchRoutes, useLocation } from 'react-router';
import type { LazyPage } from './lazy-page.tsx';
import { prefetchPageData } from './page-prefetch.ts';

export interface PagePath {
  /** The full path, e.g. /internal/orders/:sid/view. */
  path: string;
  page: LazyPage;
}

interface InternalFrameProps {
  pages: PagePath[];
  layout: ComponentType;
}

/**
 * The signed-in frame. The page's chunk is asked for while the frame's own chunk loads, not after it, and a
 * page whose code is not here yet has its data asked for meanwhile (page-prefetch.ts), so a cold orders list
 * waits for the slower of the two rather than for one after the other. A page already loaded asks itself.
 */
export function InternalFrame({ pages, layout: Layout }: InternalFrameProps) {
  const location = useLocation();
  const client = useQueryClient();
  const page = matchRoutes(pages, location)?.[0]?.route.page;
  // Idempotent: the chunk is fetched once and kept by the lazy page.
  void page?.preload();
  const cold = page !== undefined && !page.isLoaded();
  const { pathname, search } = location;
  useEffect(() => {
    if (cold) void prefetchPageData(client, { pathname, search });
  }, [cold, client, pathname, search]);
  return <Layout />;
}
