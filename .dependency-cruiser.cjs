/**
 * The import rules `npm run lint` checks (dependency-cruiser): no import circles in the server or in shared.
 */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'An import circle: split the module or move what both need below them (ARCHITECTURE.md).',
      from: { path: '^(apps/server/src|packages/shared/src)' },
      to: { circular: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(node_modules|dist)/' },
    tsPreCompilationDeps: true,
    enhancedResolveOptions: { extensions: ['.ts', '.tsx', '.js'] },
  },
};
