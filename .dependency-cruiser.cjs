/**
 * The import rules `npm run lint` checks (dependency-cruiser): no import circles in the server, in shared or
 * in the web app, and a web feature reached by another only through its index (tests may also use another
 * feature's testing/ fixtures).
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
      comment: 'Another web feature is reached through its index.ts, never its inner files.',
      from: { path: '^apps/web/src/features/([^/]+)/', pathNot: '([.]test[.]tsx?$|/testing/)' },
      to: {
        path: '^apps/web/src/features/[^/]+/',
        pathNot: ['^apps/web/src/features/$1/', '^apps/web/src/features/[^/]+/index[.]ts$'],
      },
    },
    {
      name: 'feature-through-index-in-tests',
      severity: 'error',
      comment:
        'Tests and test helpers reach another feature through its index.ts or its testing/ fixtures, never its inner files.',
      from: { path: '^apps/web/src/features/([^/]+)/(.+[.]test[.]tsx?$|testing/)' },
      to: {
        path: '^apps/web/src/features/[^/]+/',
        pathNot: [
          '^apps/web/src/features/$1/',
          '^apps/web/src/features/[^/]+/index[.]ts$',
          '^apps/web/src/features/[^/]+/testing/',
        ],
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
