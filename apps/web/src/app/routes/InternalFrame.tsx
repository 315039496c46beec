import type { ComponentType } from 'react';
import { matchRoutes, useLocation } from 'react-router';
import type { LazyPage } from './lazy-page.tsx';

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
 * The signed-in frame. The page's chunk is asked for while the frame's own chunk loads, not after it: one
 * round trip instead of two before the page can ask for its data (a cold orders list).
 */
export function InternalFrame({ pages, layout: Layout }: InternalFrameProps) {
  const location = useLocation();
  const page = matchRoutes(pages, location)?.[0]?.route.page;
  // Idempotent: the chunk is fetched once and kept by the lazy page.
  void page?.preload();
  return <Layout />;
}
