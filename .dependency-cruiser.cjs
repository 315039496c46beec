/**
 * The import rules `npm run lint` checks (dependency-cruiser): no import circles in the server, in shared or
 * in the web app, and a web feature reached by another only through its index.
 */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'An import circle: split the module or move what both need below them (ARCHITECTURE.md).',
      from: { path: '^(apps/server/src|packages/shared/src|apps/web/src)' },
      to: { circular: true },
    },
    {
      name: 'feature-through-index',
      severity: 'error',
      comment: "Another web feature is reached through its index.ts, never its inner files.",
      from: { path: '^apps/web/src/features/([^/]+)/' },
      to: {
        path: '^apps/web/src/features/[^/]+/',
        pathNot: ['^apps/web/src/features/$1/', '^apps/web/src/features/[^/]+/index[.]ts$'],
      },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(node_modules|dist)/' },
    tsPreCompilationDeps: true,
    enhancedResolveOptions: { extensions: ['.ts', '.tsx', '.js'] },
  },
};
