/**
 * Dot-for-dot comparison of two renderings of a label, and a place to keep the pictures when a check fails
 * so a person can see what differed.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Bitmap, RgbaImage } from './bitmap.ts';

export interface BitmapDiff {
  /** Dots black in one bitmap and white in the other. */
  differing: number;
  /** Dots compared: width x height. */
  total: number;
  /** differing / total. */
  ratio: number;
  /** `a` faded to light grey, with the differing dots in red: where to look. */
  image: RgbaImage;
}

/** How dark `a`'s black dots stay in the diff picture: enough to place the red, faint enough not to hide it. */
const FADED_BLACK = 200;
const RED = [220, 0, 0] as const;

export function diffBitmaps(a: Bitmap, b: Bitmap): BitmapDiff {
  if (a.width !== b.width || a.height !== b.height) {
    throw new Error(`Cannot diff a ${a.width}x${a.height} bitmap with a ${b.width}x${b.height} one`);
  }
  const total = a.width * a.height;
  const data = new Uint8ClampedArray(total * 4);
  let differing = 0;
  for (let index = 0; index < total; index++) {
    const offset = index * 4;
    const black = a.dots[index] === 1;
    if (black !== (b.dots[index] === 1)) {
      differing++;
      data.set(RED, offset);
    } else {
      data.fill(black ? FADED_BLACK : 255, offset, offset + 3);
    }
    data[offset + 3] = 255;
  }
  return {
    differing,
    total,
    ratio: total === 0 ? 0 : differing / total,
    image: { width: a.width, height: a.height, data },
  };
}

const ARTIFACTS = fileURLToPath(new URL('../.artifacts/labels/', import.meta.url));

/**
 * Writes `png` as apps/server/test/.artifacts/labels/<name>.png (git-ignored) and returns the path, for a
 * failing test to print. `name` is a file name without extension; anything but letters, digits, dots,
 * dashes and underscores becomes a dash so a test's title can be passed as it is.
 */
export function keepArtifact(name: string, png: Uint8Array): string {
  mkdirSync(ARTIFACTS, { recursive: true });
  const path = `${ARTIFACTS}${name.replace(/[^\w.-]+/g, '-')}.png`;
  writeFileSync(path, png);
  return path;
}
