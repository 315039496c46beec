/**
 * How the build cuts the app into chunks (issue 21 item 9): by what a visit needs. Left to itself the bundler
 * made a chunk of every set of pages sharing a module, and a cold orders list fetched some fifty of them
 * before it could ask for its rows. Now, in the bundler's order of priority:
 * - the entry keeps everything it imports (the sign-in page's frame, the router, the query client, i18n);
 * - `sign-in`: what the sign-in page needs besides the entry (its form, Mantine's inputs and buttons); then
 *   `toasts` (the toasts' container, fetched with the first toast) and `public` (the other public pages), each
 *   with what it imports, so no public page loads the signed-in pages' chunks;
 * - `route-data`: the routes' data table (app/routes/route-data.ts) with the queries it starts, apart, so a
 *   cold page asks for its data while the rest of its code is on its way;
 * - what two or more of the other lazily loaded parts share, by family: `vendor` (libraries), `app` (the
 *   app's own shared code and the shared package), `feature-<name>` (a feature's code other pages use);
 * - what a single page uses stays in that page's chunk, and what only one lazy part reaches (the dashboard's
 *   charts, the camera's barcode reader, the failed rows' workbook, the Vietnamese texts) stays with it, off
 *   every other page.
 * A cold orders list now fetches about a dozen scripts instead of some eighty, for some 10% more bytes.
 */
import type { Plugin } from 'vite';

export interface PageChunksOptions {
  /**
   * Chunks that each take a module (a page) with everything it imports bar what an earlier one took, in this
   * order: the sign-in page first, then what else loads beside the entry, then the other public pages.
   */
  closures: readonly (readonly [name: string, module: RegExp])[];
  /** The routes' data table, imported dynamically beside the pages. */
  routeData: RegExp;
}

const FEATURE = /[\\/]src[\\/]features[\\/]([^\\/]+)[\\/]/;

export function pageChunks({ closures, routeData }: PageChunksOptions): Plugin {
  const groups = [
    // Pinned first, so no group below takes a module the entry needs.
    { name: 'index', tags: ['$initial' as const], priority: 1_000 },
    ...[...closures, ['route-data', routeData] as const].map(([name, test], index) => ({
      name,
      test,
      priority: 900 - index,
      includeDependenciesRecursively: true,
    })),
    // The rest, by family, of what two or more lazily loaded parts share; each family without what it imports
    // (that is in its own family), so a page loads the families it uses.
    { name: 'vendor', test: /[\\/]node_modules[\\/]/, minShareCount: 2, priority: 30 },
    {
      name: 'app',
      test: /[\\/](apps[\\/]web[\\/]src[\\/](app|components|lib|i18n)|packages[\\/]shared[\\/]src)[\\/]/,
      minShareCount: 2,
      priority: 20,
    },
    {
      name: (id: string) => {
        const feature = FEATURE.exec(id)?.[1];
        return feature ? `feature-${feature}` : null;
      },
      debugName: 'features',
      test: FEATURE,
      minShareCount: 2,
      priority: 10,
    },
  ].map((group) => ({ includeDependenciesRecursively: false, ...group }));
  return {
    name: 'parcelops-page-chunks',
    apply: 'build',
    config: () => ({ build: { rolldownOptions: { output: { codeSplitting: { groups } } } } }),
  };
}
