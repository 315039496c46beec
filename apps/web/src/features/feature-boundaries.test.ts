/**
 * No two features import each other (issue 29): when both need a piece, it moves below them into components/,
 * lib/ or the lower feature. A pair is named with the files that make it, both ways.
 */
import { resolve } from 'node:path';
import { cruise } from 'dependency-cruiser';
import { describe, expect, it } from 'vitest';

const srcDir = resolve(import.meta.dirname, '..');
const featureOf = (path: string) => /^features\/([^/]+)\//.exec(path)?.[1];

/** Every import from one feature folder into another, as `from -> to` file lines keyed by `a>b`. */
async function crossFeatureImports(): Promise<Map<string, string[]>> {
  const { output } = await cruise(
    ['features'],
    { baseDir: srcDir, tsPreCompilationDeps: true, exclude: { path: 'node_modules' } },
    { extensions: ['.ts', '.tsx', '.js'] },
  );
  if (typeof output === 'string') throw new Error('dependency-cruiser answered text, not modules');
  const edges = new Map<string, string[]>();
  for (const module of output.modules) {
    const from = featureOf(module.source);
    for (const dependency of module.dependencies) {
      const to = featureOf(dependency.resolved);
      if (!from || !to || from === to) continue;
      const key = `${from}>${to}`;
      edges.set(key, [...(edges.get(key) ?? []), `${module.source} -> ${dependency.resolved}`]);
    }
  }
  return edges;
}

describe('feature boundaries', () => {
  it('has no two features importing each other', async () => {
    const edges = await crossFeatureImports();
    const mutualPairs: string[] = [];
    for (const [key, files] of edges) {
      const [from = '', to = ''] = key.split('>');
      const back = edges.get(`${to}>${from}`);
      if (back && from < to) mutualPairs.push(`${from} <-> ${to}:\n  ${[...files, ...back].join('\n  ')}`);
    }
    expect(mutualPairs.join('\n')).toBe('');
  }, 60_000);
});
