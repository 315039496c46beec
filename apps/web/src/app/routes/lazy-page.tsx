import { type ComponentType, lazy, type ReactNode, Suspense } from 'react';
import { loadTexts } from '../../i18n/i18n.ts';
import { PageSkeleton } from './PageSkeleton.tsx';

// biome-ignore lint/suspicious/noExplicitAny: a page takes whatever props its route gives it.
type Page = ComponentType<any>;

/**
 * A lazily loaded page; `preload` fetches its chunk ahead of rendering it (idempotent), `isLoaded` says
 * whether it has arrived.
 */
export type LazyPage = Page & { preload: () => Promise<unknown>; isLoaded: () => boolean };

const loaders: Array<() => Promise<unknown>> = [];

/**
 * A page whose code arrives in its own chunk the first time its route is opened, so the sign-in page does
 * not carry the orders screens. While the chunk loads, the layout stays and a skeleton fills the page.
 * Once loaded, the page renders directly (no Suspense round), which also keeps tests synchronous after
 * `preloadPages()`.
 */
export function lazyPage<M extends Record<string, unknown>>(
  load: () => Promise<M>,
  name: keyof M,
  /** What shows while the chunk loads: a page skeleton unless given (null for what has no place to hold). */
  fallback: ReactNode = <PageSkeleton />,
): LazyPage {
  let loaded: Page | undefined;
  let loading: Promise<{ default: Page }> | undefined;
  const loadPage = () => {
    loading ??= load().then((module) => {
      loaded = module[name] as Page;
      return { default: loaded };
    });
    return loading;
  };
  loaders.push(loadPage);
  const Lazy = lazy(loadPage);
  // biome-ignore lint/correctness/noComponentHookFactories: made once per page at module load, not per render.
  function PageOnDemand(props: Record<string, unknown>) {
    const Loaded = loaded;
    if (Loaded) return <Loaded {...props} />;
    return (
      <Suspense fallback={fallback}>
        <Lazy {...props} />
      </Suspense>
    );
  }
  return Object.assign(PageOnDemand, { preload: loadPage, isLoaded: () => loaded !== undefined });
}

/**
 * Loads every page registered so far and the texts every page reads (a component test may render a signed-in
 * screen without its route): component tests call it once, so screens render at once.
 */
export function preloadPages(): Promise<unknown[]> {
  return Promise.all([...loaders.map((load) => load()), loadTexts('signedIn')]);
}
