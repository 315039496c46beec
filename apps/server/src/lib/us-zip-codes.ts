/**
 * Which USPS state a US ZIP code is in, from the `zipcodes` package's data set (BSD licence: 42,555 US ZIP
 * codes of 62 state codes, kept on the server, never in the web bundle). Read once, on the first lookup, into
 * one byte per possible 5-digit code (100 KB); the package's own objects (tens of MB with coordinates and
 * Canadian codes) are never kept. Reading its `stateMap` line as JSON takes about 0.1 s; requiring the module
 * would take 0.3 to 0.6 s, and is only the fallback should a new version write the file otherwise.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const DATA_FILE = 'zipcodes/lib/codes.js';
const STATE_MAP = 'exports.stateMap = ';

interface UsZipIndex {
  /** State codes; `byZip[zip]` is 1 + the index of the ZIP code's state here, 0 for no such ZIP code. */
  states: string[];
  byZip: Uint8Array;
}

let index: UsZipIndex | undefined;

/** State code -> its ZIP codes, as the package keeps them. */
function readStateMap(): Record<string, string[]> {
  const file = require.resolve(DATA_FILE);
  const line = readFileSync(file, 'utf8')
    .split('\n')
    .find((entry) => entry.startsWith(STATE_MAP));
  if (line) {
    try {
      return JSON.parse(line.slice(STATE_MAP.length).replace(/;\s*$/, ''));
    } catch {
      // Written otherwise than JSON: the module itself says it.
    }
  }
  const module = require(file) as { stateMap: Record<string, string[]> };
  delete require.cache[file];
  return module.stateMap;
}

function build(): UsZipIndex {
  const stateMap = readStateMap();
  const states = Object.keys(stateMap);
  const byZip = new Uint8Array(100_000);
  states.forEach((state, position) => {
    for (const zip of stateMap[state] ?? []) if (/^\d{5}$/.test(zip)) byZip[Number(zip)] = position + 1;
  });
  return { states, byZip };
}

/** The USPS state code of a 5-digit ZIP code, or undefined when the data set has no such ZIP code. */
export function usZipState(zip5: string): string | undefined {
  if (!/^\d{5}$/.test(zip5)) return undefined;
  index ??= build();
  const position = index.byZip[Number(zip5)] ?? 0;
  return position === 0 ? undefined : index.states[position - 1];
}

/** How many ZIP codes the data set holds, for the test that it was read whole. */
export function usZipCount(): number {
  index ??= build();
  return index.byZip.reduce((count, position) => count + (position === 0 ? 0 : 1), 0);
}
